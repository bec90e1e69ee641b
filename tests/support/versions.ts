import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { RestaurantScope } from '#app/modules/access/scope.server.ts';
import type { TargetLanguage, TranslatableField } from '#app/modules/translation/content-language.ts';
import { getContentSettingsForm } from '#app/modules/translation/content-settings.service.server.ts';
import type { ContentTable } from '#app/modules/translation/content.repo.server.ts';
import { getFieldTranslations } from '#app/modules/translation/field-translation.server.ts';

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

/** A translations panel field's version, as the panel shows it. */
export async function translationVersion(scope: RestaurantScope, table: ContentTable, id: string, field: TranslatableField, language: TargetLanguage): Promise<string> {
  const row = (await getFieldTranslations(scope, table, id)).find((view) => view.field === field && view.language === language);
  if (!row) throw new Error(`no ${language} ${field} in the panel of ${table} ${id}`);
  return row.version;
}

/** The content languages form's version. */
export async function contentSettingsVersion(scope: RestaurantScope): Promise<string> {
  return (await getContentSettingsForm(scope)).version;
}
