/**
 * What each actor should get from a loader or action, derived from the route's guard (its marker,
 * app/modules/access/route-guards.server.ts) and the policy table (`can`, app/modules/access/policy.ts),
 * never written out per role: docs/product-spec.md section 6 with decision 0029.
 */
import { can } from '#app/modules/access/policy.ts';
import type { RouteGuard } from '#app/modules/access/route-guards.server.ts';
import type { ActorName, Outcome, Restaurant, World } from './matrix-world.ts';

/** The exact messages of docs/product-spec.md section 6, written out rather than read from the catalogue. */
export const PAGE_FORBIDDEN = 'Nu aveți permisiunea de a accesa această pagină.';
export const RESTAURANT_FORBIDDEN = 'Nu aveți permisiunea de a accesa acest restaurant.';
export const unauthorized = (message: string) => `/unauthorized?message=${encodeURIComponent(message)}`;
export const toLogin = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;
export const USER_DISABLED = '/login?error=USER_DISABLED';

/** null when the outcome is right, otherwise what was expected. */
export type Expect = (outcome: Outcome) => string | null;

export const redirectTo =
  (location: string): Expect =>
  (o) =>
    o.status >= 300 && o.status < 400 && o.location === location ? null : `expected a redirect to ${location}`;
export const ok =
  (check?: (o: Outcome) => string | null): Expect =>
  (o) =>
    o.status >= 200 && o.status < 300 ? (check?.(o) ?? null) : 'expected 2xx';
export const status =
  (code: number): Expect =>
  (o) =>
    o.status === code && !o.location ? null : `expected status ${code}`;
export const contains = (text: string) => (o: Outcome) => (o.body.includes(text) ? null : `expected the answer to contain ${JSON.stringify(text)}`);
/** A disabled user's cookie: told once that the account is disabled, then a guest. */
export const disabledThen =
  (asGuest: Expect): Expect =>
  (o) =>
    o.location === USER_DISABLED ? null : asGuest(o) && `expected ${USER_DISABLED} or the guest's outcome`;

/** An actor the guard lets through: never sent to sign-in or to unauthorized, and then what the case checks. */
const granted =
  (allowed: Expect): Expect =>
  (o) => {
    const refused = o.location?.startsWith('/unauthorized') || o.location?.startsWith('/login?redirect=') || o.location === USER_DISABLED;
    return refused ? 'expected the guard to let this actor through' : allowed(o);
  };

/** What an actor the guard lets through gets: one check for all, or one per actor where it differs. */
export type Allowed = Expect | Partial<Record<ActorName, Expect>>;

export interface Case {
  file: string;
  kind: 'loader' | 'action';
  path: string;
  params: Record<string, string>;
  /** the form posted, or a function making it when the case runs (a version read just before) */
  form?: Form | (() => Promise<Form>);
  allowed: Allowed;
  /** run only as these actors (default: every actor) */
  actors?: readonly ActorName[];
}
export type Form = Record<string, string | string[] | Blob>;

const isDisabled = (actor: ActorName) => actor === 'disabled' || actor === 'disabledAdmin';

/**
 * Where a signed-in actor lands (landingPathFor): an admin in the back office, a member in their one
 * restaurant, staff on its orders board (issue 33 item 16).
 */
function landingOf(actor: ActorName, w: World): string {
  if (actor === 'admin') return '/admin';
  const home = [w.A, w.B].find((restaurant) => restaurant.members[actor]);
  if (!home) throw new Error(`${actor} belongs nowhere`);
  return home.members[actor] === 'staff' ? `/${home.slug}/admin/orders` : `/${home.slug}/admin`;
}

function allowedFor(c: Case, actor: ActorName): Expect {
  if (typeof c.allowed === 'function') return c.allowed;
  const one = c.allowed[actor];
  return one ?? (() => `the case names no outcome for ${actor}`);
}

/**
 * The expected outcome of `c` for `actor`, from the route's guard:
 *  - restaurant(permission): a member of the restaurant whose role `can` do it gets in; another
 *    role gets 'Nu aveți permisiunea de a accesa această pagină.'; a signed-in non-member 'Nu aveți
 *    permisiunea de a accesa acest restaurant.'; an admin (no member) the page message; a guest sign-in;
 *  - admin: the admin gets in; anyone else signed in gets the page message; a guest sign-in;
 *  - user: anyone signed in gets in, a guest goes to sign-in;
 *  - guest: a guest gets in, anyone signed in goes where they belong;
 *  - public: everyone gets in.
 * A disabled user (owner or admin) is told once that the account is disabled, then is a guest.
 */
export function expectationFor(guard: RouteGuard, actor: ActorName, c: Case, w: World): Expect {
  const asGuest = guard.kind === 'public' || guard.kind === 'guest' ? allowedFor(c, 'guest') : redirectTo(toLogin(c.path));
  if (actor === 'guest') return guard.kind === 'public' || guard.kind === 'guest' ? granted(asGuest) : asGuest;
  if (isDisabled(actor)) return disabledThen(asGuest);
  switch (guard.kind) {
    case 'public':
      return granted(allowedFor(c, actor));
    case 'guest':
      return redirectTo(landingOf(actor, w));
    case 'user':
      return guard.restaurantUsersOnly && actor === 'admin' ? redirectTo(unauthorized(PAGE_FORBIDDEN)) : granted(allowedFor(c, actor));
    case 'admin':
      return actor === 'admin' ? granted(allowedFor(c, actor)) : redirectTo(unauthorized(PAGE_FORBIDDEN));
    case 'restaurant': {
      const restaurant = restaurantOf(c, w);
      const role = restaurant.members[actor];
      if (actor === 'admin') return redirectTo(unauthorized(PAGE_FORBIDDEN));
      if (!role) return redirectTo(unauthorized(RESTAURANT_FORBIDDEN));
      return can(role, guard.permission) ? granted(allowedFor(c, actor)) : redirectTo(unauthorized(PAGE_FORBIDDEN));
    }
  }
}

/** The restaurant a restaurant route's case is about (its `restaurantSlug`). */
export function restaurantOf(c: Case, w: World): Restaurant {
  const restaurant = [w.A, w.B].find((one) => one.slug === c.params.restaurantSlug);
  if (!restaurant) throw new Error(`${c.file}: no restaurant at ${c.params.restaurantSlug}`);
  return restaurant;
}
