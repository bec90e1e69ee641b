import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { can, type Permission, type Role } from './policy.ts';
import { isIssued, mint } from './scope-mint.internal.server.ts';

/**
 * Who is asking, for what, over which database (decisions 0009 and 0029). Only the access module
 * makes a scope: a member's or an admin's after checking the session (`access.server.ts`), the
 * system's for jobs, the payment webhook, the demo seed and scripts (`system-scope.server.ts`,
 * which dependency-cruiser lets only those import). Every scope is made by one private factory
 * and checked by identity at run time (`authorize`, `assertAdmin`), so a cast, a spread or an
 * object literal with the right fields is refused even where the brand below is cast away.
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
  readonly db: Kysely<Database>;
  readonly requestMeta: RequestMeta;
}

/** A signed-in member acting on the restaurant the access check found them in, with the role it found. */
export interface MemberScope extends ScopeBase {
  readonly kind: 'member';
  readonly restaurantId: string;
  readonly actor: UserActor;
  readonly role: Role;
}

/** The system acting on one restaurant's data (a job, the payment webhook, the demo seed). */
export interface SystemRestaurantScope extends ScopeBase {
  readonly kind: 'system';
  readonly restaurantId: string;
  readonly actor: SystemActor;
}

/** Acting on one restaurant's data: a member, or the system on the restaurant's behalf. */
export type RestaurantScope = MemberScope | SystemRestaurantScope;

/** A signed-in platform admin (role checked by the access module). */
export interface AdminScope extends ScopeBase {
  readonly kind: 'admin';
  readonly actor: UserActor & { role: 'admin' };
}

/** A signed-in user of any role acting on their own account (GDPR export, payment return, new restaurant). */
export interface UserScope extends ScopeBase {
  readonly kind: 'user';
  readonly actor: UserActor;
}

/** A job, a webhook or a start-up task: no user, acts across restaurants. */
export interface SystemScope extends ScopeBase {
  readonly kind: 'system';
  readonly actor: SystemActor;
}

export type AnyScope = RestaurantScope | AdminScope | SystemScope | UserScope;

export const NO_REQUEST: RequestMeta = { requestId: null };

/** The same scope over another handle (a transaction), so repositories see one database. */
export function withDb<S extends AnyScope>(scope: S, db: Kysely<Database>): S {
  assertIssued(scope);
  return mint<S>({ ...scope, db } as Omit<S, symbol>);
}

/** The restaurant a scope is tied to, if any (for audit rows). */
export function scopeRestaurantId(scope: AnyScope): string | null {
  return 'restaurantId' in scope ? (scope.restaurantId ?? null) : null;
}

/** The role the scope acts in, for audit rows: a member's role, or null for the system and admins. */
export function scopeRole(scope: AnyScope): Role | null {
  return scope.kind === 'member' ? scope.role : null;
}

function assertIssued(scope: unknown): void {
  if (!isIssued(scope)) throw new AppError('forbidden');
}

/**
 * The check at the top of every service that touches a restaurant's data: the scope is one the
 * access module made, and a member's role allows `permission` (the system acts for the restaurant
 * on its own authority). A forged scope or a role without the permission is refused.
 */
export function authorize(scope: RestaurantScope, permission: Permission): void {
  assertIssued(scope);
  if (scope.kind === 'member' ? !can(scope.role, permission) : scope.kind !== 'system') throw new AppError('forbidden');
}

/** Whether the scope's role allows `permission`, without refusing (what a service shows or leaves out). */
export function allows(scope: RestaurantScope, permission: Permission): boolean {
  return isIssued(scope) && (scope.kind === 'system' || can(scope.role, permission));
}

/**
 * The one role check of every admin service: the type says an admin scope, and this proves it at
 * run time too (a scope forged with a cast, or an admin since demoted, is refused).
 */
export function assertAdmin(scope: AdminScope): void {
  assertIssued(scope);
  if (scope.kind !== 'admin' || scope.actor.role !== 'admin') throw new AppError('forbidden');
}

/**
 * The check at the top of every service only the system runs (jobs, the payment webhook, scripts):
 * the scope is one `systemScope` made. A look-alike object is refused like a forged member's.
 */
export function assertSystem(scope: SystemScope): void {
  assertIssued(scope);
  if (scope.kind !== 'system') throw new AppError('forbidden');
}

/** A user's own scope, proven: the access module made it (or a member's, admin's, which also name a user). */
export function assertUser(scope: UserScope): void {
  assertIssued(scope);
  if (scope.kind !== 'user') throw new AppError('forbidden');
}
