import { sql, type Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants } from '#app/db/tenant.ts';
import type { UserSort } from './backoffice.types.ts';
import { isWholeEmail, textMatches } from './search.repo.server.ts';

/** The back office's user queries (platform-wide; only services taking an AdminScope call them). */

const USER_ORDER: Record<UserSort, [string, 'asc' | 'desc']> = {
  newest: ['user.createdAt', 'desc'],
  oldest: ['user.createdAt', 'asc'],
  email: ['user.email', 'asc'],
};

/** Users filtered by a search (e-mail, name, restaurant name: textMatches); a whole e-mail address goes through the unique index. */
function usersQuery(db: Kysely<Database>, q: string | undefined) {
  let query = db.selectFrom('user');
  if (q && isWholeEmail(q)) {
    query = query.where('user.email', '=', q.toLowerCase());
  } else if (q) {
    query = query.where((eb) =>
      eb.or([
        textMatches(db, 'user', ['email', 'name'], q),
        eb(
          'user.id',
          'in',
          eb
            .selectFrom('membership')
            .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
            .select('membership.userId')
            .where(textMatches(db, 'restaurant', ['name'], q)),
        ),
      ]),
    );
  }
  return query;
}

/** One page of users: never a password hash or a token (the columns are named, not `*`). */
export function listUsersPage(db: Kysely<Database>, q: string | undefined, sort: UserSort, page: { limit: number; offset: number }) {
  const [column, direction] = USER_ORDER[sort];
  return usersQuery(acrossRestaurants(db, 'the back office finds users by the name of their restaurants'), q)
    .select(['user.id', 'user.email', 'user.name', 'user.role', 'user.banned', 'user.emailVerified', 'user.createdAt', 'user.lastSignInAt'])
    .orderBy(sql.ref(column), direction)
    .orderBy('user.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUsers(db: Kysely<Database>, q: string | undefined): Promise<number> {
  const row = await usersQuery(acrossRestaurants(db, 'the back office finds users by the name of their restaurants'), q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How each of these users signs in (provider ids only: no password hash, no token). */
export function listSignInMethods(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('account').select(['userId', 'providerId']).where('userId', 'in', userIds).execute();
}

/** The restaurants these users are members of, with their roles (a page's users). */
export function listMembershipsOfUsers(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return acrossRestaurants(db, 'the memberships of a page of users in the back office')
    .selectFrom('membership')
    .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
    .select(['membership.userId', 'membership.role', 'restaurant.id', 'restaurant.name', 'restaurant.slug'])
    .where('membership.userId', 'in', userIds)
    .orderBy('restaurant.name')
    .orderBy('restaurant.id')
    .execute();
}

export function findUserForAdmin(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user').select(['id', 'email', 'name', 'role', 'banned', 'lastRestaurantId']).where('id', '=', userId).executeTakeFirst();
}
