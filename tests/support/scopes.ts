import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Role } from '#app/modules/access/policy.ts';
import { makeAdminScope, makeMemberScope, makeUserScope } from '#app/modules/access/scope-builders.server.ts';
import type { AdminScope, MemberScope, UserActor, UserScope } from '#app/modules/access/scope.server.ts';

/**
 * Scopes for service tests, standing in for a passed access check. The access module itself is
 * tested over HTTP and through route modules (tests/routes); here the service's own rules are.
 */
export function memberScope(db: Kysely<Database>, restaurantId: string, role: Role, actor: Partial<UserActor> = {}): MemberScope {
  return makeMemberScope(db, { type: 'user', id: `${role}-of-${restaurantId}`, email: `${role}-${restaurantId}@example.com`, role: 'restaurant', ...actor }, restaurantId, role, {
    requestId: 'test-request',
  });
}

/** An owner's scope: a member with every permission of the restaurant. */
export function ownerScope(db: Kysely<Database>, restaurantId: string, actor: Partial<UserActor> = {}): MemberScope {
  return memberScope(db, restaurantId, 'owner', actor);
}

export function adminScope(db: Kysely<Database>, actor: Partial<UserActor> = {}): AdminScope {
  return makeAdminScope(db, { type: 'user', id: 'admin-1', email: 'admin@bucate.localhost', role: 'admin', ...actor }, { requestId: 'test-request' });
}

/** A signed-in user's own scope (any role). */
export function userScope(db: Kysely<Database>, actor: Partial<UserActor> = {}): UserScope {
  return makeUserScope(db, { type: 'user', id: 'user-1', email: 'user-1@example.com', role: 'restaurant', ...actor }, { requestId: 'test-request' });
}

/** An admin scope whose user is not an admin: what a cast or a bug could produce. */
export function forgedAdminScope(db: Kysely<Database>): AdminScope {
  return { ...adminScope(db), actor: { type: 'user', id: 'owner-1', email: 'owner@example.com', role: 'restaurant' } } as unknown as AdminScope;
}

/** An owner's scope with the right fields that the access module did not make: what a cast or a spread produces. */
export function forgedMemberScope(db: Kysely<Database>, restaurantId: string): MemberScope {
  return { ...ownerScope(db, restaurantId) } as MemberScope;
}
