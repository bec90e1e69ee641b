import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
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
