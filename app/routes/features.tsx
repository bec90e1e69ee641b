import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/features';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'features.title', 'features.description');

export default function Page() {
  return <PlaceholderPage titleKey="features.title" descriptionKey="features.description" />;
}
