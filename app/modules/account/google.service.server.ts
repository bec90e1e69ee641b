import type { Kysely } from 'kysely';
import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import { identityErrorFrom, type IdentityErrorCode } from '#app/auth/identity-errors.ts';
import type { Database } from '#app/db/schema.ts';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import { listMembershipsOf } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { createRestaurantForOwner } from './register.service.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';

/** Where Google sends the user back: a new user gives the restaurant name there first. */
export const GOOGLE_COMPLETE_PATH = '/login/complete';

/** Where Google sends the user back, carrying where they were going (an invitation's page, say): a local path only. */
export function googleCallbackPath(redirectTo = ''): string {
  return redirectTo ? `${GOOGLE_COMPLETE_PATH}?${new URLSearchParams({ redirect: redirectTo })}` : GOOGLE_COMPLETE_PATH;
}

/**
 * Starts Google sign-in: the address to send the browser to, and the state cookie better-auth set.
 * `redirectTo` (already a safe local path) is where the user goes after: an invitation's page, so a
 * first Google sign-in from an invitation joins that team instead of being asked for a restaurant.
 */
export async function startGoogleSignIn(
  auth: Auth,
  headers: Headers,
  redirectTo = '',
): Promise<{ ok: true; url: string; cookies: string[] } | { ok: false; error: IdentityErrorCode }> {
  const response = await callAuthEndpoint(auth, '/sign-in/social', { provider: 'google', callbackURL: googleCallbackPath(redirectTo), errorCallbackURL: '/login' }, headers);
  const body = (await response.json().catch(() => ({}))) as { url?: string; code?: string };
  if (!response.ok || !body.url) return { ok: false, error: identityErrorFrom(response.status, body.code) };
  return { ok: true, url: body.url, cookies: response.headers.getSetCookie() };
}

/**
 * docs/product-spec.md section 4, Google sign-in: an existing profile is used as it is; a user without a
 * restaurant must give its name (else 'restaurant-name-required'), then gets a restaurant and the
 * trial exactly like a registered owner.
 */
export async function completeGoogleProfile(
  db: Kysely<Database>,
  user: SessionUser,
  restaurantName: string | undefined,
  ownerLocale?: Locale,
): Promise<{ ok: true; slug: string } | { ok: false; error: 'restaurant-name-required' }> {
  const [first] = await listMembershipsOf(db, user.id);
  if (first) return { ok: true, slug: first.slug };
  const name = restaurantName?.trim() ?? '';
  if (name.length < 2 || name.length > 100) return { ok: false, error: 'restaurant-name-required' };
  const { slug } = await createRestaurantForOwner(db, { id: user.id, email: user.email }, name, new Date(), ownerLocale);
  return { ok: true, slug };
}
