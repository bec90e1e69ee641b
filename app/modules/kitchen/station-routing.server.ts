import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { stationForCategory, type StationView } from './stations.types.ts';
import { listLocationStations, listRestaurantStations, readProductCategoryStations } from './stations.repo.server.ts';

/**
 * Where an order's lines go (issue 36): each dish to its category's station, or the location's
 * first; a dish no longer on the menu to the first. Empty map values (null): the location has no
 * station. Read when the order is placed and written on its lines, so a category moved later does
 * not move tickets the kitchen already has. No scope: the guest's order placement calls it with the
 * restaurant and location it has already checked.
 */
export async function routeDishesToStations(
  db: Kysely<Database>,
  restaurantId: string,
  locationId: string,
  productIds: readonly (string | null)[],
): Promise<(productId: string | null) => string | null> {
  const stations = await listLocationStations(db, restaurantId, locationId);
  if (stations.length === 0) return () => null;
  const known = productIds.filter((id): id is string => id !== null);
  const rows = await readProductCategoryStations(db, restaurantId, [...new Set(known)]);
  const byProduct = new Map(rows.map((row) => [row.productId, row.stationId]));
  return (productId) => stationForCategory(productId ? (byProduct.get(productId) ?? null) : null, stations);
}

/**
 * Every station of the restaurant in order, for the kitchen display's reads (ordering/, which has
 * checked the member's `orders.board` before asking): the screens, and which lines each one takes.
 */
export function readRestaurantStations(db: Kysely<Database>, restaurantId: string): Promise<StationView[]> {
  return listRestaurantStations(db, restaurantId);
}
