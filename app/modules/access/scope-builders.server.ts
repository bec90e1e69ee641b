import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { NO_REQUEST, type AdminScope, type OwnerScope, type RequestMeta, type UserActor, type UserScope } from './scope.server.ts';

/**
 * The scopes that stand for a signed-in person. Only the access module makes them, after proving
 * who is asking (`access.server.ts`); tests make them through `tests/support/scopes.ts`. The
 * dependency-cruiser rule `scope-builders-only-in-access` keeps every other importer out: a
 * service, route, job or script that needs a scope gets one from access/ or acts as the system.
 */

/**
 * An owner's scope. Only `access.server.ts` calls this after proving ownership; tests call it
 * through `tests/support/scopes.ts` (dependency-cruiser keeps every other caller out).
 */
export function makeOwnerScope(db: Kysely<Database>, actor: UserActor, restaurantId: string, requestMeta: RequestMeta = NO_REQUEST): OwnerScope {
  return { kind: 'owner', db, actor, restaurantId, requestMeta } as OwnerScope;
}

/** An admin's scope; same rule as `makeOwnerScope`. */
export function makeAdminScope(db: Kysely<Database>, actor: UserActor, requestMeta: RequestMeta = NO_REQUEST): AdminScope {
  if (actor.role !== 'admin') throw new Error('an admin scope needs an admin');
  return { kind: 'admin', db, actor, requestMeta } as AdminScope;
}

/** A signed-in user's own scope; same rule as `makeOwnerScope` (only `access.server.ts` and tests). */
export function makeUserScope(db: Kysely<Database>, actor: UserActor, restaurantId: string | null, requestMeta: RequestMeta = NO_REQUEST): UserScope {
  return { kind: 'user', db, actor, restaurantId, requestMeta } as UserScope;
}
