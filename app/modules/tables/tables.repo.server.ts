import type { Kysely } from 'kysely';
import type { Database, DiningTable } from '#app/db/schema.ts';

/** The restaurant's tables, by location and the order they were added. */
export function listDiningTables(db: Kysely<Database>, restaurantId: string): Promise<DiningTable[]> {
  return db.selectFrom('diningTable').selectAll().where('restaurantId', '=', restaurantId).orderBy('locationId').orderBy('sortOrder').execute();
}

export function countDiningTables(db: Kysely<Database>, restaurantId: string): Promise<number> {
  return db
    .selectFrom('diningTable')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('restaurantId', '=', restaurantId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export async function nextTableSortOrder(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('diningTable')
    .select((eb) => eb.fn.max('sortOrder').as('max'))
    .where('restaurantId', '=', restaurantId)
    .where('locationId', '=', locationId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Whether a location is this restaurant's. */
export async function isOwnLocation(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('location').select('id').where('id', '=', locationId).where('restaurantId', '=', restaurantId).executeTakeFirst());
}

/** Whether a short code is in use by a restaurant or a table (they share /m/<code>). */
export async function isShortCodeTaken(db: Kysely<Database>, code: string): Promise<boolean> {
  const [restaurant, table] = await Promise.all([
    db.selectFrom('restaurant').select('id').where('shortCode', '=', code).executeTakeFirst(),
    db.selectFrom('diningTable').select('id').where('code', '=', code).executeTakeFirst(),
  ]);
  return Boolean(restaurant || table);
}

export async function insertDiningTables(db: Kysely<Database>, rows: DiningTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('diningTable').values(rows).execute();
}

/** Deletes one of this restaurant's tables; false when it is not theirs (or gone). */
export async function deleteDiningTable(db: Kysely<Database>, restaurantId: string, id: string): Promise<DiningTable | undefined> {
  const row = await db.selectFrom('diningTable').selectAll().where('id', '=', id).where('restaurantId', '=', restaurantId).executeTakeFirst();
  if (row) await db.deleteFrom('diningTable').where('id', '=', id).where('restaurantId', '=', restaurantId).execute();
  return row;
}

/**
 * Public lookup behind /m/<code> (a public read model, no scope): the restaurant's slug and, for a
 * table's code, the location it stands in.
 */
export async function findShortLinkTarget(db: Kysely<Database>, code: string): Promise<{ slug: string; locationId: string | null } | undefined> {
  const restaurant = await db.selectFrom('restaurant').select('slug').where('shortCode', '=', code).executeTakeFirst();
  if (restaurant) return { slug: restaurant.slug, locationId: null };
  return db
    .selectFrom('diningTable')
    .innerJoin('restaurant', 'restaurant.id', 'diningTable.restaurantId')
    .select(['restaurant.slug', 'diningTable.locationId'])
    .where('diningTable.code', '=', code)
    .executeTakeFirst();
}
