import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';
import type { StationView } from './stations.types.ts';

const STATION_COLUMNS = ['id', 'locationId', 'nameRo', 'nameEn', 'sortOrder', 'warnMinutes', 'lateMinutes'] as const;

/** A location's stations, in order. */
export function listLocationStations(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<StationView[]> {
  return tenant(db, restaurantId).selectFrom('station').select(STATION_COLUMNS).where('locationId', '=', locationId).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** Every station of the restaurant, by location and order. */
export function listRestaurantStations(db: Kysely<Database>, restaurantId: string): Promise<StationView[]> {
  return tenant(db, restaurantId).selectFrom('station').select(STATION_COLUMNS).orderBy('locationId').orderBy('sortOrder').orderBy('createdAt').execute();
}

/** The station each of these dishes' categories names (null: none of its own). */
export function readProductCategoryStations(db: Kysely<Database>, restaurantId: string, productIds: readonly string[]): Promise<{ productId: string; stationId: string | null }[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId)
    .selectFrom('product')
    .innerJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').onRef('category.restaurantId', '=', 'product.restaurantId'))
    .select(['product.id as productId', 'category.stationId'])
    .where('product.id', 'in', productIds)
    .execute();
}
