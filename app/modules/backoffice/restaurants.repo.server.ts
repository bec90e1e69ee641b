import { sql, type Kysely } from 'kysely';
import type { Database, MembershipTable } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';
import { PLAN_SUMMARY_COLUMNS } from '#app/modules/subscription/subscription.repo.server.ts';
import type { PlanStateFilter, RestaurantSort } from './backoffice.types.ts';

type MembershipRole = MembershipTable['role'];
import { isWholeEmail, textMatches } from './search.repo.server.ts';

/**
 * The back office's restaurant queries: platform-wide reads (they span restaurants by design; only
 * services taking an AdminScope call them) and a restaurant's active flag.
 */

export interface RestaurantListFilter {
  q?: string;
  state?: PlanStateFilter;
  /** ISO now, and now + 7 days ("trial ending") */
  now: string;
  soon: string;
}

/**
 * The filtered restaurants. A text search matches the name, the slug or the e-mail address of any
 * member (every role: the operator looks for a restaurant by whoever wrote to them); the members'
 * rows are read only when a search needs them, and a whole e-mail address goes through
 * user.email's unique index instead of a scan.
 */
function restaurantsQuery(db: Kysely<Database>, filter: RestaurantListFilter) {
  let query = db.selectFrom('restaurant');
  if (filter.q && isWholeEmail(filter.q)) {
    const email = filter.q.toLowerCase();
    query = query.where(
      'restaurant.id',
      'in',
      db.selectFrom('membership').innerJoin('user', 'user.id', 'membership.userId').select('membership.restaurantId').where('user.email', '=', email),
    );
  } else if (filter.q) {
    const text = filter.q;
    query = query.where((eb) =>
      eb.or([
        textMatches(db, 'restaurant', ['name', 'slug'], text),
        eb(
          'restaurant.id',
          'in',
          eb
            .selectFrom('membership')
            .innerJoin('user', 'user.id', 'membership.userId')
            .select('membership.restaurantId')
            .where(textMatches(db, 'user', ['email'], text)),
        ),
      ]),
    );
  }
  const notPro = sql<boolean>`(${sql.ref('restaurant.proUntil')} is null or ${sql.ref('restaurant.proUntil')} <= ${filter.now})`;
  switch (filter.state) {
    case 'trial':
      query = query.where((eb) => eb.and([notPro, eb('restaurant.publishedUntil', '>', filter.now)]));
      break;
    case 'trial-ending':
      query = query.where((eb) => eb.and([notPro, eb('restaurant.publishedUntil', '>', filter.now), eb('restaurant.publishedUntil', '<=', filter.soon)]));
      break;
    case 'pro-card':
      query = query.where('restaurant.proUntil', '>', filter.now).where('restaurant.planKind', '=', 'provider');
      break;
    case 'pro-manual':
      query = query.where('restaurant.proUntil', '>', filter.now).where('restaurant.planKind', '=', 'manual');
      break;
    case 'inactive':
      query = query.where((eb) => eb.or([eb('restaurant.publishedUntil', 'is', null), eb('restaurant.publishedUntil', '<=', filter.now)]));
      break;
    case 'deactivated':
      query = query.where('restaurant.active', '=', 0);
      break;
    default:
      break;
  }
  return query;
}

const RESTAURANT_ORDER: Record<RestaurantSort, [string, 'asc' | 'desc']> = {
  newest: ['restaurant.createdAt', 'desc'],
  oldest: ['restaurant.createdAt', 'asc'],
  name: ['restaurant.name', 'asc'],
  products: ['restaurant.productsCount', 'desc'],
  updated: ['restaurant.updatedAt', 'desc'],
};

