import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { changedFields, recordAudit } from '#app/modules/audit/audit.server.ts';
import { deleteCategories, listCategoriesOfLocation } from '#app/modules/category/category.repo.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { noteContentSave } from '#app/modules/translation/source-change.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { applyOrder, moveOneStep, nextSortOrder, setRowFlag } from '#app/modules/editing/editing.repo.server.ts';
import { nextRowVersion, planDeletion } from '#app/modules/editing/menu-rules.ts';
import { decrementProductsCount } from '#app/modules/product/product-count.server.ts';
import { deleteProductsOfCategories, listProductsOfCategories } from '#app/modules/product/product.repo.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { RestaurantQuotas } from '#app/env.types.ts';
import { getRestaurantQuotas } from '#app/env.server.ts';
import { countLocations, deleteLocationRow, findLocation, insertLocation, updateLocationRow } from './location.repo.server.ts';
import type { LocationInput } from './location.schema.ts';

async function requireOwnLocation(scope: RestaurantScope, locationId: string) {
  const location = await findLocation(scope.db, scope.restaurantId, locationId);
  if (!location) throw new AppError('not-found');
  return location;
}

/**
 * Adds a location at the end of the restaurant's list. Refused with 'location-limit-reached' once
 * the restaurant has its quota of locations; counted under the row lock changeMenu takes first,
 * so concurrent creates cannot pass the limit together.
 */
export async function createLocation(scope: RestaurantScope, storage: FileStorage, input: LocationInput, quotas: RestaurantQuotas = getRestaurantQuotas()): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    if ((await countLocations(db, restaurantId)) >= quotas.locationsPerRestaurant) throw new AppError('location-limit-reached', { limit: quotas.locationsPerRestaurant });
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(db, restaurantId, { table: 'location' });
    await insertLocation(db, restaurantId, { id, ...input, sortOrder, createdAt: now, updatedAt: now });
    await recordAudit(change.scope, { action: 'location.create', target: { type: 'location', id }, after: { name: input.nameRo } });
    return id;
  });
}

/**
 * Renames a location of this restaurant; another restaurant's location is not found. A save from a
 * form loaded before someone else's save (`expectedVersion` ≠ `updatedAt`) is refused ('stale-edit'),
 * and so is one without a version (undefined: a post without the hidden field; decision 0015).
 */
export async function updateLocation(scope: RestaurantScope, storage: FileStorage, locationId: string, input: LocationInput, expectedVersion: string | undefined): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const current = await requireOwnLocation(change.scope, locationId);
    const written =
      expectedVersion !== undefined &&
      (await updateLocationRow(change.scope.db, change.scope.restaurantId, locationId, { ...input, updatedAt: nextRowVersion(current.updatedAt) }, expectedVersion));
    if (!written) throw new AppError('stale-edit', { context: 'location' });
    await noteContentSave(change.scope, 'location', locationId, current, input);
    await recordAudit(change.scope, { action: 'location.update', target: { type: 'location', id: locationId }, ...changedFields(current, input) });
  });
}

/** Shows or hides a whole location (its categories and dishes with it) on the guests' menu. */
export async function setLocationVisible(scope: RestaurantScope, storage: FileStorage, locationId: string, visible: boolean): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    await setRowFlag(change.scope.db, change.scope.restaurantId, { table: 'location', id: locationId }, 'visible', visible);
    await recordAudit(change.scope, { action: 'location.flag', target: { type: 'location', id: locationId }, after: { visible } });
  });
}

/**
 * docs/product-spec.md section 4: deleting a location deletes its categories and their products in one
 * transaction, lowers the product count by as many, and frees images nobody else uses.
 */
export async function deleteLocationCascade(scope: RestaurantScope, storage: FileStorage, locationId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const location = await requireOwnLocation(change.scope, locationId);
    const categories = await listCategoriesOfLocation(db, restaurantId, locationId);
    const products = await listProductsOfCategories(
      db,
      restaurantId,
      categories.map((c) => c.id),
    );
    const plan = planDeletion({ kind: 'location', id: locationId }, { categories, products });
    // by parent, not by the ids read above, and counted by what really went
    const deleted = await deleteProductsOfCategories(db, restaurantId, plan.categoryIds);
    await deleteCategories(db, restaurantId, plan.categoryIds);
    await deleteLocationRow(db, restaurantId, locationId);
    await decrementProductsCount(change.scope, deleted);
    await recordAudit(change.scope, {
      action: 'location.delete',
      target: { type: 'location', id: locationId },
      before: { name: location.nameRo, categories: plan.categoryIds.length, products: deleted },
    });
    await change.release(plan.imageKeys);
  });
}

/** Drag and drop: the full new order of the restaurant's locations. */
export async function reorderLocations(scope: RestaurantScope, storage: FileStorage, orderedIds: readonly string[]): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    await applyOrder(change.scope.db, change.scope.restaurantId, { table: 'location' }, orderedIds);
    await recordAudit(change.scope, { action: 'location.reorder', target: { type: 'restaurant', id: change.scope.restaurantId }, after: { count: orderedIds.length } });
  });
}

/** Keyboard: one step up or down. */
export async function moveLocation(scope: RestaurantScope, storage: FileStorage, locationId: string, direction: 'up' | 'down'): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    await moveOneStep(change.scope.db, change.scope.restaurantId, { table: 'location' }, locationId, direction);
    await recordAudit(change.scope, { action: 'location.move', target: { type: 'location', id: locationId }, after: { direction } });
  });
}
