import type { Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { nextProductsCount } from '#app/modules/menu/menu-rules.ts';
import { canAddProduct, FREE_PRODUCT_LIMIT, type SubscriptionState } from '#app/modules/subscription/subscription.ts';

/**
 * Reads the restaurant's plan state and takes its row lock for the rest of the transaction (a
 * no-op update: portable, where SELECT ... FOR UPDATE is not), so two concurrent edits cannot
 * both pass the product limit or lose an update of the count.
 */
async function lockPlanState(trx: Transaction<Database>, restaurantId: string): Promise<SubscriptionState> {
  const row = await trx
    .updateTable('restaurant')
    .set((eb) => ({ productsCount: eb('productsCount', '+', 0) }))
    .where('id', '=', restaurantId)
    .returning(['plan', 'subscriptionActive', 'isPro', 'isManualPro', 'stripeActive', 'stripePlan', 'trialStartDate', 'productsCount', 'expirationDate'])
    .executeTakeFirst();
  if (!row) throw new AppError('not-found');
  return row;
}

/**
 * Spec section 4: a product may be added when the restaurant is PRO or products remain on the
 * free plan; the count then goes up by one. Refused with 'product-limit-reached' otherwise.
 */
export async function incrementProductsCountWithinLimit(trx: Transaction<Database>, restaurantId: string): Promise<void> {
  const state = await lockPlanState(trx, restaurantId);
  if (!canAddProduct(state)) throw new AppError('product-limit-reached', { limit: FREE_PRODUCT_LIMIT });
  await trx.updateTable('restaurant').set({ productsCount: nextProductsCount(state.productsCount, 1) }).where('id', '=', restaurantId).execute();
}

/** Spec section 4: deleting products lowers the count by as many, never below 0. */
export async function decrementProductsCount(trx: Transaction<Database>, restaurantId: string, deleted: number): Promise<void> {
  if (deleted === 0) return;
  const state = await lockPlanState(trx, restaurantId);
  await trx.updateTable('restaurant').set({ productsCount: nextProductsCount(state.productsCount, -deleted) }).where('id', '=', restaurantId).execute();
}
