import type { Kysely } from 'kysely';
import type { Database, Restaurant } from '#app/db/schema.ts';

/** Public lookup by slug (spec section 7: "a restaurant by slug equal to the parameter"). */
export function findRestaurantBySlug(db: Kysely<Database>, slug: string): Promise<Restaurant | undefined> {
  return db.selectFrom('restaurant').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Public lookup by the permanent QR short code. */
export function findRestaurantSlugByShortCode(db: Kysely<Database>, shortCode: string) {
  return db.selectFrom('restaurant').select(['slug']).where('shortCode', '=', shortCode).executeTakeFirst();
}

/** The cache key of a restaurant's rendered menu; undefined when the slug is unknown. */
export function findMenuStateBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('restaurant')
    .select(['menuVersion', 'active', 'plan', 'subscriptionActive', 'isPro', 'isManualPro', 'stripeActive', 'stripePlan', 'trialStartDate', 'productsCount', 'expirationDate'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/**
 * Marks a restaurant's menu as changed: every service that changes what a guest sees calls this
 * in the same transaction, so the next request, on any app process, renders afresh.
 */
export async function bumpMenuVersion(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await db
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1), updatedAt: new Date().toISOString() }))
    .where('id', '=', restaurantId)
    .execute();
}

/** Takes the restaurant's row lock for the rest of the transaction, changing nothing. */
export async function lockRestaurantRow(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await db.updateTable('restaurant').set((eb) => ({ menuVersion: eb.ref('menuVersion') })).where('id', '=', restaurantId).execute();
}

/** Restaurants whose menus guests may see, for the sitemap (the trial rule is applied by the caller). */
export function listActiveRestaurantsForSitemap(db: Kysely<Database>) {
  return db
    .selectFrom('restaurant')
    .selectAll()
    .where('active', '=', 1)
    .where('subscriptionActive', '=', 1)
    .orderBy('slug')
    .limit(50_000)
    .execute();
}

/** Name and slug of a restaurant the caller already owns (the id comes from requireRestaurantOwner). */
export function findRestaurantSummary(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('restaurant').select(['name', 'slug']).where('id', '=', restaurantId).executeTakeFirstOrThrow();
}
