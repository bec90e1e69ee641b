import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** The restaurant's content languages and do-not-translate list (decision 0019). */
export function findContentSettingsRow(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['contentLanguages', 'doNotTranslate', 'name']).executeTakeFirstOrThrow();
}

export async function updateContentSettingsRow(
  db: Kysely<Database>,
  restaurantId: string,
  values: { contentLanguages: string; doNotTranslate: string },
  now: string,
): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('restaurant')
    .set({ ...values, updatedAt: now })
    .execute();
}

/** A save that changes a field of the settings form outside it (the description's English): a settings form loaded before is stale. */
export async function bumpSettingsVersion(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('restaurant')
    .set((eb) => ({ settingsVersion: eb('settingsVersion', '+', 1) }))
    .execute();
}
