import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'privacy.title', 'privacy.description');

export default function Page() {
  return <PlaceholderPage titleKey="privacy.title" descriptionKey="privacy.description" />;
}
