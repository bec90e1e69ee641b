import type { Kysely, Updateable } from 'kysely';
import type { Database, LocationTable, NewLocation } from '#app/db/schema.ts';

/** Kysely queries on locations, each scoped to one restaurant; the rules live in location.service.server.ts. */

/** One location of this restaurant, every column; another restaurant's is undefined. */
export function findLocation(db: Kysely<Database>, restaurantId: string, locationId: string) {
  return db.selectFrom('location').selectAll().where('restaurantId', '=', restaurantId).where('id', '=', locationId).executeTakeFirst();
}

export async function insertLocation(db: Kysely<Database>, restaurantId: string, row: Omit<NewLocation, 'restaurantId'>): Promise<void> {
  await db.insertInto('location').values({ ...row, restaurantId }).execute();
}

/**
 * Writes a location's columns, only while the row is still at `expectedUpdatedAt`, the version the form
 * was loaded at (optimistic concurrency, decision 0015). False when nothing was written: someone saved it in the meantime.
 */
export async function updateLocationRow(
  db: Kysely<Database>, restaurantId: string, locationId: string, values: Updateable<LocationTable>, expectedUpdatedAt: string,
): Promise<boolean> {
  const query = db.updateTable('location').set(values).where('restaurantId', '=', restaurantId).where('id', '=', locationId).where('updatedAt', '=', expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteLocationRow(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<void> {
  await db.deleteFrom('location').where('restaurantId', '=', restaurantId).where('id', '=', locationId).execute();
}

/** Every location row of the restaurant (GDPR export). */
export function listAllLocations(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('location').selectAll().where('restaurantId', '=', restaurantId).execute();
}

/** How many locations the restaurant has (its quota). */
export async function countLocations(db: Kysely<Database>, restaurantId: string): Promise<number> {
  const row = await db.selectFrom('location').select((eb) => eb.fn.countAll<string | number>().as('count')).where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow();
  return Number(row.count);
}
