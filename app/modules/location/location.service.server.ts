import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { changeMenu } from '#app/modules/menu/menu-change.server.ts';
import { applyOrder, moveOneStep, nextSortOrder, setRowFlag } from '#app/modules/menu/menu-editor.repo.server.ts';
import { planDeletion } from '#app/modules/menu/menu-rules.ts';
import { decrementProductsCount } from '#app/modules/product/product-count.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { LocationInput } from './location.schema.ts';

/** Adds a location at the end of the restaurant's list. */
export function createLocation(db: Kysely<Database>, storage: FileStorage, restaurantId: string, input: LocationInput): Promise<string> {
  return changeMenu(db, storage, restaurantId, async ({ trx }) => {
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(trx, restaurantId, { table: 'location' });
    await trx.insertInto('location').values({ id, restaurantId, ...input, sortOrder, createdAt: now, updatedAt: now }).execute();
    return id;
  });
}

/** Renames a location of this restaurant; another restaurant's location is not found. */
export function updateLocation(db: Kysely<Database>, storage: FileStorage, restaurantId: string, locationId: string, input: LocationInput): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx }) => {
    const result = await trx
      .updateTable('location')
      .set({ ...input, updatedAt: new Date().toISOString() })
      .where('restaurantId', '=', restaurantId)
      .where('id', '=', locationId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('not-found');
  });
}

/** Shows or hides a whole location (its categories and dishes with it) on the guests' menu. */
export function setLocationVisible(db: Kysely<Database>, storage: FileStorage, restaurantId: string, locationId: string, visible: boolean): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => setRowFlag(trx, restaurantId, { table: 'location', id: locationId }, 'visible', visible));
}

/**
 * Spec section 4: deleting a location deletes its categories and their products in one
 * transaction, lowers the product count by as many, and frees images nobody else uses.
 */
export function deleteLocationCascade(db: Kysely<Database>, storage: FileStorage, restaurantId: string, locationId: string): Promise<void> {
  return changeMenu(db, storage, restaurantId, async ({ trx, release }) => {
    const location = await trx.selectFrom('location').select('id').where('restaurantId', '=', restaurantId).where('id', '=', locationId).executeTakeFirst();
    if (!location) throw new AppError('not-found');
    const categories = await trx.selectFrom('category').select(['id', 'locationId', 'imageUrl']).where('restaurantId', '=', restaurantId).where('locationId', '=', locationId).execute();
    const products =
      categories.length === 0
        ? []
        : await trx.selectFrom('product').select(['id', 'categoryId', 'imageUrl']).where('restaurantId', '=', restaurantId).where('categoryId', 'in', categories.map((c) => c.id)).execute();
    const plan = planDeletion({ kind: 'location', id: locationId }, { categories, products });
    // by parent, not by the ids read above, and counted by what really went
    const deleted = plan.categoryIds.length === 0 ? 0 : Number((await trx.deleteFrom('product').where('restaurantId', '=', restaurantId).where('categoryId', 'in', plan.categoryIds).executeTakeFirst()).numDeletedRows);
    if (plan.categoryIds.length > 0) await trx.deleteFrom('category').where('restaurantId', '=', restaurantId).where('id', 'in', plan.categoryIds).execute();
    await trx.deleteFrom('location').where('restaurantId', '=', restaurantId).where('id', '=', locationId).execute();
    await decrementProductsCount(trx, restaurantId, deleted);
    await release(plan.imageUrls);
  });
}

/** Drag and drop: the full new order of the restaurant's locations. */
export function reorderLocations(db: Kysely<Database>, storage: FileStorage, restaurantId: string, orderedIds: readonly string[]): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => applyOrder(trx, restaurantId, { table: 'location' }, orderedIds));
}

/** Keyboard: one step up or down. */
export function moveLocation(db: Kysely<Database>, storage: FileStorage, restaurantId: string, locationId: string, direction: 'up' | 'down'): Promise<void> {
  return changeMenu(db, storage, restaurantId, ({ trx }) => moveOneStep(trx, restaurantId, { table: 'location' }, locationId, direction));
}
