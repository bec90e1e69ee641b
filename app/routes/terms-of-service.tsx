import { useTranslation } from 'react-i18next';
import { TermsOfService } from '#app/content/terms-of-service.tsx';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { getContactEmail } from '#app/modules/platform/platform-settings.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/terms-of-service';

/** Sent as HTML and CSS only (decision 0026): nothing on it needs React. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'terms.title', 'terms.description');

export const loader = publicRoute(() => {
  return { contactEmail: getContactEmail() };
});

export default function TermsOfServicePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  return <TermsOfService language={i18n.language === 'en' ? 'en' : 'ro'} contactEmail={loaderData.contactEmail} />;
}
