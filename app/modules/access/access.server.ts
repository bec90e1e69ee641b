import type { Kysely } from 'kysely';
import { redirect } from 'react-router';
import { clearSessionCookie, getAuth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToLogin, redirectToUnauthorized } from './redirects.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'restaurant';
  restaurantId: string | null;
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

/** Spec section 6: pages needing sign-in send a signed-out user to login with the full path. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirectToLogin(request);
  return user;
}

/** Spec section 6: the admin page needs role admin. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw redirectToUnauthorized(ro.errors.pageForbidden);
  return user;
}

/**
 * Spec section 6: restaurant pages need role restaurant, and an owner may open only their own
 * restaurant. Returns the restaurant's id for the services to scope every query by.
 */
export async function requireRestaurantOwner(
  db: Kysely<Database>,
  request: Request,
  restaurantSlug: string,
): Promise<{ user: SessionUser; restaurantId: string }> {
  const user = await requireUser(request);
  if (user.role !== 'restaurant') throw redirectToUnauthorized(ro.errors.pageForbidden);
  const own = user.restaurantId
    ? await db
        .selectFrom('restaurant')
        .select(['id', 'slug'])
        .where('id', '=', user.restaurantId)
        .where('ownerId', '=', user.id)
        .executeTakeFirst()
    : undefined;
  if (!own || own.slug !== restaurantSlug) throw redirectToUnauthorized(ro.errors.restaurantForbidden);
  return { user, restaurantId: own.id };
}

/**
 * Spec section 6: where a signed-in user belongs: admins to /admin, owners to their restaurant's
 * admin, anyone else to contact. Guest-only pages send signed-in users here.
 */
export async function landingPathFor(db: Kysely<Database>, user: SessionUser): Promise<string> {
  if (user.role === 'admin') return '/admin';
  if (user.restaurantId) {
    const own = await db
      .selectFrom('restaurant')
      .select('slug')
      .where('id', '=', user.restaurantId)
      .where('ownerId', '=', user.id)
      .executeTakeFirst();
    if (own) return `/${own.slug}/admin`;
  }
  return '/contact';
}

/** Spec section 6: guest-only pages send a signed-in user to where they belong. */
export async function requireGuest(db: Kysely<Database>, request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(await landingPathFor(db, user));
}
