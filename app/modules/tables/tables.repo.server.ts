import type { Kysely } from 'kysely';
import type { Database, DiningTable } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/** The restaurant's tables, by location and the order they were added. */
export function listDiningTables(db: Kysely<Database>, restaurantId: string): Promise<DiningTable[]> {
  return tenant(db, restaurantId).selectFrom('diningTable').selectAll().orderBy('locationId').orderBy('sortOrder').execute();
}

export function countDiningTables(db: Kysely<Database>, restaurantId: string): Promise<number> {
  return tenant(db, restaurantId)
    .selectFrom('diningTable')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export async function nextTableSortOrder(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('diningTable')
    .select((eb) => eb.fn.max('sortOrder').as('max'))
    .where('locationId', '=', locationId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Whether a location is this restaurant's. */
export async function isOwnLocation(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<boolean> {
  return Boolean(await tenant(db, restaurantId).selectFrom('location').select('id').where('id', '=', locationId).executeTakeFirst());
}

/** Whether a short code is in use by a restaurant or a table (they share /m/<code>). */
export async function isShortCodeTaken(db: Kysely<Database>, code: string): Promise<boolean> {
  const across = acrossRestaurants(db, 'a short code is unique across restaurants and tables');
  const [restaurant, table] = await Promise.all([
    across.selectFrom('restaurant').select('id').where('shortCode', '=', code).executeTakeFirst(),
    across.selectFrom('diningTable').select('id').where('code', '=', code).executeTakeFirst(),
  ]);
  return Boolean(restaurant || table);
}

export async function insertDiningTables(db: Kysely<Database>, rows: DiningTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('diningTable').values(rows).execute();
}

/** Deletes one of this restaurant's tables; false when it is not theirs (or gone). */
export async function deleteDiningTable(db: Kysely<Database>, restaurantId: string, id: string): Promise<DiningTable | undefined> {
  const row = await tenant(db, restaurantId).selectFrom('diningTable').selectAll().where('id', '=', id).executeTakeFirst();
  if (row) await tenant(db, restaurantId).deleteFrom('diningTable').where('id', '=', id).execute();
  return row;
}

/**
 * Public lookup behind /m/<code> (a public read model, no scope): the restaurant's slug and, for a
 * table's code, the location it stands in.
 */
export async function findShortLinkTarget(db: Kysely<Database>, code: string): Promise<{ slug: string; locationId: string | null } | undefined> {
  const across = acrossRestaurants(db, 'a public lookup by short code');
  const restaurant = await across.selectFrom('restaurant').select('slug').where('shortCode', '=', code).executeTakeFirst();
  if (restaurant) return { slug: restaurant.slug, locationId: null };
  return across
    .selectFrom('diningTable')
    .innerJoin('restaurant', 'restaurant.id', 'diningTable.restaurantId')
    .select(['restaurant.slug', 'diningTable.locationId'])
    .where('diningTable.code', '=', code)
    .executeTakeFirst();
}