/** One page of restaurants with their plan summary (owners' addresses: listUserEmails, for the page only). */
export function listRestaurantsPage(db: Kysely<Database>, filter: RestaurantListFilter, sort: RestaurantSort, page: { limit: number; offset: number }) {
  const [column, direction] = RESTAURANT_ORDER[sort];
  return restaurantsQuery(acrossRestaurants(db, 'the back office lists every restaurant'), filter)
    .select(['restaurant.id', 'restaurant.name', 'restaurant.slug', 'restaurant.active', 'restaurant.productsCount', 'restaurant.createdAt', 'restaurant.updatedAt'])
    .select(PLAN_SUMMARY_COLUMNS)
    .orderBy(sql.ref(column), direction)
    .orderBy('restaurant.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The owners' addresses of these restaurants (a page's), first owner first: members in `roles`, the owners as the policy names them. */
export function listOwnerEmails(db: Kysely<Database>, restaurantIds: readonly string[], roles: readonly MembershipRole[]) {
  if (restaurantIds.length === 0) return Promise.resolve([]);
  return acrossRestaurants(db, 'the owners of a page of restaurants in the back office')
    .selectFrom('membership')
    .innerJoin('user', 'user.id', 'membership.userId')
    .select(['membership.restaurantId', 'user.email'])
    .where('membership.restaurantId', 'in', restaurantIds)
    .where('membership.role', 'in', roles)
    .orderBy('membership.createdAt')
    .orderBy('membership.id')
    .execute();
}

/** How many members each of these restaurants (a page's) has, every role counted. */
export async function countMembers(db: Kysely<Database>, restaurantIds: readonly string[]): Promise<Map<string, number>> {
  if (restaurantIds.length === 0) return new Map();
  const rows = await acrossRestaurants(db, 'the member counts of a page of restaurants in the back office')
    .selectFrom('membership')
    .select(['restaurantId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('restaurantId', 'in', restaurantIds)
    .groupBy('restaurantId')
    .execute();
  return new Map(rows.map((row) => [row.restaurantId, Number(row.n)]));
}

export async function countRestaurants(db: Kysely<Database>, filter: RestaurantListFilter): Promise<number> {
  const row = await restaurantsQuery(acrossRestaurants(db, 'the back office lists every restaurant'), filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One restaurant for its detail page (every column but none is secret). */
export function findRestaurantForAdmin(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('restaurant')
    .select(['id', 'name', 'slug', 'shortCode', 'active', 'productsCount', 'menuVersion', 'createdAt', 'updatedAt', 'timeZone', 'currency', 'email', 'phone'])
    .select(PLAN_SUMMARY_COLUMNS.map((c) => c.replace('restaurant.', '')) as ['publishedUntil', 'proUntil', 'planKind', 'timeZone'])
    .executeTakeFirst();
}

/** The restaurant's members with their roles and since when they are members, first member first. */
export function listRestaurantUsers(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('membership')
    .innerJoin('user', 'user.id', 'membership.userId')
    .select(['user.id', 'user.email', 'user.name', 'user.banned', 'membership.role', 'membership.createdAt as memberSince'])
    .orderBy('membership.createdAt')
    .orderBy('membership.id')
    .execute();
}

/**
 * The restaurant's pending invitations, oldest first: not accepted, not revoked, not expired at
 * `now` (ISO). Who invited is the inviter's address, when their account still exists; never the
 * token's hash.
 */
export function listPendingInvitations(db: Kysely<Database>, restaurantId: string, now: string) {
  return tenant(db, restaurantId)
    .selectFrom('invitation')
    .leftJoin('user as inviter', 'inviter.id', 'invitation.invitedBy')
    .select(['invitation.id', 'invitation.email', 'invitation.role', 'invitation.createdAt', 'invitation.expiresAt', 'inviter.email as invitedByEmail'])
    .where('invitation.acceptedAt', 'is', null)
    .where('invitation.revokedAt', 'is', null)
    .where('invitation.expiresAt', '>', now)
    .orderBy('invitation.createdAt')
    .orderBy('invitation.id')
    .execute();
}

/** Counts of the restaurant's menu: what it uses of the product. */
export async function countRestaurantContent(db: Kysely<Database>, restaurantId: string) {
  const [locations, categories, products, images] = await Promise.all(
    (['location', 'category', 'product', 'storedImage'] as const).map((table) =>
      tenant(db, restaurantId)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  return { locations: Number(locations!.n), categories: Number(categories!.n), products: Number(products!.n), images: Number(images!.n) };
}

/**
 * The newest change a member (any role) made to the menu (the audit log's word) and the role they made it in, if any;
 * of two in the same millisecond, the later id (audit ids grow, newAuditId).
 */
export function findLastMemberEdit(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('auditEvent')
    .select(['createdAt', 'action', 'actorEmail', 'actorRole'])
    .where('actorType', '=', 'user')
    .where('action', 'not like', 'subscription.%')
    .where('action', 'not like', 'restaurant.deactivate%')
    .where('action', 'not like', 'restaurant.reactivate%')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Sets the restaurant's active flag; returns its name and slug, or undefined when it does not exist. */
export function writeRestaurantActive(db: Kysely<Database>, restaurantId: string, active: 0 | 1, updatedAt: string) {
  return tenant(db, restaurantId).updateTable('restaurant').set({ active, updatedAt }).returning(['name', 'slug']).executeTakeFirst();
}
