import { getDb } from '#app/db/db.server.ts';
import { requireAdmin, requireGuest, requireMember, requireRestaurantUserAccess, requireUserAccess, type MemberAccess, type UserAccess } from './access.server.ts';
import type { Permission } from './policy.ts';
import type { AdminScope } from './scope.server.ts';

/**
 * Every loader and action of app/routes/ is written through one of these wrappers (issue 24,
 * decision 0029), so none can be written without its guard: the wrapper runs the check before the
 * handler, and hands the handler what the check proved.
 *
 *   export const loader = restaurantRoute('menu.edit', async ({ request, params }: Route.LoaderArgs, { scope, user, role }) => …);
 *       a page of `:restaurantSlug`: `requireMember` for that permission of docs/decisions/0029's table
 *   export const action = adminRoute(async ({ request }: Route.ActionArgs, admin) => …);
 *       the platform back office: `requireAdmin`, the handler gets the AdminScope
 *   export const loader = userRoute(async ({ request }: Route.LoaderArgs, { scope, user }) => …);
 *       any signed-in user on their own account: a UserScope and the session's user
 *       (`restaurantUserRoute`: the same, refusing platform admins, for a user's restaurants)
 *   export const action = guestRoute(async ({ request }: Route.ActionArgs) => …);
 *       guest-only pages (sign-in): a signed-in user is sent where they belong
 *   export const loader = publicRoute(() => …);
 *       anyone, nothing checked here: an explicit decision (say in a comment what stands in, e.g. a signature)
 *
 * Annotate the handler's first parameter with the route's `Route.LoaderArgs`/`Route.ActionArgs`:
 * the wrapper keeps that type and the handler's return type, so React Router's typegen still infers
 * `loaderData`/`actionData`. Each returned function carries its guard (`guardOf`), which
 * tests/routes/route-guards.test.ts reads for every route module and tests/routes/authorization-matrix.ts
 * turns into each actor's expected outcome with `can(role, permission)`.
 *
 * The database is the process's (`getDb`, app/db/ is the layer below every module); the access
 * checks themselves stay in access.server.ts, which takes the database as an argument.
 */

export type RouteGuard =
  | { readonly kind: 'restaurant'; readonly permission: Permission }
  | { readonly kind: 'admin' }
  /** `restaurantUsersOnly`: a platform admin is refused (a user's restaurants, a new restaurant) */
  | { readonly kind: 'user'; readonly restaurantUsersOnly?: true }
  | { readonly kind: 'guest' }
  | { readonly kind: 'public' };

/** What every loader and action receives from React Router and the wrappers read. */
interface RouteArgs {
  request: Request;
}

/** A route under `:restaurantSlug` (the type refuses restaurantRoute on a route without it). */
interface RestaurantRouteArgs extends RouteArgs {
  params: { restaurantSlug: string };
}

const GUARD = Symbol('route guard');

function guarded<Fn extends (...args: never[]) => unknown>(fn: Fn, guard: RouteGuard): Fn {
  Object.defineProperty(fn, GUARD, { value: Object.freeze(guard), enumerable: false });
  return fn;
}

/** The guard a wrapper put on a loader or action, or undefined for a function written without one. */
export function guardOf(fn: unknown): RouteGuard | undefined {
  return typeof fn === 'function' ? ((fn as unknown as Record<symbol, RouteGuard | undefined>)[GUARD] ?? undefined) : undefined;
}

/** A restaurant page: the signed-in member of the restaurant at `params.restaurantSlug` whose role allows `permission`. */
export function restaurantRoute<Args extends RestaurantRouteArgs, Result>(
  permission: Permission,
  handler: (args: Args, access: MemberAccess) => Result | Promise<Result>,
): (args: Args) => Promise<Result> {
  return guarded(async (args: Args) => handler(args, await requireMember(getDb(), args.request, args.params.restaurantSlug, permission)), { kind: 'restaurant', permission });
}

/** The platform back office: a signed-in admin. */
export function adminRoute<Args extends RouteArgs, Result>(handler: (args: Args, admin: AdminScope) => Result | Promise<Result>): (args: Args) => Promise<Result> {
  return guarded(async (args: Args) => handler(args, await requireAdmin(getDb(), args.request)), { kind: 'admin' });
}

/** Any signed-in user acting on their own account. */
export function userRoute<Args extends RouteArgs, Result>(handler: (args: Args, access: UserAccess) => Result | Promise<Result>): (args: Args) => Promise<Result> {
  return guarded(async (args: Args) => handler(args, await requireUserAccess(getDb(), args.request)), { kind: 'user' });
}

/** A user's own restaurants and "Adaugă un restaurant": a signed-in user of role restaurant (never a platform admin). */
export function restaurantUserRoute<Args extends RouteArgs, Result>(handler: (args: Args, access: UserAccess) => Result | Promise<Result>): (args: Args) => Promise<Result> {
  return guarded(async (args: Args) => handler(args, await requireRestaurantUserAccess(getDb(), args.request)), { kind: 'user', restaurantUsersOnly: true });
}

/** A guest-only page (sign-in, registration): a signed-in user is redirected to where they belong. */
export function guestRoute<Args extends RouteArgs, Result>(handler: (args: Args) => Result | Promise<Result>): (args: Args) => Promise<Result> {
  return guarded(
    async (args: Args) => {
      await requireGuest(getDb(), args.request);
      return handler(args);
    },
    { kind: 'guest' },
  );
}

/** Anyone, signed in or not: nothing is checked here (the handler is unchanged, only marked). */
export function publicRoute<Args = RouteArgs, Result = unknown>(handler: (args: Args) => Result): (args: Args) => Result {
  return guarded((args: Args) => handler(args), { kind: 'public' });
}
