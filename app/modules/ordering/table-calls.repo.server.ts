import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { TableCall } from '#app/db/schema-kitchen.ts';
import { tenant, type TenantInsert } from '#app/db/tenant.ts';

/** The open calls of the restaurant, or of one location, oldest first (at most `limit`). */
export function listOpenTableCalls(db: Kysely<Database>, restaurantId: string, locationId: string | null, limit: number): Promise<TableCall[]> {
  let query = tenant(db, restaurantId).selectFrom('tableCall').selectAll().where('clearedAt', 'is', null);
  if (locationId) query = query.where('locationId', '=', locationId);
  return query.orderBy('createdAt').limit(limit).execute();
}

export async function insertTableCall(db: Kysely<Database>, restaurantId: string, call: TenantInsert<'tableCall'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('tableCall', call).execute();
}

export function findTableCall(db: Kysely<Database>, restaurantId: string, callId: string): Promise<TableCall | undefined> {
  return tenant(db, restaurantId).selectFrom('tableCall').selectAll().where('id', '=', callId).executeTakeFirst();
}

/** Clears a call still open; false when a colleague cleared it first. */
export async function clearOpenTableCall(db: Kysely<Database>, restaurantId: string, callId: string, userId: string, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('tableCall')
    .set({ clearedAt: now, clearedBy: userId })
    .where('id', '=', callId)
    .where('clearedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
