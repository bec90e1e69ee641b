import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { nextProductsCount } from '#app/modules/editing/menu-rules.ts';
import { lockPlanState, setProductsCount } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { canAddProduct, FREE_PRODUCT_LIMIT, isBefore } from '#app/modules/subscription/subscription.ts';

/**
 * Reads the restaurant's plan state and takes its row lock for the rest of the transaction, so
 * two concurrent edits cannot both pass the product limit or lose an update of the count.
 * `scope.db` must be the change's transaction (changeMenu's `change.scope`).
 */
async function lockedPlanState(scope: RestaurantScope): Promise<{ proUntil: string | null; productsCount: number }> {
  const row = await lockPlanState(scope.db, scope.restaurantId);
  if (!row) throw new AppError('not-found');
  return row;
}

/**
 * docs/product-spec.md section 4: a product may be added when the restaurant is PRO or products remain on the
 * free plan; the count then goes up by one. Refused with 'product-limit-reached' otherwise.
 */
export async function incrementProductsCountWithinLimit(scope: RestaurantScope): Promise<void> {
  authorize(scope, 'menu.edit');
  const state = await lockedPlanState(scope);
  if (!canAddProduct({ pro: isBefore(state.proUntil), productsCount: state.productsCount })) throw new AppError('product-limit-reached', { limit: FREE_PRODUCT_LIMIT });
  await setProductsCount(scope.db, scope.restaurantId, nextProductsCount(state.productsCount, 1));
}

/** docs/product-spec.md section 4: deleting products lowers the count by as many, never below 0. */
export async function decrementProductsCount(scope: RestaurantScope, deleted: number): Promise<void> {
  authorize(scope, 'menu.edit');
  if (deleted === 0) return;
  const state = await lockedPlanState(scope);
  await setProductsCount(scope.db, scope.restaurantId, nextProductsCount(state.productsCount, -deleted));
}
