import { useTranslation } from 'react-i18next';
import { PrivacyPolicy } from '#app/content/privacy-policy.tsx';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { getContactEmail } from '#app/modules/platform/platform-settings.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/privacy-policy';

/** Sent as HTML and CSS only (decision 0026): nothing on it needs React. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'privacy.title', 'privacy.description');

export const loader = publicRoute(() => {
  return { contactEmail: getContactEmail() };
});

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  return <PrivacyPolicy language={i18n.language === 'en' ? 'en' : 'ro'} contactEmail={loaderData.contactEmail} />;
}
