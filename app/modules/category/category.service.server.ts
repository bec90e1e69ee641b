import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { changedFields, recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { noteContentSave } from '#app/modules/translation/source-change.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { applyOrder, moveOneStep, nextSortOrder, requireOwnRow, resolveOwnImage, setRowFlag } from '#app/modules/editing/editing.repo.server.ts';
import { KEEP_CURRENT_IMAGE } from '#app/modules/editing/editor-image.ts';
import { nextRowVersion, planDeletion } from '#app/modules/editing/menu-rules.ts';
import { decrementProductsCount, incrementProductsCountWithinLimit } from '#app/modules/product/product-count.server.ts';
import { deleteProductsOfCategories, insertProduct, listFullProductsOfCategory, listProductsOfCategories } from '#app/modules/product/product.repo.server.ts';
import { copyNames } from '#app/modules/product/product.service.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { RestaurantQuotas } from '#app/env.types.ts';
import { getRestaurantQuotas } from '#app/env.server.ts';
import { countCategoriesOfLocation, deleteCategories, findCategory, insertCategory, updateCategoryRow } from './category.repo.server.ts';
import type { CategoryFields } from './category.schema.ts';
import { serializeCategorySchedule } from './category-schedule.ts';

function requireOwnLocation(scope: RestaurantScope, locationId: string): Promise<void> {
  return requireOwnRow(scope.db, scope.restaurantId, { table: 'location', id: locationId });
}

/** Refuses a category more in a location that has its quota of them (called under the row lock). */
async function requireRoomInLocation(scope: RestaurantScope, locationId: string, quotas: RestaurantQuotas): Promise<void> {
  if ((await countCategoriesOfLocation(scope.db, scope.restaurantId, locationId)) >= quotas.categoriesPerLocation) {
    throw new AppError('category-limit-reached', { limit: quotas.categoriesPerLocation });
  }
}

async function requireOwnCategory(scope: RestaurantScope, categoryId: string) {
  const category = await findCategory(scope.db, scope.restaurantId, categoryId);
  if (!category) throw new AppError('not-found');
  return category;
}

function columnsOf(input: CategoryFields, imageKey: string | null, currentSchedule: string | null = null) {
  return {
    locationId: input.locationId,
    nameRo: input.nameRo,
    nameEn: input.nameEn,
    descriptionRo: input.descriptionRo,
    descriptionEn: input.descriptionEn,
    imageKey,
    visible: input.visible ? (1 as const) : (0 as const),
    schedule: input.schedule === undefined ? currentSchedule : serializeCategorySchedule(input.schedule),
  };
}

/**
 * Adds a category at the end of one of this restaurant's locations; refused with
 * 'category-limit-reached' when that location has its quota (counted under the row lock).
 */
export async function createCategory(scope: RestaurantScope, storage: FileStorage, input: CategoryFields, quotas: RestaurantQuotas = getRestaurantQuotas()): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    await requireOwnLocation(change.scope, input.locationId);
    await requireRoomInLocation(change.scope, input.locationId, quotas);
    const image = await resolveOwnImage(db, restaurantId, input.imageId);
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(db, restaurantId, { table: 'category', parent: { column: 'locationId', id: input.locationId } });
    await insertCategory(db, restaurantId, { id, ...columnsOf(input, image?.key ?? null), sortOrder, createdAt: now, updatedAt: now });
    await recordAudit(change.scope, { action: 'category.create', target: { type: 'category', id }, after: { name: input.nameRo } });
    return id;
  });
}

/**
 * Edits a category; moving it to another location puts it last there (refused when that location
 * has its quota of categories). A replaced image is freed if unused. A save from a form loaded
 * before someone else's save (`expectedVersion` ≠ `updatedAt`) is refused ('stale-edit'), and so is
 * one without a version (undefined: a post without the hidden field; decision 0015).
 */
export async function updateCategory(
  scope: RestaurantScope,
  storage: FileStorage,
  categoryId: string,
  input: CategoryFields,
  expectedVersion: string | undefined,
  quotas: RestaurantQuotas = getRestaurantQuotas(),
): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const current = await requireOwnCategory(change.scope, categoryId);
    await requireOwnLocation(change.scope, input.locationId);
    if (current.locationId !== input.locationId) await requireRoomInLocation(change.scope, input.locationId, quotas);
    const imageKey = input.imageId === KEEP_CURRENT_IMAGE ? current.imageKey : ((await resolveOwnImage(db, restaurantId, input.imageId))?.key ?? null);
    const sortOrder =
      current.locationId === input.locationId
        ? current.sortOrder
        : await nextSortOrder(db, restaurantId, { table: 'category', parent: { column: 'locationId', id: input.locationId } });
    const next = columnsOf(input, imageKey, current.schedule);
    const written =
      expectedVersion !== undefined &&
      (await updateCategoryRow(db, restaurantId, categoryId, { ...next, sortOrder, updatedAt: nextRowVersion(current.updatedAt) }, expectedVersion));
    if (!written) throw new AppError('stale-edit', { context: 'category' });
    await noteContentSave(change.scope, 'category', categoryId, current, next);
    await recordAudit(change.scope, { action: 'category.update', target: { type: 'category', id: categoryId }, ...changedFields(current, next) });
    if (current.imageKey !== imageKey) await change.release([current.imageKey]);
  });
}

