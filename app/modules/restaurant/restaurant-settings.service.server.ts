import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import {
  FREE_PRODUCT_LIMIT,
  isPro,
  remainingProducts,
  remainingTrialDays,
  shouldShowUpgradePrompt,
} from '#app/modules/subscription/subscription.ts';

export interface PlanStatus {
  isPro: boolean;
  remainingDays: number;
  remainingProducts: number;
  productLimit: number;
  showUpgradePrompt: boolean;
}

/**
 * What the admin frame shows on every page: the restaurant's name and slug, and the plan status
 * behind the upgrade prompt (spec section 4). The id comes from requireRestaurantOwner.
 */
export async function getRestaurantAdminSummary(db: Kysely<Database>, restaurantId: string, now = new Date()) {
  const restaurant = await db
    .selectFrom('restaurant')
    .select([
      'name', 'slug', 'logoUrl', 'plan', 'subscriptionActive', 'isPro', 'isManualPro', 'stripeActive', 'stripePlan',
      'trialStartDate', 'productsCount',
    ])
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  const subscription: PlanStatus = {
    isPro: isPro(restaurant),
    remainingDays: remainingTrialDays(restaurant, now),
    remainingProducts: remainingProducts(restaurant),
    productLimit: FREE_PRODUCT_LIMIT,
    showUpgradePrompt: shouldShowUpgradePrompt(restaurant, now),
  };
  return { restaurant: { name: restaurant.name, slug: restaurant.slug, logoUrl: restaurant.logoUrl }, subscription };
}
