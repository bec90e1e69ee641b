import type { Kysely, Transaction } from 'kysely';
import type { Database, ProductTable } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { changeMenu } from '#app/modules/menu/menu-change.server.ts';
import { applyOrder, KEEP_CURRENT_IMAGE, moveOneStep, nextSortOrder, resolveOwnImage, setRowFlag } from '#app/modules/menu/menu-editor.repo.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { decrementProductsCount, incrementProductsCountWithinLimit } from './product-count.server.ts';
import type { ProductInput } from './product.schema.ts';

async function requireOwnCategory(trx: Transaction<Database>, restaurantId: string, categoryId: string): Promise<void> {
  const category = await trx.selectFrom('category').select('id').where('restaurantId', '=', restaurantId).where('id', '=', categoryId).executeTakeFirst();
  if (!category) throw new AppError('not-found');
}

const flag = (value: boolean) => (value ? (1 as const) : (0 as const));

function columnsOf(input: ProductInput) {
  const { price, imageId: _imageId, allergens, traces, additives, frozen, available, visible, ...rest } = input;
  return {
    ...rest,
    priceMinor: price,
    allergens: JSON.stringify(allergens),
    traces: JSON.stringify(traces),
    additives: JSON.stringify(additives),
    frozen: flag(frozen),
    available: flag(available),
    visible: flag(visible),
  } satisfies Partial<ProductTable>;
}

/**
 * Adds a product at the end of its category. Spec section 4: refused past the free plan's limit
 * ('product-limit-reached', offering the upgrade); the product count goes up by one.
 */
export function createProduct(db: Kysely<Database>, storage: FileStorage, restaurantId: string, input: ProductInput): Promise<string> {
  return changeMenu(db, storage, restaurantId, async ({ trx }) => {
    await requireOwnCategory(trx, restaurantId, input.categoryId);
    await incrementProductsCountWithinLimit(trx, restaurantId);
    const image = await resolveOwnImage(trx, restaurantId, input.imageId === KEEP_CURRENT_IMAGE ? null : input.imageId);
    const { currency } = await trx.selectFrom('restaurant').select('currency').where('id', '=', restaurantId).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(trx, restaurantId, { table: 'product', parent: { column: 'categoryId', id: input.categoryId } });
    await trx
      .insertInto('product')
      .values({ id, restaurantId, ...columnsOf(input), currency, imageId: image?.id ?? null, imageUrl: image?.url ?? null, sortOrder, createdAt: now, updatedAt: now })
      .execute();
    return id;
  });
}

/** Edits a product; moving it to another category puts it last there. A replaced image is freed if unused. */
export function updateProduct(db: Kysely<Database>, storage: FileStorage, restaurantId: string, productId: string, input: ProductInput): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx, release }) => {
    const current = await trx
      .selectFrom('product')
      .select(['categoryId', 'imageUrl', 'imageId', 'sortOrder'])
      .where('restaurantId', '=', restaurantId)
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!current) throw new AppError('not-found');
    await requireOwnCategory(trx, restaurantId, input.categoryId);
    const image = input.imageId === KEEP_CURRENT_IMAGE ? { id: current.imageId, url: current.imageUrl } : await resolveOwnImage(trx, restaurantId, input.imageId);
    const sortOrder =
      current.categoryId === input.categoryId
        ? current.sortOrder
        : await nextSortOrder(trx, restaurantId, { table: 'product', parent: { column: 'categoryId', id: input.categoryId } });
    await trx
      .updateTable('product')
      .set({ ...columnsOf(input), imageId: image?.id ?? null, imageUrl: image?.url ?? null, sortOrder, updatedAt: new Date().toISOString() })
      .where('restaurantId', '=', restaurantId)
      .where('id', '=', productId)
      .execute();
    if (current.imageUrl !== (image?.url ?? null)) await release([current.imageUrl]);
  });
}

/** Deletes a product: the count goes down by one (never below 0); its image is freed if unused. */
export function deleteProduct(db: Kysely<Database>, storage: FileStorage, restaurantId: string, productId: string): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx, release }) => {
    const product = await trx.selectFrom('product').select('imageUrl').where('restaurantId', '=', restaurantId).where('id', '=', productId).executeTakeFirst();
    if (!product) throw new AppError('not-found');
    await trx.deleteFrom('product').where('restaurantId', '=', restaurantId).where('id', '=', productId).execute();
    await decrementProductsCount(trx, restaurantId, 1);
    await release([product.imageUrl]);
  });
}

/** One click: show or hide a product, or mark it available or sold out. */
export function setProductFlag(
  db: Kysely<Database>,
  storage: FileStorage,
  restaurantId: string,
  productId: string,
  field: 'visible' | 'available',
  value: boolean,
): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => setRowFlag(trx, restaurantId, { table: 'product', id: productId }, field, value));
}

/** Drag and drop: the full new order of one category's products. */
export function reorderProducts(db: Kysely<Database>, storage: FileStorage, restaurantId: string, categoryId: string, orderedIds: readonly string[]): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => applyOrder(trx, restaurantId, { table: 'product', parent: { column: 'categoryId', id: categoryId } }, orderedIds));
}

/** Keyboard: one step up or down within its category. */
export function moveProduct(db: Kysely<Database>, storage: FileStorage, restaurantId: string, productId: string, direction: 'up' | 'down'): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx }) => {
    const product = await trx.selectFrom('product').select('categoryId').where('restaurantId', '=', restaurantId).where('id', '=', productId).executeTakeFirst();
    if (!product) throw new AppError('not-found');
    await moveOneStep(trx, restaurantId, { table: 'product', parent: { column: 'categoryId', id: product.categoryId } }, productId, direction);
  });
}
