import type { Kysely } from 'kysely';
import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { findRestaurantById } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { identityErrorFrom, type IdentityErrorCode } from '#app/auth/identity-errors.ts';

type Outcome = { ok: true } | { ok: false; error: IdentityErrorCode };

/**
 * Answers "sent" whatever the e-mail, so nobody learns which addresses have accounts; only rate
 * limiting is reported.
 */
async function sentUnlessLimited(response: Response): Promise<Outcome> {
  await response.body?.cancel();
  return response.status === 429 ? { ok: false, error: 'too-many-requests' } : { ok: true };
}

/** Sends a one-time sign-in link (15 minutes) to an existing owner. */
export async function requestSignInLink(auth: Auth, email: string, headers: Headers): Promise<Outcome> {
  const response = await callAuthEndpoint(auth, '/sign-in/magic-link', { email, callbackURL: '/login', errorCallbackURL: '/login' }, headers);
  return sentUnlessLimited(response);
}

/** Sends a password-reset link (one hour) that leads to /reset-password. */
export async function requestPasswordReset(auth: Auth, email: string, headers: Headers): Promise<Outcome> {
  const response = await callAuthEndpoint(auth, '/request-password-reset', { email, redirectTo: '/reset-password' }, headers);
  return sentUnlessLimited(response);
}

/** Sets the new password; every session of that user ends (better-auth revokeSessionsOnPasswordReset). */
export async function resetPassword(auth: Auth, token: string, newPassword: string, headers: Headers): Promise<Outcome> {
  const response = await callAuthEndpoint(auth, '/reset-password', { token, newPassword }, headers);
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (body.code === 'INVALID_TOKEN') return { ok: false, error: 'invalid-action-code' };
  return { ok: false, error: identityErrorFrom(response.status, body.code) };
}

/** The owner's "send the link again" (the banner of the admin frame): a few per user every ten minutes. */
export const VERIFICATION_RESEND_RULE: RateRule = { max: 3, windowSeconds: 10 * 60 };

/** Where the verification link lands: the owner's admin, which then says the address is confirmed. */
export function verifiedLandingPath(restaurantSlug: string): string {
  return `/${restaurantSlug}/admin?verified=1`;
}

/** A link that was not sent because of a rate limit, with when it can be asked for again. */
export type RefusedUntil = {
  ok: false;
  error: 'too-many-requests';
  /** the instant, rounded up to the minute */
  retryAt: string;
  /** the same, as HH:MM on the restaurant's clock, for the page */
  retryTime: string;
};

const DEFAULT_TIME_ZONE = 'Europe/Bucharest';

/** The refusal for a limit that lifts in `seconds`: "from 12:14", never a minute too early. */
function refusedFor(seconds: number, timeZone: string = DEFAULT_TIME_ZONE): RefusedUntil {
  const at = new Date(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  return { ok: false, error: 'too-many-requests', retryAt: at.toISOString(), retryTime: format.format(at) };
}

/**
 * Sends the signed-in user a link that confirms their e-mail address (issue "Hardening" item 6),
 * as a `mail.send` job in their language. `headers` must carry their session cookie. better-auth
 * limits this per client address (3 per 10 minutes, counting registrations): a refusal says when
 * the limit lifts, on `timeZone`'s clock, so no page claims a link was sent when it was not.
 */
export async function sendVerificationLink(auth: Auth, email: string, callbackURL: string, headers: Headers, timeZone?: string): Promise<Outcome | RefusedUntil> {
  const response = await callAuthEndpoint(auth, '/send-verification-email', { email, callbackURL }, headers);
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  if (response.status === 429) {
    await response.body?.cancel();
    return refusedFor(Number(response.headers.get('X-Retry-After')) || 10 * 60, timeZone);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { ok: false, error: identityErrorFrom(response.status, body.code) };
}

/**
 * The banner's "send again", counted per user across processes, on top of better-auth's per-address
 * limit; `restaurantId` is the restaurant whose admin shows the banner (its time zone words the wait).
 */
export async function resendVerificationLink(
  db: Kysely<Database>,
  auth: Auth,
  user: { id: string; email: string },
  callbackURL: string,
  headers: Headers,
  restaurantId: string | null = null,
): Promise<Outcome | RefusedUntil> {
  const restaurant = restaurantId ? await findRestaurantById(db, restaurantId) : undefined;
  const limit = await consumeRateLimit(db, `verify-email:${user.id}`, VERIFICATION_RESEND_RULE);
  if (!limit.ok) return refusedFor(limit.retryAfterSeconds, restaurant?.timeZone);
  return sendVerificationLink(auth, user.email, callbackURL, headers, restaurant?.timeZone);
}
