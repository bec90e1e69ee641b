import type { Kysely } from 'kysely';
import type { Database, NewCategory, NewLocation, NewProduct } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/** Kysely queries of the import and export, each scoped to one restaurant; the rules live in import.service.server.ts. */

/** The locations an import can land in, in the editor's order (matched by name to a file's location column). */
export function listLocationChoices(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('location').select(['id', 'nameRo', 'nameEn', 'sortOrder']).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** Every category of the restaurant (its location and name, for matching imported categories) and its position. */
export function listCategoriesForImport(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('category').select(['id', 'locationId', 'nameRo', 'sortOrder']).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** The dishes already in the menu (location, category and name), to mark imported duplicates. */
export function listDishNamesForImport(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('product')
    .innerJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').onRef('category.restaurantId', '=', 'product.restaurantId'))
    .innerJoin('location', (join) => join.onRef('location.id', '=', 'category.locationId').onRef('location.restaurantId', '=', 'category.restaurantId'))
    .select(['location.nameRo as location', 'category.nameRo as category', 'product.nameRo as name', 'product.categoryId', 'product.sortOrder'])
    .execute();
}

// PostgreSQL takes at most 65,535 parameters a statement and SQLite 32,766: a product row has about
// 35 columns, so 200 rows a statement stays well under both
const BATCH = 200;

export async function insertLocationsBatch(db: Kysely<Database>, restaurantId: string, rows: readonly Omit<NewLocation, 'restaurantId'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tenant(db, restaurantId)
      .insertInto('location', rows.slice(i, i + BATCH))
      .execute();
  }
}

export async function insertCategoriesBatch(db: Kysely<Database>, restaurantId: string, rows: readonly Omit<NewCategory, 'restaurantId'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tenant(db, restaurantId)
      .insertInto('category', rows.slice(i, i + BATCH))
      .execute();
  }
}

export async function insertProductsBatch(db: Kysely<Database>, restaurantId: string, rows: readonly Omit<NewProduct, 'restaurantId'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tenant(db, restaurantId)
      .insertInto('product', rows.slice(i, i + BATCH))
      .execute();
  }
}

/** The whole menu in the editor's order (locations, categories, products), for the export and the printed menu. */
export async function readMenuForExport(db: Kysely<Database>, restaurantId: string) {
  const [locations, categories, products] = await Promise.all([
    tenant(db, restaurantId).selectFrom('location').selectAll().orderBy('sortOrder').orderBy('createdAt').execute(),
    tenant(db, restaurantId).selectFrom('category').selectAll().orderBy('sortOrder').orderBy('createdAt').execute(),
    tenant(db, restaurantId).selectFrom('product').selectAll().orderBy('sortOrder').orderBy('createdAt').execute(),
  ]);
  return { locations, categories, products };
}

/** The restaurant's own row, for the JSON export. */
export function findRestaurantForExport(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('restaurant')
    .select([
      'name',
      'slug',
      'shortCode',
      'currency',
      'timeZone',
      'descriptionRo',
      'descriptionEn',
      'phone',
      'email',
      'address',
      'openingHours',
      'openingExceptions',
      'accentColor',
      'logoKey',
      'coverImageKey',
    ])
    .executeTakeFirst();
}

// ---- drafts: a menu photo being recognized (migration 0014) ----

export async function insertImportDraft(db: Kysely<Database>, restaurantId: string, row: { id: string; image: string; now: string }): Promise<void> {
  await tenant(db, restaurantId)
    .insertInto('importDraft', { id: row.id, status: 'pending', progress: 0, image: row.image, rows: null, error: null, createdAt: row.now, updatedAt: row.now })
    .execute();
}

export function findImportDraft(db: Kysely<Database>, restaurantId: string, draftId: string) {
  return tenant(db, restaurantId).selectFrom('importDraft').selectAll().where('id', '=', draftId).executeTakeFirst();
}

export async function updateImportDraft(
  db: Kysely<Database>,
  restaurantId: string,
  draftId: string,
  values: Partial<{ status: 'pending' | 'running' | 'done' | 'failed'; progress: number; image: string | null; rows: string | null; error: string | null }>,
): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('importDraft')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', draftId)
    .execute();
}

/** This restaurant's drafts made since `since` (ISO time), oldest first: the photos read in the last day. */
export function listImportDraftsSince(db: Kysely<Database>, restaurantId: string, since: string) {
  return tenant(db, restaurantId).selectFrom('importDraft').select(['createdAt', 'updatedAt', 'status']).where('createdAt', '>=', since).orderBy('createdAt').execute();
}

/** Every restaurant's drafts older than `before` (ISO time), for the daily sweep; how many went. */
export async function deleteImportDraftsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await acrossRestaurants(db, 'the daily sweep deletes old drafts of every restaurant').deleteFrom('importDraft').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drafts of this restaurant older than `before` (ISO time): nobody reviews a day-old photo. */
export async function deleteOldImportDrafts(db: Kysely<Database>, restaurantId: string, before: string): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('importDraft').where('createdAt', '<', before).execute();
}
