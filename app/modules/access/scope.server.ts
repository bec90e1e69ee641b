import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';

/**
 * Who is asking, for what, over which database. The access module is the only place that makes
 * an owner's, an admin's or a user's scope (after checking the session; the builders are in
 * `scope-builders.server.ts`, which dependency-cruiser lets only access/ and tests/ import); jobs,
 * webhooks and scripts act through a system scope, made here. Every service that touches tenant or platform data takes a scope first, so it
 * cannot be called with a bare restaurant id: the brand below is not constructible elsewhere.
 */
declare const scopeBrand: unique symbol;

/** What the HTTP server knew about the request behind an action (empty for jobs). */
export interface RequestMeta {
  requestId: string | null;
}

export interface UserActor {
  type: 'user';
  id: string;
  email: string;
  role: 'admin' | 'restaurant';
}

export interface SystemActor {
  type: 'system';
  /** what acts, e.g. 'job:image.sweep' or 'webhook:stripe' */
  id: string;
}

export type Actor = UserActor | SystemActor;

interface ScopeBase {
  readonly [scopeBrand]: true;
  db: Kysely<Database>;
  requestMeta: RequestMeta;
}

/** Acting on one restaurant's data: its owner, or the system on the restaurant's behalf. */
export interface RestaurantScope extends ScopeBase {
  kind: 'owner' | 'system';
  restaurantId: string;
  actor: Actor;
}

/** A signed-in owner acting on the restaurant the access check proved is theirs. */
export interface OwnerScope extends RestaurantScope {
  kind: 'owner';
  actor: UserActor;
}

/** A signed-in platform admin (role checked by the access module). */
export interface AdminScope extends ScopeBase {
  kind: 'admin';
  actor: UserActor & { role: 'admin' };
}

/**
 * A signed-in user of any role acting on their own account (GDPR export). `restaurantId` is what
 * their session claims: services check that the actor owns it before reading it.
 */
export interface UserScope extends ScopeBase {
  kind: 'user';
  actor: UserActor;
  restaurantId: string | null;
}

/** A job, a webhook or a start-up task: no user, acts across restaurants. */
export interface SystemScope extends ScopeBase {
  kind: 'system';
  actor: SystemActor;
}

export type AnyScope = RestaurantScope | AdminScope | SystemScope | UserScope;

export const NO_REQUEST: RequestMeta = { requestId: null };

/** The scope of a job, webhook or script: `name` says which, and shows in the audit log. */
export function systemScope(db: Kysely<Database>, name: string, requestMeta: RequestMeta = NO_REQUEST): SystemScope {
  return { kind: 'system', db, actor: { type: 'system', id: name }, requestMeta } as SystemScope;
}

/** The system acting for one restaurant (a job's or webhook's work on that restaurant's data). */
export function forRestaurant(scope: SystemScope, restaurantId: string): RestaurantScope {
  return { ...scope, kind: 'system', restaurantId } as RestaurantScope;
}

/** The same scope over another handle (a transaction), so repositories see one database. */
export function withDb<S extends AnyScope>(scope: S, db: Kysely<Database>): S {
  return { ...scope, db };
}

/** The restaurant a scope is tied to, if any (for audit rows). */
export function scopeRestaurantId(scope: AnyScope): string | null {
  return 'restaurantId' in scope ? (scope.restaurantId ?? null) : null;
}

/**
 * The one role check of every admin service: the type says an admin scope, and this proves it at
 * run time too (a scope forged with a cast, or an admin since demoted, is refused).
 */
export function assertAdmin(scope: AdminScope): void {
  if (scope.kind !== 'admin' || scope.actor.role !== 'admin') throw new AppError('forbidden');
}
