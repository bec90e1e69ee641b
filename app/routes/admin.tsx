import { requireAdmin } from '#app/modules/access/access.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.title', 'admin.title');

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminPage() {
  return <PlaceholderPage titleKey="admin.title" />;
}
