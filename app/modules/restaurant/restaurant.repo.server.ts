import type { Insertable, Kysely } from 'kysely';
import type { Database, MembershipTable, NewRestaurant, Restaurant, RestaurantUpdate } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/** Public lookup by slug (docs/product-spec.md section 7: "a restaurant by slug equal to the parameter"). */
export function findRestaurantBySlug(db: Kysely<Database>, slug: string): Promise<Restaurant | undefined> {
  return acrossRestaurants(db, 'a public lookup by slug').selectFrom('restaurant').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/**
 * The cache key of a restaurant's rendered menu (version, active, and until when the plan serves
 * it: the summary docs/decisions/0010 keeps); undefined when the slug is unknown.
 */
export function findMenuStateBySlug(db: Kysely<Database>, slug: string) {
  return acrossRestaurants(db, 'a public lookup by slug').selectFrom('restaurant').select(['menuVersion', 'active', 'publishedUntil']).where('slug', '=', slug).executeTakeFirst();
}

/**
 * Marks a restaurant's menu as changed: every service that changes what a guest sees calls this
 * in the same transaction, so the next request, on any app process, renders afresh.
 */
export async function bumpMenuVersion(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1), updatedAt: new Date().toISOString() }))
    .execute();
}

/** Takes the restaurant's row lock for the rest of the transaction, changing nothing. */
export async function lockRestaurantRow(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb.ref('menuVersion') }))
    .execute();
}

/**
 * Restaurants whose menus guests may see, for the sitemap (the trial rule is applied by the caller).
 * A public read model: the sitemap lists what any guest may open, so it takes no scope.
 */
export function listActiveRestaurantsForSitemap(db: Kysely<Database>) {
  return acrossRestaurants(db, 'the sitemap lists every published restaurant')
    .selectFrom('restaurant')
    .selectAll()
    .where('active', '=', 1)
    .where('publishedUntil', 'is not', null)
    .orderBy('slug')
    .limit(50_000)
    .execute();
}

/** The access check (decision 0029): the restaurant at this slug and the user's role in it, if they are a member. */
export function findMembershipBySlug(db: Kysely<Database>, userId: string, slug: string) {
  return acrossRestaurants(db, 'the access check finds the restaurant by slug and the user in it')
    .selectFrom('restaurant')
    .innerJoin('membership', 'membership.restaurantId', 'restaurant.id')
    .select(['restaurant.id', 'restaurant.slug', 'restaurant.shortCode', 'membership.role'])
    .where('restaurant.slug', '=', slug)
    .where('membership.userId', '=', userId)
    .executeTakeFirst();
}

/**
 * The open live streams' check (issue 33 item 1): for each of these sessions, its user (disabled or
 * not, platform role) and the user's memberships; a session signed out or ended is simply absent.
 */
export function listSessionMemberships(db: Kysely<Database>, sessionIds: readonly string[]) {
  return acrossRestaurants(db, 'the live streams of a process, re-checked at once: their holders are members of several restaurants')
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .innerJoin('membership', 'membership.userId', 'session.userId')
    .select(['session.id as sessionId', 'session.userId', 'session.expiresAt', 'user.banned', 'user.role as userRole', 'membership.restaurantId', 'membership.role'])
    .where('session.id', 'in', sessionIds)
    .execute();
}

/** Every restaurant the user is a member of, with their role, by name (the switcher, the landing page, GDPR). */
export function listMembershipsOf(db: Kysely<Database>, userId: string) {
  return acrossRestaurants(db, 'a user’s own memberships in every restaurant')
    .selectFrom('membership')
    .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
    .select(['restaurant.id', 'restaurant.name', 'restaurant.slug', 'membership.role', 'membership.createdAt'])
    .where('membership.userId', '=', userId)
    .orderBy('restaurant.name')
    .orderBy('restaurant.id')
    .execute();
}

/** A membership row (in a transaction that creates a restaurant or accepts an invitation). */
export async function insertMembership(db: Kysely<Database>, row: Insertable<MembershipTable>): Promise<void> {
  await db.insertInto('membership').values(row).execute();
}

/** Remembers the restaurant a member opened, where their next sign-in lands. */
export async function rememberLastRestaurant(db: Kysely<Database>, userId: string, restaurantId: string): Promise<void> {
  await db.updateTable('user').set({ lastRestaurantId: restaurantId }).where('id', '=', userId).where('lastRestaurantId', 'is distinct from', restaurantId).execute();
}

