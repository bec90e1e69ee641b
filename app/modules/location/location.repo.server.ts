import type { Kysely, Updateable } from 'kysely';
import type { Database, LocationTable, NewLocation } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** Kysely queries on locations, each scoped to one restaurant; the rules live in location.service.server.ts. */

/** One location of this restaurant, every column; another restaurant's is undefined. */
export function findLocation(db: Kysely<Database>, restaurantId: string, locationId: string) {
  return tenant(db, restaurantId).selectFrom('location').selectAll().where('id', '=', locationId).executeTakeFirst();
}

export async function insertLocation(db: Kysely<Database>, restaurantId: string, row: Omit<NewLocation, 'restaurantId'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('location', row).execute();
}

/**
 * Writes a location's columns, only while the row is still at `expectedUpdatedAt`, the version the form
 * was loaded at (optimistic concurrency, decision 0015). False when nothing was written: someone saved it in the meantime.
 */
export async function updateLocationRow(
  db: Kysely<Database>,
  restaurantId: string,
  locationId: string,
  values: Updateable<LocationTable>,
  expectedUpdatedAt: string,
): Promise<boolean> {
  const query = tenant(db, restaurantId).updateTable('location').set(values).where('id', '=', locationId).where('updatedAt', '=', expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteLocationRow(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('location').where('id', '=', locationId).execute();
}

/** Every location row of the restaurant (GDPR export). */
export function listAllLocations(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('location').selectAll().execute();
}

/** How many locations the restaurant has (its quota). */
export async function countLocations(db: Kysely<Database>, restaurantId: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('location')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
