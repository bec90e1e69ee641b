import type { Kysely, SelectQueryBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';
import type { TranslatableField } from './content-language.ts';

/** The content tables and which of their fields are translatable (decision 0019). */
export const CONTENT_FIELDS = {
  restaurant: ['description'],
  location: ['name'],
  category: ['name', 'description'],
  product: ['name', 'description', 'ingredients'],
  // dish options (decision 0034): a group's and an option's name, filled and shown like a dish's
  optionGroup: ['name'],
  optionItem: ['name'],
} as const satisfies Record<string, readonly TranslatableField[]>;
export type ContentTable = keyof typeof CONTENT_FIELDS;

export interface ContentRowTexts {
  table: ContentTable;
  id: string;
  ro: Partial<Record<TranslatableField, string | null>>;
  en: Partial<Record<TranslatableField, string | null>>;
  translations: string;
  translationMeta: string;
}

function columnsOf(table: ContentTable): string[] {
  return CONTENT_FIELDS[table].flatMap((field) => [`${field}Ro`, `${field}En`]);
}

function toTexts(table: ContentTable, row: Record<string, unknown>): ContentRowTexts {
  const ro: ContentRowTexts['ro'] = {};
  const en: ContentRowTexts['en'] = {};
  for (const field of CONTENT_FIELDS[table]) {
    ro[field] = (row[`${field}Ro`] as string | null | undefined) ?? null;
    en[field] = (row[`${field}En`] as string | null | undefined) ?? null;
  }
  return { table, id: String(row.id), ro, en, translations: String(row.translations ?? '{}'), translationMeta: String(row.translationMeta ?? '{}') };
}

// the column lists are fixed above; Kysely cannot type a computed list, hence the loose builders
// (the restaurant filter still comes from tenant(): `restaurant`.id, or the row's restaurantId)
type LooseContent = Record<ContentTable, Record<string, unknown>>;
const selectContent = (db: Kysely<Database>, restaurantId: string, table: ContentTable) =>
  tenant(db, restaurantId).selectFrom(table) as unknown as SelectQueryBuilder<LooseContent, ContentTable, object>;
const updateContent = (db: Kysely<Database>, restaurantId: string, table: ContentTable) =>
  tenant(db, restaurantId).updateTable(table) as unknown as UpdateQueryBuilder<LooseContent, ContentTable, ContentTable, UpdateResult>;

/** Every translatable text of one restaurant: one query per content table, whatever the menu's size. */
export async function listContentTexts(db: Kysely<Database>, restaurantId: string): Promise<ContentRowTexts[]> {
  const select = (table: ContentTable) =>
    selectContent(db, restaurantId, table)
      .select(['id', 'translations', 'translationMeta', ...columnsOf(table)])
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => toTexts(table, row)));
  const parts = await Promise.all((Object.keys(CONTENT_FIELDS) as ContentTable[]).map(select));
  return parts.flat();
}

/** One row's texts, scoped to the restaurant; undefined when it is not this restaurant's. */
export async function findContentTexts(db: Kysely<Database>, restaurantId: string, table: ContentTable, id: string): Promise<ContentRowTexts | undefined> {
  const row = await selectContent(db, restaurantId, table)
    .select(['id', 'translations', 'translationMeta', ...columnsOf(table)])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toTexts(table, row) : undefined;
}

/** Writes a row's English columns, extra languages and marks, scoped to the restaurant. */
export async function updateContentTexts(
  db: Kysely<Database>,
  restaurantId: string,
  table: ContentTable,
  id: string,
  values: { en: Partial<Record<TranslatableField, string | null>>; translations: string; translationMeta: string; updatedAt: string },
): Promise<void> {
  const set: Record<string, unknown> = { translations: values.translations, translationMeta: values.translationMeta, updatedAt: values.updatedAt };
  for (const [field, text] of Object.entries(values.en)) set[`${field}En`] = text;
  await updateContent(db, restaurantId, table).set(set).where('id', '=', id).execute();
}

/** Only a row's marks (the save-time flags): its version (`updatedAt`) stays the one its save wrote. */
export async function updateTranslationMeta(db: Kysely<Database>, restaurantId: string, table: ContentTable, id: string, translationMeta: string): Promise<void> {
  await updateContent(db, restaurantId, table).set({ translationMeta }).where('id', '=', id).execute();
}

export function insertTranslationRun(db: Kysely<Database>, row: { id: string; restaurantId: string; total: number; createdAt: string }) {
  return db
    .insertInto('translationRun')
    .values({ ...row, status: 'running', done: 0, error: null, updatedAt: row.createdAt })
    .execute();
}

export function findLatestTranslationRun(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('translationRun').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export function findTranslationRun(db: Kysely<Database>, restaurantId: string, id: string) {
  return tenant(db, restaurantId).selectFrom('translationRun').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateTranslationRun(
  db: Kysely<Database>,
  restaurantId: string,
  id: string,
  values: { status?: 'running' | 'done' | 'failed'; total?: number; addDone?: number; error?: string | null; updatedAt: string },
) {
  await tenant(db, restaurantId)
    .updateTable('translationRun')
    .set((eb) => ({
      ...(values.status ? { status: values.status } : {}),
      ...(values.total !== undefined ? { total: values.total } : {}),
      ...(values.error !== undefined ? { error: values.error } : {}),
      ...(values.addDone ? { done: eb('done', '+', values.addDone) } : {}),
      updatedAt: values.updatedAt,
    }))
    .where('id', '=', id)
    .execute();
}
