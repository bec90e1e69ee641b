import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * The version an editor form of this row carries in its hidden `version` field (its `updatedAt`):
 * every edit must send one (decision 0015), so a test that edits reads it first, as the page does.
 */
export async function rowVersion(db: Kysely<Database>, table: 'location' | 'category' | 'product', id: string): Promise<string> {
  const row = await db.selectFrom(table).select('updatedAt').where('id', '=', id).executeTakeFirstOrThrow();
  return row.updatedAt;
}

/** The restaurant settings form's version (its `settingsVersion` counter). */
export async function settingsVersion(db: Kysely<Database>, restaurantId: string): Promise<number> {
  const row = await db.selectFrom('restaurant').select('settingsVersion').where('id', '=', restaurantId).executeTakeFirstOrThrow();
  return row.settingsVersion;
}
