import type { Kysely, Updateable } from 'kysely';
import type { Database, NewProduct, ProductTable } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** Kysely queries on products, each scoped to one restaurant; the rules live in product.service.server.ts. */

/** One product of this restaurant, every column; another restaurant's is undefined. */
export function findProduct(db: Kysely<Database>, restaurantId: string, productId: string) {
  return tenant(db, restaurantId).selectFrom('product').selectAll().where('id', '=', productId).executeTakeFirst();
}

export async function insertProduct(db: Kysely<Database>, restaurantId: string, row: Omit<NewProduct, 'restaurantId'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('product', row).execute();
}

/**
 * Writes a product's columns, only while the row is still at `expectedUpdatedAt`, the version the form
 * was loaded at (optimistic concurrency, decision 0015). False when nothing was written: someone saved it in the meantime.
 */
export async function updateProductRow(
  db: Kysely<Database>,
  restaurantId: string,
  productId: string,
  values: Updateable<ProductTable>,
  expectedUpdatedAt: string,
): Promise<boolean> {
  const query = tenant(db, restaurantId).updateTable('product').set(values).where('id', '=', productId).where('updatedAt', '=', expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteProductRow(db: Kysely<Database>, restaurantId: string, productId: string): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('product').where('id', '=', productId).execute();
}

/** The products of some categories, with what a deletion needs to plan (their images). */
export function listProductsOfCategories(db: Kysely<Database>, restaurantId: string, categoryIds: readonly string[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('product').select(['id', 'categoryId', 'imageKey']).where('categoryId', 'in', categoryIds).execute();
}

/** Deletes the products of some categories; returns how many went. */
export async function deleteProductsOfCategories(db: Kysely<Database>, restaurantId: string, categoryIds: readonly string[]): Promise<number> {
  if (categoryIds.length === 0) return 0;
  const result = await tenant(db, restaurantId).deleteFrom('product').where('categoryId', 'in', categoryIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every product's image, for the logo fill rule. */
export function listProductImages(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('product').select(['id', 'imageKey']).execute();
}

/** Sets one picture on some products (at most 500 ids a call). */
export async function setProductsImage(
  db: Kysely<Database>,
  restaurantId: string,
  productIds: readonly string[],
  image: { key: string | null; id: string | null },
  now: string,
): Promise<void> {
  await tenant(db, restaurantId).updateTable('product').set({ imageKey: image.key, imageId: image.id, updatedAt: now }).where('id', 'in', productIds).execute();
}

/** Every product of the restaurant follows its currency. */
export async function setProductsCurrency(db: Kysely<Database>, restaurantId: string, currency: string, now: string): Promise<void> {
  await tenant(db, restaurantId).updateTable('product').set({ currency, updatedAt: now }).execute();
}

/** Every product row of the restaurant (GDPR export). */
export function listAllProducts(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('product').selectAll().execute();
}

/** Some of this restaurant's products, every column (another restaurant's ids find nothing). */
export function listProductsByIds(db: Kysely<Database>, restaurantId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('product').selectAll().where('id', 'in', productIds).orderBy('categoryId').orderBy('sortOrder').execute();
}

/** Every column of one category's products, in menu order (to copy them). */
export function listFullProductsOfCategory(db: Kysely<Database>, restaurantId: string, categoryId: string) {
  return tenant(db, restaurantId).selectFrom('product').selectAll().where('categoryId', '=', categoryId).orderBy('sortOrder').execute();
}
