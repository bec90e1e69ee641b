import type { Kysely, Updateable } from 'kysely';
import type { CategoryTable, Database, NewCategory } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** Kysely queries on categories, each scoped to one restaurant; the rules live in category.service.server.ts. */

/** One category of this restaurant, every column; another restaurant's is undefined. */
export function findCategory(db: Kysely<Database>, restaurantId: string, categoryId: string) {
  return tenant(db, restaurantId).selectFrom('category').selectAll().where('id', '=', categoryId).executeTakeFirst();
}

export async function insertCategory(db: Kysely<Database>, restaurantId: string, row: Omit<NewCategory, 'restaurantId'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('category', row).execute();
}

/**
 * Writes a category's columns, only while the row is still at `expectedUpdatedAt`, the version the form
 * was loaded at (optimistic concurrency, decision 0015). False when nothing was written: someone saved it in the meantime.
 */
export async function updateCategoryRow(
  db: Kysely<Database>,
  restaurantId: string,
  categoryId: string,
  values: Updateable<CategoryTable>,
  expectedUpdatedAt: string,
): Promise<boolean> {
  const query = tenant(db, restaurantId).updateTable('category').set(values).where('id', '=', categoryId).where('updatedAt', '=', expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes some categories of this restaurant (their products first: see the product repository). */
export async function deleteCategories(db: Kysely<Database>, restaurantId: string, categoryIds: readonly string[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await tenant(db, restaurantId).deleteFrom('category').where('id', 'in', categoryIds).execute();
}

/** The categories of one location, with what a deletion needs to plan (their images). */
export function listCategoriesOfLocation(db: Kysely<Database>, restaurantId: string, locationId: string) {
  return tenant(db, restaurantId).selectFrom('category').select(['id', 'locationId', 'imageKey']).where('locationId', '=', locationId).execute();
}

/** Every category's image, for the logo fill rule. */
export function listCategoryImages(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('category').select(['id', 'imageKey']).execute();
}

/** Sets one picture on some categories (at most 500 ids a call). */
export async function setCategoriesImage(db: Kysely<Database>, restaurantId: string, categoryIds: readonly string[], imageKey: string | null, now: string): Promise<void> {
  await tenant(db, restaurantId).updateTable('category').set({ imageKey, updatedAt: now }).where('id', 'in', categoryIds).execute();
}

/** Every category row of the restaurant (GDPR export). */
export function listAllCategories(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('category').selectAll().execute();
}

/** How many categories one location of this restaurant has (its quota). */
export async function countCategoriesOfLocation(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('category')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('locationId', '=', locationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
