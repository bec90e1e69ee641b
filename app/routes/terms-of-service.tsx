import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/terms-of-service';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'terms.title', 'terms.description');

export default function Page() {
  return <PlaceholderPage titleKey="terms.title" descriptionKey="terms.description" />;
}
