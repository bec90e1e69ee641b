import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { changeMenu } from '#app/modules/menu/menu-change.server.ts';
import { applyOrder, KEEP_CURRENT_IMAGE, moveOneStep, nextSortOrder, resolveOwnImage, setRowFlag } from '#app/modules/menu/menu-editor.repo.server.ts';
import { planDeletion } from '#app/modules/menu/menu-rules.ts';
import { decrementProductsCount } from '#app/modules/product/product-count.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { CategoryInput } from './category.schema.ts';

async function requireOwnLocation(trx: Transaction<Database>, restaurantId: string, locationId: string): Promise<void> {
  const location = await trx.selectFrom('location').select('id').where('restaurantId', '=', restaurantId).where('id', '=', locationId).executeTakeFirst();
  if (!location) throw new AppError('not-found');
}

function columnsOf(input: CategoryInput, imageUrl: string | null) {
  return {
    locationId: input.locationId,
    nameRo: input.nameRo,
    nameEn: input.nameEn,
    descriptionRo: input.descriptionRo,
    descriptionEn: input.descriptionEn,
    imageUrl,
    visible: input.visible ? (1 as const) : (0 as const),
  };
}

/** Adds a category at the end of one of this restaurant's locations. */
export function createCategory(db: Kysely<Database>, storage: FileStorage, restaurantId: string, input: CategoryInput): Promise<string> {
  return changeMenu(db, storage, restaurantId, async ({ trx }) => {
    await requireOwnLocation(trx, restaurantId, input.locationId);
    const image = await resolveOwnImage(trx, restaurantId, input.imageId);
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(trx, restaurantId, { table: 'category', parent: { column: 'locationId', id: input.locationId } });
    await trx.insertInto('category').values({ id, restaurantId, ...columnsOf(input, image?.url ?? null), sortOrder, createdAt: now, updatedAt: now }).execute();
    return id;
  });
}

/** Edits a category; moving it to another location puts it last there. A replaced image is freed if unused. */
export function updateCategory(db: Kysely<Database>, storage: FileStorage, restaurantId: string, categoryId: string, input: CategoryInput): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx, release }) => {
    const current = await trx.selectFrom('category').select(['locationId', 'imageUrl', 'sortOrder']).where('restaurantId', '=', restaurantId).where('id', '=', categoryId).executeTakeFirst();
    if (!current) throw new AppError('not-found');
    await requireOwnLocation(trx, restaurantId, input.locationId);
    const imageUrl = input.imageId === KEEP_CURRENT_IMAGE ? current.imageUrl : ((await resolveOwnImage(trx, restaurantId, input.imageId))?.url ?? null);
    const sortOrder =
      current.locationId === input.locationId
        ? current.sortOrder
        : await nextSortOrder(trx, restaurantId, { table: 'category', parent: { column: 'locationId', id: input.locationId } });
    await trx
      .updateTable('category')
      .set({ ...columnsOf(input, imageUrl), sortOrder, updatedAt: new Date().toISOString() })
      .where('restaurantId', '=', restaurantId)
      .where('id', '=', categoryId)
      .execute();
    if (current.imageUrl !== imageUrl) await release([current.imageUrl]);
  });
}

/** Spec section 4: deleting a category deletes its products; images nobody else uses are freed. */
export function deleteCategoryCascade(db: Kysely<Database>, storage: FileStorage, restaurantId: string, categoryId: string): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx, release }) => {
    const categories = await trx.selectFrom('category').select(['id', 'locationId', 'imageUrl']).where('restaurantId', '=', restaurantId).where('id', '=', categoryId).execute();
    if (categories.length === 0) throw new AppError('not-found');
    const products = await trx.selectFrom('product').select(['id', 'categoryId', 'imageUrl']).where('restaurantId', '=', restaurantId).where('categoryId', '=', categoryId).execute();
    const plan = planDeletion({ kind: 'category', id: categoryId }, { categories, products });
    // by parent, not by the ids read above, and counted by what really went
    const deleted = await trx.deleteFrom('product').where('restaurantId', '=', restaurantId).where('categoryId', '=', categoryId).executeTakeFirst();
    await trx.deleteFrom('category').where('restaurantId', '=', restaurantId).where('id', '=', categoryId).execute();
    await decrementProductsCount(trx, restaurantId, Number(deleted.numDeletedRows));
    await release(plan.imageUrls);
  });
}

/** Shows or hides a category on the menu in one click. */
export function setCategoryVisible(db: Kysely<Database>, storage: FileStorage, restaurantId: string, categoryId: string, visible: boolean): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => setRowFlag(trx, restaurantId, { table: 'category', id: categoryId }, 'visible', visible));
}

/** Drag and drop: the full new order of one location's categories. */
export function reorderCategories(db: Kysely<Database>, storage: FileStorage, restaurantId: string, locationId: string, orderedIds: readonly string[]): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => applyOrder(trx, restaurantId, { table: 'category', parent: { column: 'locationId', id: locationId } }, orderedIds));
}

/** Keyboard: one step up or down within its location. */
export function moveCategory(db: Kysely<Database>, storage: FileStorage, restaurantId: string, categoryId: string, direction: 'up' | 'down'): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx }) => {
    const category = await trx.selectFrom('category').select('locationId').where('restaurantId', '=', restaurantId).where('id', '=', categoryId).executeTakeFirst();
    if (!category) throw new AppError('not-found');
    await moveOneStep(trx, restaurantId, { table: 'category', parent: { column: 'locationId', id: category.locationId } }, categoryId, direction);
  });
}
