import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { makeAdminScope, makeOwnerScope, makeUserScope } from '#app/modules/access/scope-builders.server.ts';
import type { AdminScope, OwnerScope, UserActor, UserScope } from '#app/modules/access/scope.server.ts';

/**
 * Scopes for service tests, standing in for a passed access check. The access module itself is
 * tested over HTTP and through route modules (tests/routes); here the service's own rules are.
 */
export function ownerScope(db: Kysely<Database>, restaurantId: string, actor: Partial<UserActor> = {}): OwnerScope {
  return makeOwnerScope(db, { type: 'user', id: `owner-of-${restaurantId}`, email: `owner-${restaurantId}@example.com`, role: 'restaurant', ...actor }, restaurantId, { requestId: 'test-request' });
}

export function adminScope(db: Kysely<Database>, actor: Partial<UserActor> = {}): AdminScope {
  return makeAdminScope(db, { type: 'user', id: 'admin-1', email: 'admin@bucate.localhost', role: 'admin', ...actor }, { requestId: 'test-request' });
}

/** A signed-in user's own scope (any role), claiming `restaurantId` as their session would. */
export function userScope(db: Kysely<Database>, restaurantId: string | null, actor: Partial<UserActor> = {}): UserScope {
  return makeUserScope(db, { type: 'user', id: `user-${restaurantId ?? 'none'}`, email: `user-${restaurantId ?? 'none'}@example.com`, role: 'restaurant', ...actor }, restaurantId, { requestId: 'test-request' });
}

/** An admin scope whose user is not an admin: what a cast or a bug could produce. */
export function forgedAdminScope(db: Kysely<Database>): AdminScope {
  return { ...adminScope(db), actor: { type: 'user', id: 'owner-1', email: 'owner@example.com', role: 'restaurant' } } as unknown as AdminScope;
}