/** The restaurant the user opened last, if they are still a member of it. */
export function findLastRestaurant(db: Kysely<Database>, userId: string) {
  return acrossRestaurants(db, 'a user’s own last restaurant, before one is chosen')
    .selectFrom('user')
    .innerJoin('membership', (join) => join.onRef('membership.restaurantId', '=', 'user.lastRestaurantId').onRef('membership.userId', '=', 'user.id'))
    .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
    .select(['restaurant.id', 'restaurant.slug', 'membership.role'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/** Every column of one restaurant. */
export function findRestaurantById(db: Kysely<Database>, restaurantId: string): Promise<Restaurant | undefined> {
  return tenant(db, restaurantId).selectFrom('restaurant').selectAll().executeTakeFirst();
}

/** The currency prices of this restaurant are in, and its time zone (the editor says when a dish comes back in it). */
export function findRestaurantCurrency(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['currency', 'timeZone']).executeTakeFirstOrThrow();
}

/** What the admin frame needs: name, slug, logo, time zone and the plan columns. */
export function findRestaurantAdminSummary(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['name', 'slug', 'logoKey', 'productsCount', 'timeZone', 'createdAt']).executeTakeFirstOrThrow();
}

/** The settings form's columns, with the ids of the logo and cover when they are this restaurant's uploads. */
export function findRestaurantSettings(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('restaurant')
    .leftJoin('storedImage as logo', (join) => join.onRef('logo.path', '=', 'restaurant.logoKey').onRef('logo.restaurantId', '=', 'restaurant.id'))
    .leftJoin('storedImage as cover', (join) => join.onRef('cover.path', '=', 'restaurant.coverImageKey').onRef('cover.restaurantId', '=', 'restaurant.id'))
    .select([
      'restaurant.name',
      'slug',
      'shortCode',
      'currency',
      'timeZone',
      'descriptionRo',
      'descriptionEn',
      'phone',
      'email',
      'address',
      'accentColor',
      'openingHours',
      'openingExceptions',
      'settingsVersion',
      'logoKey',
      'coverImageKey',
      'logo.id as logoId',
      'cover.id as coverId',
    ])
    .executeTakeFirstOrThrow();
}

/** Another restaurant already using `slug`, if any. */
export function findOtherRestaurantWithSlug(db: Kysely<Database>, restaurantId: string, slug: string) {
  return acrossRestaurants(db, 'a slug is unique across restaurants')
    .selectFrom('restaurant')
    .select('id')
    .where('slug', '=', slug)
    .where('id', '!=', restaurantId)
    .executeTakeFirst();
}

/**
 * Writes the settings form's columns and moves the settings version on, only while it is still
 * `expectedVersion` (optimistic concurrency, decision 0015). False when nothing was written.
 */
export async function updateRestaurantSettingsRow(db: Kysely<Database>, restaurantId: string, values: RestaurantUpdate, expectedVersion: number): Promise<boolean> {
  const query = tenant(db, restaurantId)
    .updateTable('restaurant')
    .set((eb) => ({ ...values, settingsVersion: eb('settingsVersion', '+', 1) }))
    .where('settingsVersion', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Reads the plan columns and takes the restaurant's row lock for the rest of the transaction (a
 * no-op update: portable, where SELECT ... FOR UPDATE is not).
 */
export function lockPlanState(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .updateTable('restaurant')
    .set((eb) => ({ productsCount: eb('productsCount', '+', 0) }))
    .returning(['proUntil', 'productsCount'])
    .executeTakeFirst();
}

/** Stores the restaurant's product count. */
export async function setProductsCount(db: Kysely<Database>, restaurantId: string, productsCount: number): Promise<void> {
  await tenant(db, restaurantId).updateTable('restaurant').set({ productsCount }).execute();
}

/** Deletes a restaurant; its locations, categories, products and image rows go with it (foreign keys). */
export async function deleteRestaurantRow(db: Kysely<Database>, restaurantId: string): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('restaurant').execute();
}

/** A new restaurant's row (registration; its owner and trial are written in the same transaction). */
export async function insertRestaurantRow(db: Kysely<Database>, row: NewRestaurant): Promise<void> {
  await acrossRestaurants(db, 'creates the restaurant itself').insertInto('restaurant').values(row).execute();
}

/**
 * Remembers a slug the restaurant gave up (an old link then answers 301 to the current one). A slug
 * given up twice belongs to the latest restaurant that gave it up; the restaurant's new slug leaves
 * its own history (the live slug always wins anyway).
 */
export async function rememberPreviousSlug(db: Kysely<Database>, restaurantId: string, previous: string, current: string, now: string): Promise<void> {
  await acrossRestaurants(db, 'a slug given up belongs to the latest restaurant that gave it up')
    .deleteFrom('restaurantSlugHistory')
    .where('slug', 'in', [previous, current])
    .execute();
  await tenant(db, restaurantId).insertInto('restaurantSlugHistory', { slug: previous, createdAt: now }).execute();
}

/**
 * Public lookup of a slug a restaurant used before: its current slug, or undefined. The caller
 * asks only after the live slug matched no restaurant, so a slug taken since by another restaurant
 * never redirects.
 */
export async function findCurrentSlugForPreviousSlug(db: Kysely<Database>, slug: string): Promise<string | undefined> {
  const row = await acrossRestaurants(db, 'a public lookup by an old slug')
    .selectFrom('restaurantSlugHistory')
    .innerJoin('restaurant', 'restaurant.id', 'restaurantSlugHistory.restaurantId')
    .select('restaurant.slug')
    .where('restaurantSlugHistory.slug', '=', slug)
    .executeTakeFirst();
  return row?.slug;
}
