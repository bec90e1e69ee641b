import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** The translation cache of docs/product-spec.md section 3 (decision 0019): one row per (source, target, normalised text). */
export async function findCachedTranslations(db: Kysely<Database>, keys: readonly string[], notBefore: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('translationCache')
      .select(['key', 'translations'])
      .where('key', 'in', keys.slice(start, start + 500))
      .where('createdAt', '>=', notBefore)
      .execute();
    for (const row of rows) found.set(row.key, row.translations);
  }
  return found;
}

/** Stores fresh translations, replacing an expired row of the same key. */
export async function saveCachedTranslations(db: Kysely<Database>, rows: readonly { key: string; translations: string }[], createdAt: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('translationCache')
    .values(rows.map((row) => ({ ...row, createdAt })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ translations: eb.ref('excluded.translations'), createdAt: eb.ref('excluded.createdAt') })))
    .execute();
}

/** Deletes rows older than the cut-off; returns how many. */
export async function deleteCachedTranslationsBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('translationCache').where('createdAt', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
