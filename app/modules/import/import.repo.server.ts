import type { Kysely } from 'kysely';
import type { Database, NewCategory, NewLocation, NewProduct } from '#app/db/schema.ts';

/** Kysely queries of the import and export, each scoped to one restaurant; the rules live in import.service.server.ts. */

/** The locations an import can land in, in the editor's order (matched by name to a file's location column). */
export function listLocationChoices(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('location').select(['id', 'nameRo', 'nameEn', 'sortOrder']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** Every category of the restaurant (its location and name, for matching imported categories) and its position. */
export function listCategoriesForImport(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('category').select(['id', 'locationId', 'nameRo', 'sortOrder']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** The dishes already in the menu (location, category and name), to mark imported duplicates. */
export function listDishNamesForImport(db: Kysely<Database>, restaurantId: string) {
  return db
    .selectFrom('product')
    .innerJoin('category', 'category.id', 'product.categoryId')
    .innerJoin('location', 'location.id', 'category.locationId')
    .select(['location.nameRo as location', 'category.nameRo as category', 'product.nameRo as name', 'product.categoryId', 'product.sortOrder'])
    .where('product.restaurantId', '=', restaurantId)
    .execute();
}

// PostgreSQL takes at most 65,535 parameters a statement and SQLite 32,766: a product row has about
// 35 columns, so 200 rows a statement stays well under both
const BATCH = 200;

export async function insertLocationsBatch(db: Kysely<Database>, restaurantId: string, rows: readonly Omit<NewLocation, 'restaurantId'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insertInto('location').values(rows.slice(i, i + BATCH).map((row) => ({ ...row, restaurantId }))).execute();
  }
}

export async function insertCategoriesBatch(db: Kysely<Database>, restaurantId: string, rows: readonly Omit<NewCategory, 'restaurantId'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insertInto('category').values(rows.slice(i, i + BATCH).map((row) => ({ ...row, restaurantId }))).execute();
  }
}

export async function insertProductsBatch(db: Kysely<Database>, restaurantId: string, rows: readonly Omit<NewProduct, 'restaurantId'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insertInto('product').values(rows.slice(i, i + BATCH).map((row) => ({ ...row, restaurantId }))).execute();
  }
}

/** The whole menu in the editor's order (locations, categories, products), for the export and the printed menu. */
export async function readMenuForExport(db: Kysely<Database>, restaurantId: string) {
  const [locations, categories, products] = await Promise.all([
    db.selectFrom('location').selectAll().where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute(),
    db.selectFrom('category').selectAll().where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute(),
    db.selectFrom('product').selectAll().where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute(),
  ]);
  return { locations, categories, products };
}

/** The restaurant's own row, for the JSON export. */
export function findRestaurantForExport(db: Kysely<Database>, restaurantId: string) {
  return db
    .selectFrom('restaurant')
    .select(['name', 'slug', 'shortCode', 'currency', 'timeZone', 'descriptionRo', 'descriptionEn', 'phone', 'email', 'address', 'openingHours', 'openingExceptions', 'accentColor', 'logoKey', 'coverImageKey'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
}

// ---- drafts: a menu photo being recognized (migration 0014) ----

export async function insertImportDraft(db: Kysely<Database>, restaurantId: string, row: { id: string; image: string; now: string }): Promise<void> {
  await db.insertInto('importDraft').values({ id: row.id, restaurantId, status: 'pending', progress: 0, image: row.image, rows: null, error: null, createdAt: row.now, updatedAt: row.now }).execute();
}

export function findImportDraft(db: Kysely<Database>, restaurantId: string, draftId: string) {
  return db.selectFrom('importDraft').selectAll().where('restaurantId', '=', restaurantId).where('id', '=', draftId).executeTakeFirst();
}

export async function updateImportDraft(
  db: Kysely<Database>,
  restaurantId: string,
  draftId: string,
  values: Partial<{ status: 'pending' | 'running' | 'done' | 'failed'; progress: number; image: string | null; rows: string | null; error: string | null }>,
): Promise<void> {
  await db.updateTable('importDraft').set({ ...values, updatedAt: new Date().toISOString() }).where('restaurantId', '=', restaurantId).where('id', '=', draftId).execute();
}

/** This restaurant's drafts made since `since` (ISO time), oldest first: the photos read in the last day. */
export function listImportDraftsSince(db: Kysely<Database>, restaurantId: string, since: string) {
  return db.selectFrom('importDraft').select(['createdAt', 'updatedAt', 'status']).where('restaurantId', '=', restaurantId).where('createdAt', '>=', since).orderBy('createdAt').execute();
}

/** Every restaurant's drafts older than `before` (ISO time), for the daily sweep; how many went. */
export async function deleteImportDraftsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('importDraft').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drafts of this restaurant older than `before` (ISO time): nobody reviews a day-old photo. */
export async function deleteOldImportDrafts(db: Kysely<Database>, restaurantId: string, before: string): Promise<void> {
  await db.deleteFrom('importDraft').where('restaurantId', '=', restaurantId).where('createdAt', '<', before).execute();
}
