import type { Kysely } from 'kysely';
import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import { identityErrorFrom, type IdentityErrorCode } from '#app/auth/identity-errors.ts';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { newId, newShortCode } from '#app/modules/restaurant/ids.ts';
import { buildRestaurantSlug } from '#app/modules/restaurant/slug.ts';
import { createRestaurantWithOwner } from '#app/modules/access/new-restaurant.server.ts';
import { startOwnersTrial, type OwnersTrial } from '#app/modules/subscription/subscription.service.server.ts';
import type { RegisterInput } from './account.schema.ts';
import { deleteUserRow, setRestaurantRole } from './account.repo.server.ts';
import { sendVerificationLink, verifiedLandingPath } from './email-link.service.server.ts';
import { DEFAULT_LOCALE, type Locale } from '#app/i18n/i18n.ts';
import { localeFromHeaders } from '#app/i18n/locale.server.ts';

/** Whether the first verification e-mail went out; when a limit held it back, from when it can be asked for. */
export type FirstVerification = { sent: true } | { sent: false; retryAt?: string; retryTime?: string };

/** A new restaurant's zone until its owner changes it. */
export const NEW_RESTAURANT_TIME_ZONE = 'Europe/Bucharest';

export type RegisterResult =
  | { ok: true; slug: string; restaurantId: string; userId: string; cookies: string[]; verification: FirstVerification }
  | { ok: false; error: IdentityErrorCode };

/**
 * Registration (issue "Identity and access"): the user (role restaurant), their restaurant with
 * a slug built per docs/product-spec.md section 5, and its trial (docs/product-spec.md section 4), signed in at once.
 * better-auth writes the user through its own adapter; the restaurant and the link are one
 * transaction, and if that fails the user is removed again, so no half-registered owner remains.
 */
export async function registerRestaurantOwner(auth: Auth, db: Kysely<Database>, input: RegisterInput, headers: Headers, now: Date = new Date()): Promise<RegisterResult> {
  const response = await callAuthEndpoint(
    auth,
    '/sign-up/email',
    // the person's name, never the restaurant's (issue 33 item 15)
    { name: input.name ?? '', email: input.email, password: input.password },
    headers,
  );
  const body = (await response.json().catch(() => ({}))) as { code?: string; user?: { id: string } };
  if (!response.ok || !body.user) return { ok: false, error: identityErrorFrom(response.status, body.code) };
  const userId = body.user.id;
  try {
    const { slug, restaurantId } = await createRestaurantForOwner(db, { id: userId, email: input.email }, input.restaurantName, now, localeFromHeaders(headers));
    const cookies = response.headers.getSetCookie();
    const verification = await sendFirstVerificationLink(auth, input.email, verifiedLandingPath(slug), headers, cookies);
    return { ok: true, slug, restaurantId, userId, cookies, verification };
  } catch (error) {
    logger.error({ err: error, userId }, 'registration failed after the user was created; removing the user');
    await deleteUserRow(db, userId);
    throw error;
  }
}

/**
 * The link that proves the address (issue "Hardening" item 6), sent as the new session: that
 * path answers at once, and the e-mail follows the language of the registration request. The
 * owner can use everything meanwhile and ask again from the banner; a refusal (e.g. the fourth
 * sign-up from one address within ten minutes) is returned, so the page says it was not sent.
 */
async function sendFirstVerificationLink(auth: Auth, email: string, callbackURL: string, headers: Headers, sessionCookies: string[]): Promise<FirstVerification> {
  const withSession = new Headers(headers);
  const cookie = [headers.get('cookie'), ...sessionCookies.map((c) => c.split(';')[0])].filter(Boolean).join('; ');
  withSession.set('cookie', cookie);
  const sent = await sendVerificationLink(auth, email, callbackURL, withSession, NEW_RESTAURANT_TIME_ZONE);
  if (sent.ok) return { sent: true };
  logger.warn({ error: sent.error }, 'the verification e-mail of a new registration was refused');
  return 'retryAt' in sent ? { sent: false, retryAt: sent.retryAt, retryTime: sent.retryTime } : { sent: false };
}

/**
 * Where a new owner lands: their admin, told when the verification e-mail was not sent and from
 * when it can be asked for again (the admin frame's banner reads `verification` and `retry`).
 */
export function registrationLandingPath(result: { slug: string; verification: FirstVerification }): string {
  const path = `/${result.slug}/admin`;
  if (result.verification.sent) return path;
  const query = new URLSearchParams({ verification: 'unsent' });
  if (result.verification.retryTime) query.set('retry', result.verification.retryTime);
  return `${path}?${query}`;
}

/**
 * A new restaurant of this user, its first owner: slug per docs/product-spec.md section 5, the
 * person's trial (docs/product-spec.md section 4 with decision 0029: the first restaurant gets the
 * 60 days, a further one shares them or starts without), and where the user lands next, in one
 * transaction. Used by registration, a Google user's first visit and "Adaugă un restaurant".
 */
export async function createRestaurantForOwner(
  db: Kysely<Database>,
  owner: { id: string; email: string },
  restaurantName: string,
  now: Date = new Date(),
  /** the language the owner signed up in: their billing e-mails follow it */
  ownerLocale: Locale = DEFAULT_LOCALE,
): Promise<{ slug: string; restaurantId: string; trial: OwnersTrial }> {
  const restaurantId = newId();
  const slug = buildRestaurantSlug(restaurantName, now);
  const trial = await db.transaction().execute(async (trx) => {
    const timestamp = now.toISOString();
    const scope = await createRestaurantWithOwner(
      trx,
      { type: 'user', id: owner.id, email: owner.email, role: 'restaurant' },
      {
        id: restaurantId,
        name: restaurantName,
        slug,
        shortCode: newShortCode(),
        active: 1,
        currency: 'RON',
        timeZone: NEW_RESTAURANT_TIME_ZONE,
        productsCount: 0,
        ownerLocale,
        createdAt: timestamp,
        updatedAt: timestamp,
      },
    );
    await setRestaurantRole(trx, owner.id, restaurantId);
    return startOwnersTrial(scope, now);
  });
  return { slug, restaurantId, trial };
}
