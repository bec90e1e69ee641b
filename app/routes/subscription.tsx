import { getDb } from '#app/db/db.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import type { Route } from './+types/subscription';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.subscriptionTitle', 'admin.subscriptionTitle');

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  return null;
}

export default function SubscriptionPage() {
  return <PlaceholderPage titleKey="admin.subscriptionTitle" />;
}
