import type { Kysely } from 'kysely';
import type { Printer } from '#app/db/schema-kitchen.ts';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/** A location's printers (issue 36, decision 0036): queries only, each held to one restaurant but the token lookup. */

export function listPrinters(db: Kysely<Database>, restaurantId: string): Promise<Printer[]> {
  return tenant(db, restaurantId).selectFrom('printer').selectAll().orderBy('locationId').orderBy('createdAt').execute();
}

export function findPrinter(db: Kysely<Database>, restaurantId: string, printerId: string): Promise<Printer | undefined> {
  return tenant(db, restaurantId).selectFrom('printer').selectAll().where('id', '=', printerId).executeTakeFirst();
}

export async function countLocationPrinters(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('printer')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('locationId', '=', locationId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Each printer's tickets not yet confirmed (queued or fetched). */
export async function countWaitingJobs(db: Kysely<Database>, restaurantId: string): Promise<Map<string, number>> {
  const rows = await tenant(db, restaurantId)
    .selectFrom('printJob')
    .select((eb) => ['printerId', eb.fn.countAll().as('count')])
    .where('status', '!=', 'printed')
    .groupBy('printerId')
    .execute();
  return new Map(rows.map((row) => [row.printerId, Number(row.count)]));
}

export async function insertPrinter(db: Kysely<Database>, restaurantId: string, row: Omit<Printer, 'restaurantId' | 'lastPollAt'>): Promise<void> {
  await tenant(db, restaurantId)
    .insertInto('printer', { ...row, lastPollAt: null })
    .execute();
}

/** A new token's hash: the old token stops working at once. False when the printer is not this restaurant's. */
export async function replacePrinterToken(db: Kysely<Database>, restaurantId: string, printerId: string, tokenHash: string, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).updateTable('printer').set({ tokenHash, updatedAt: now }).where('id', '=', printerId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a printer and (by cascade) its queue. */
export async function deletePrinter(db: Kysely<Database>, restaurantId: string, printerId: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).deleteFrom('printer').where('id', '=', printerId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The printer a polling address names: its token's hash is unique across restaurants. */
export function findPrinterByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<Printer | undefined> {
  return acrossRestaurants(db, 'a printer polls with the token in its address, before anyone knows its restaurant')
    .selectFrom('printer')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markPrinterPolled(db: Kysely<Database>, restaurantId: string, printerId: string, now: string): Promise<void> {
  await tenant(db, restaurantId).updateTable('printer').set({ lastPollAt: now }).where('id', '=', printerId).execute();
}

/** The stations a printer may serve, in each location's order. */
export function listStationChoices(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('station')
    .select(['id', 'locationId', 'nameRo', 'nameEn', 'sortOrder'])
    .orderBy('locationId')
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
}

/** What a printer's tickets say of where they are from: the restaurant, its clock, the location and the station. */
export async function readPrinterPlace(db: Kysely<Database>, restaurantId: string, locationId: string) {
  const [restaurant, location, stations] = await Promise.all([
    tenant(db, restaurantId).selectFrom('restaurant').select(['name', 'timeZone', 'currency']).executeTakeFirst(),
    tenant(db, restaurantId).selectFrom('location').select(['nameRo']).where('id', '=', locationId).executeTakeFirst(),
    tenant(db, restaurantId).selectFrom('station').select(['id', 'nameRo']).where('locationId', '=', locationId).orderBy('sortOrder').orderBy('createdAt').execute(),
  ]);
  return { restaurant, location, stations };
}

export async function findRestaurantTimeZone(db: Kysely<Database>, restaurantId: string): Promise<string | undefined> {
  return (await tenant(db, restaurantId).selectFrom('restaurant').select('timeZone').executeTakeFirst())?.timeZone;
}
