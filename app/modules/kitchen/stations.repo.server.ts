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

/** One station of the restaurant (another restaurant's is not found). */
export function findStation(db: Kysely<Database>, restaurantId: string, stationId: string): Promise<StationView | undefined> {
  return tenant(db, restaurantId).selectFrom('station').select(STATION_COLUMNS).where('id', '=', stationId).executeTakeFirst();
}

export async function insertStation(db: Kysely<Database>, restaurantId: string, row: Omit<StationView, 'id'> & { id: string; now: string }): Promise<void> {
  const { now, ...values } = row;
  await tenant(db, restaurantId)
    .insertInto('station', { ...values, createdAt: now, updatedAt: now })
    .execute();
}

export async function updateStationRow(
  db: Kysely<Database>,
  restaurantId: string,
  stationId: string,
  values: Partial<Pick<StationView, 'nameRo' | 'nameEn' | 'sortOrder' | 'warnMinutes' | 'lateMinutes'>> & { updatedAt: string },
): Promise<boolean> {
  const result = await tenant(db, restaurantId).updateTable('station').set(values).where('id', '=', stationId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a station: its categories and lines keep no station (the foreign keys set null), its printers go with it. */
export async function deleteStationRow(db: Kysely<Database>, restaurantId: string, stationId: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).deleteFrom('station').where('id', '=', stationId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The restaurant's categories with the station each names, by location and menu order. */
export function listCategoryStations(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('category')
    .select(['id', 'locationId', 'nameRo', 'nameEn', 'stationId'])
    .orderBy('locationId')
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
}

export function findCategoryLocation(db: Kysely<Database>, restaurantId: string, categoryId: string) {
  return tenant(db, restaurantId).selectFrom('category').select(['id', 'locationId', 'nameRo', 'stationId']).where('id', '=', categoryId).executeTakeFirst();
}

/** Names a category's station (null: the location's first); the category's edit version is left alone, as guests see nothing of it. */
export async function setCategoryStationRow(db: Kysely<Database>, restaurantId: string, categoryId: string, stationId: string | null): Promise<void> {
  await tenant(db, restaurantId).updateTable('category').set({ stationId }).where('id', '=', categoryId).execute();
}
