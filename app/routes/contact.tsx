import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'contact.title', 'contact.description');

export default function Page() {
  return <PlaceholderPage titleKey="contact.title" descriptionKey="contact.description" />;
}