/** docs/product-spec.md section 4: deleting a category deletes its products; images nobody else uses are freed. */
export async function deleteCategoryCascade(scope: RestaurantScope, storage: FileStorage, categoryId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const category = await requireOwnCategory(change.scope, categoryId);
    const products = await listProductsOfCategories(db, restaurantId, [categoryId]);
    const plan = planDeletion({ kind: 'category', id: categoryId }, { categories: [category], products });
    // by parent, not by the ids read above, and counted by what really went
    const deleted = await deleteProductsOfCategories(db, restaurantId, [categoryId]);
    await deleteCategories(db, restaurantId, [categoryId]);
    await decrementProductsCount(change.scope, deleted);
    await recordAudit(change.scope, { action: 'category.delete', target: { type: 'category', id: categoryId }, before: { name: category.nameRo, products: deleted } });
    await change.release(plan.imageKeys);
  });
}

/** Shows or hides a category on the menu in one click. */
export async function setCategoryVisible(scope: RestaurantScope, storage: FileStorage, categoryId: string, visible: boolean): Promise<void> {
  authorize(scope, 'menu.availability');
  return changeMenu(scope, storage, async (change) => {
    await setRowFlag(change.scope.db, change.scope.restaurantId, { table: 'category', id: categoryId }, 'visible', visible);
    await recordAudit(change.scope, { action: 'category.flag', target: { type: 'category', id: categoryId }, after: { visible } });
  });
}

/** Drag and drop: the full new order of one location's categories. */
export async function reorderCategories(scope: RestaurantScope, storage: FileStorage, locationId: string, orderedIds: readonly string[]): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    await applyOrder(change.scope.db, change.scope.restaurantId, { table: 'category', parent: { column: 'locationId', id: locationId } }, orderedIds);
    await recordAudit(change.scope, { action: 'category.reorder', target: { type: 'location', id: locationId }, after: { count: orderedIds.length } });
  });
}

/** Keyboard: one step up or down within its location. */
export async function moveCategory(scope: RestaurantScope, storage: FileStorage, categoryId: string, direction: 'up' | 'down'): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const category = await requireOwnCategory(change.scope, categoryId);
    await moveOneStep(change.scope.db, change.scope.restaurantId, { table: 'category', parent: { column: 'locationId', id: category.locationId } }, categoryId, direction);
    await recordAudit(change.scope, { action: 'category.move', target: { type: 'category', id: categoryId }, after: { direction } });
  });
}

/**
 * A whole category like another (issue 17, faster editing): the category, named "… (copie)", at
 * the end of the same location, with a copy of every dish in the same order. Refused past the
 * location's category quota or the free plan's product limit, and then nothing is copied.
 */
export async function duplicateCategory(scope: RestaurantScope, storage: FileStorage, categoryId: string, quotas: RestaurantQuotas = getRestaurantQuotas()): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const original = await requireOwnCategory(change.scope, categoryId);
    await requireRoomInLocation(change.scope, original.locationId, quotas);
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(db, restaurantId, { table: 'category', parent: { column: 'locationId', id: original.locationId } });
    const { restaurantId: _restaurantId, id: _id, ...columns } = original;
    await insertCategory(db, restaurantId, { ...columns, ...copyNames(original), id, sortOrder, createdAt: now, updatedAt: now });
    const products = await listFullProductsOfCategory(db, restaurantId, categoryId);
    for (const product of products) {
      await incrementProductsCountWithinLimit(change.scope);
      const { restaurantId: _r, id: _p, ...productColumns } = product;
      await insertProduct(db, restaurantId, { ...productColumns, id: newId(), categoryId: id, createdAt: now, updatedAt: now });
    }
    await recordAudit(change.scope, {
      action: 'category.duplicate',
      target: { type: 'category', id },
      after: { from: categoryId, name: original.nameRo, products: products.length },
    });
    return id;
  });
}
