import type { Kysely } from 'kysely';
import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
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

/**
 * Sends the signed-in user a link that confirms their e-mail address (issue "Hardening" item 6),
 * as a `mail.send` job in their language. `headers` must carry their session cookie.
 */
export async function sendVerificationLink(auth: Auth, email: string, callbackURL: string, headers: Headers): Promise<Outcome> {
  const response = await callAuthEndpoint(auth, '/send-verification-email', { email, callbackURL }, headers);
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { ok: false, error: identityErrorFrom(response.status, body.code) };
}

/** The banner's "send again", counted per user across processes, on top of better-auth's per-address limit. */
export async function resendVerificationLink(
  db: Kysely<Database>,
  auth: Auth,
  user: { id: string; email: string },
  callbackURL: string,
  headers: Headers,
): Promise<Outcome | { ok: false; error: 'too-many-requests'; retryAfterSeconds: number }> {
  const limit = await consumeRateLimit(db, `verify-email:${user.id}`, VERIFICATION_RESEND_RULE);
  if (!limit.ok) return { ok: false, error: 'too-many-requests', retryAfterSeconds: limit.retryAfterSeconds };
  return sendVerificationLink(auth, user.email, callbackURL, headers);
}
