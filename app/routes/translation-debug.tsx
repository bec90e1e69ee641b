import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/translation-debug';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'translationDebug.title', 'translationDebug.description');

export default function Page() {
  return <PlaceholderPage titleKey="translationDebug.title" descriptionKey="translationDebug.description" />;
}
