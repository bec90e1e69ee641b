import type { Kysely } from 'kysely';
import { redirect } from 'react-router';
import { clearSessionCookie, getAuth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { ro } from '#app/i18n/ro.ts';
import { findOwnedRestaurant } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { redirectToLogin, redirectToUnauthorized } from './redirects.ts';
import { makeAdminScope, makeOwnerScope, makeUserScope } from './scope-builders.server.ts';
import type { AdminScope, OwnerScope, RequestMeta, UserActor, UserScope } from './scope.server.ts';

/** Set by the HTTP server on every request (a client's own value is replaced). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What the audit log keeps of the request behind an action. */
export function requestMetaOf(request: Request): RequestMeta {
  return { requestId: request.headers.get(REQUEST_ID_HEADER) };
}

function actorOf(user: SessionUser): UserActor {
  return { type: 'user', id: user.id, email: user.email, role: user.role };
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'restaurant';
  restaurantId: string | null;
  /** the owner followed the link sent to the address (or signed in by e-mail link or Google) */
  emailVerified: boolean;
}

/**
 * The signed-in user of this request, or null. A user an admin has disabled is signed out on
 * every device at once and sent to the sign-in page with the translated 'user-disabled' message.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const auth = getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) {
    await refuseDisabledSession(request);
    return null;
  }
  const user = session.user as typeof session.user & { role?: string | null; restaurantId?: string | null; banned?: boolean | null };
  if (user.banned) {
    await (await auth.$context).internalAdapter.deleteUserSessions(user.id);
    throw redirect('/login?error=USER_DISABLED', { headers: { 'Set-Cookie': clearSessionCookie() } });
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'restaurant',
    restaurantId: user.restaurantId ?? null,
    emailVerified: Boolean(user.emailVerified),
  };
}

/** Left in place of each session ended by disabling its user, keyed by the session token. */
export function disabledSessionMarker(token: string): string {
  return `disabled-session:${token}`;
}

/** A cookie whose session an admin ended by disabling its user: say so once, and clear the cookie. */
async function refuseDisabledSession(request: Request): Promise<void> {
  const token = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;.]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!token) return;
  const marker = await (await getAuth().$context).internalAdapter.consumeVerificationValue(disabledSessionMarker(decodeURIComponent(token)));
  if (marker) throw redirect('/login?error=USER_DISABLED', { headers: { 'Set-Cookie': clearSessionCookie() } });
}

/** docs/product-spec.md section 6: pages needing sign-in send a signed-out user to login with the full path. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirectToLogin(request);
  return user;
}

/**
 * Any signed-in user acting on their own account (the GDPR export): the scope names the user and
 * the restaurant their session claims; the service still checks that they own it.
 */
export async function requireUserScope(db: Kysely<Database>, request: Request): Promise<UserScope> {
  const user = await requireUser(request);
  return makeUserScope(db, actorOf(user), user.restaurantId, requestMetaOf(request));
}

/** docs/product-spec.md section 6: the admin page needs role admin. Returns the admin's scope for the services. */
export async function requireAdmin(db: Kysely<Database>, request: Request): Promise<AdminScope> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw redirectToUnauthorized(ro.errors.pageForbidden);
  return makeAdminScope(db, actorOf(user), requestMetaOf(request));
}

/**
 * docs/product-spec.md section 6: restaurant pages need role restaurant, and an owner may open only their own
 * restaurant. Returns the owner's scope: the services scope every query by its restaurant id.
 */
export async function requireRestaurantOwner(
  db: Kysely<Database>,
  request: Request,
  restaurantSlug: string,
): Promise<OwnerScope & { user: SessionUser }> {
  const user = await requireUser(request);
  if (user.role !== 'restaurant') throw redirectToUnauthorized(ro.errors.pageForbidden);
  const own = user.restaurantId ? await findOwnedRestaurant(db, user.restaurantId, user.id) : undefined;
  if (!own || own.slug !== restaurantSlug) throw redirectToUnauthorized(ro.errors.restaurantForbidden);
  return { ...makeOwnerScope(db, actorOf(user), own.id, requestMetaOf(request)), user };
}

/**
 * The owner's scope for a restaurant created in this very transaction for a user who has just
 * signed up (registration, a Google user's first visit): creating it for them is the proof of
 * ownership, there is no session to check yet. Pass the transaction that inserted the restaurant.
 */
export function ownerScopeForNewRestaurant(db: Kysely<Database>, owner: { id: string; email: string }, restaurantId: string): OwnerScope {
  return makeOwnerScope(db, { type: 'user', id: owner.id, email: owner.email, role: 'restaurant' }, restaurantId);
}

/**
 * docs/product-spec.md section 6: where a signed-in user belongs: admins to /admin, owners to their restaurant's
 * admin, anyone else to contact. Guest-only pages send signed-in users here.
 */
export async function landingPathFor(db: Kysely<Database>, user: SessionUser): Promise<string> {
  if (user.role === 'admin') return '/admin';
  if (user.restaurantId) {
    const own = await findOwnedRestaurant(db, user.restaurantId, user.id);
    if (own) return `/${own.slug}/admin`;
  }
  return '/contact';
}

/** docs/product-spec.md section 6: guest-only pages send a signed-in user to where they belong. */
export async function requireGuest(db: Kysely<Database>, request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(await landingPathFor(db, user));
}
