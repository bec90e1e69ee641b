import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Role } from './policy.ts';
import { mint } from './scope-mint.internal.server.ts';
import { NO_REQUEST, type AdminScope, type MemberScope, type RequestMeta, type UserActor, type UserScope } from './scope.server.ts';

/**
 * The scopes that stand for a signed-in person. Only the access module makes them, after proving
 * who is asking (`access.server.ts`); tests make them through `tests/support/scopes.ts`. The
 * dependency-cruiser rule `scope-builders-only-in-access` keeps every other importer out.
 */

/** A member's scope: only after the membership (user, restaurant, role) was read from the database. */
export function makeMemberScope(db: Kysely<Database>, actor: UserActor, restaurantId: string, role: Role, requestMeta: RequestMeta = NO_REQUEST): MemberScope {
  return mint<MemberScope>({ kind: 'member', db, actor, restaurantId, role, requestMeta });
}

/** An admin's scope; same rule as `makeMemberScope`. */
export function makeAdminScope(db: Kysely<Database>, actor: UserActor, requestMeta: RequestMeta = NO_REQUEST): AdminScope {
  if (actor.role !== 'admin') throw new Error('an admin scope needs an admin');
  return mint<AdminScope>({ kind: 'admin', db, actor: actor as AdminScope['actor'], requestMeta });
}

/** A signed-in user's own scope; same rule as `makeMemberScope`. */
export function makeUserScope(db: Kysely<Database>, actor: UserActor, requestMeta: RequestMeta = NO_REQUEST): UserScope {
  return mint<UserScope>({ kind: 'user', db, actor, requestMeta });
}
