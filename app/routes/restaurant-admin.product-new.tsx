import { getDb } from '#app/db/db.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import type { Route } from './+types/restaurant-admin.product-new';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  return null;
}

export default function Page() {
  return null;
}
