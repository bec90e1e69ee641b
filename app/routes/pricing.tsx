import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/pricing';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pricing.title', 'pricing.description');

export default function Page() {
  return <PlaceholderPage titleKey="pricing.title" descriptionKey="pricing.description" />;
}
