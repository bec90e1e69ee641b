import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** The restaurant's content languages and do-not-translate list (decision 0019). */
export function findContentSettingsRow(db: Kysely<Database>, restaurantId: string) {
  return db
    .selectFrom('restaurant')
    .select(['contentLanguages', 'doNotTranslate', 'name'])
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
}

export async function updateContentSettingsRow(db: Kysely<Database>, restaurantId: string, values: { contentLanguages: string; doNotTranslate: string }, now: string): Promise<void> {
  await db.updateTable('restaurant').set({ ...values, updatedAt: now }).where('id', '=', restaurantId).execute();
}

/** A save that changes a field of the settings form outside it (the description's English): a settings form loaded before is stale. */
export async function bumpSettingsVersion(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await db.updateTable('restaurant').set((eb) => ({ settingsVersion: eb('settingsVersion', '+', 1) })).where('id', '=', restaurantId).execute();
}
