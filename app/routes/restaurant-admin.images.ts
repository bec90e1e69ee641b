import { getDb } from '#app/db/db.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import type { Route } from './+types/restaurant-admin.images';

// placeholder until the module lands in this session
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  return new Response('Not implemented', { status: 501 });
}
