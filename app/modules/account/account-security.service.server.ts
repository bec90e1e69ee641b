import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { authorize, withDb, type MemberScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { emailChangeRequestedMail, passwordChangedMail } from '#app/modules/mail/account-security-emails.ts';
import { consumeRateLimit, PASSWORD_CHECK_RULE, passwordCheckKey } from '#app/modules/rate-limit/rate-limit.server.ts';
import type { PasswordPolicy } from '#app/env.types.ts';
import { failedPasswordRules, type PasswordRule } from './password-policy.ts';

export type SecurityChangeResult =
  | { ok: true; setCookie: string[] }
  | { ok: false; error: 'invalid-credential' | 'same-email' | 'invalid-email' | 'missing-password' }
  | { ok: false; error: 'password-does-not-meet-requirements'; broken: PasswordRule[] }
  | { ok: false; error: 'too-many-requests'; retryAfterSeconds: number };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Changes the signed-in owner's password (issue 17, friction 10). Re-authentication: the current
 * password, checked by better-auth's /change-password, which counts against the user's password
 * checks like every such endpoint (auth.server.ts). Every other session ends; this browser gets a
 * fresh one (its Set-Cookie is returned). The owner is told by e-mail, and the change is audited.
 */
export async function changeOwnPassword(
  scope: MemberScope,
  auth: Auth,
  input: { currentPassword: string; newPassword: string },
  { policy, locale, headers }: { policy: PasswordPolicy; locale: Locale; headers: Headers },
): Promise<SecurityChangeResult> {
  authorize(scope, 'restaurant.view');
  if (!input.currentPassword || !input.newPassword) return { ok: false, error: 'missing-password' };
  const broken = failedPasswordRules(input.newPassword, policy);
  if (broken.length > 0) return { ok: false, error: 'password-does-not-meet-requirements', broken };
  const response = await callAuthEndpoint(auth, '/change-password', { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true }, headers);
  await response.body?.cancel();
  if (response.status === 429) return { ok: false, error: 'too-many-requests', retryAfterSeconds: Number(response.headers.get('retry-after') ?? 60) };
  if (!response.ok) return { ok: false, error: 'invalid-credential' };
  await scope.db.transaction().execute(async (trx) => {
    await recordAudit(withDb(scope, trx), { action: 'account.password-change', target: { type: 'user', id: scope.actor.id } });
    await enqueueJob(trx, { type: 'mail.send', payload: { mail: passwordChangedMail(scope.actor.email, locale) } });
  });
  return { ok: true, setCookie: response.headers.getSetCookie() };
}

/**
 * Starts a change of the owner's sign-in address (issue 17, friction 10). Re-authentication: the
 * password (rate-limited per user). better-auth then e-mails a link to the new address, and the
 * address changes only when it is followed; the old address is told at once, so a stolen session
 * cannot move the account away unnoticed. An address another account uses gets the same answer
 * (better-auth sends nothing then), so the form never reveals who has an account.
 */
export async function requestOwnEmailChange(
  scope: MemberScope,
  auth: Auth,
  input: { password: string; newEmail: string },
  { locale, headers, callbackURL }: { locale: Locale; headers: Headers; callbackURL: string },
): Promise<SecurityChangeResult> {
  authorize(scope, 'restaurant.view');
  const newEmail = input.newEmail.trim().toLowerCase();
  if (!EMAIL.test(newEmail) || newEmail.length > 254) return { ok: false, error: 'invalid-email' };
  if (!input.password) return { ok: false, error: 'missing-password' };
  if (newEmail === scope.actor.email.toLowerCase()) return { ok: false, error: 'same-email' };
  const limit = await consumeRateLimit(scope.db, passwordCheckKey(scope.actor.id), PASSWORD_CHECK_RULE);
  if (!limit.ok) return { ok: false, error: 'too-many-requests', retryAfterSeconds: limit.retryAfterSeconds };
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(scope.actor.id)).find((account) => account.providerId === 'credential');
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password: input.password }))) return { ok: false, error: 'invalid-credential' };
  const response = await callAuthEndpoint(auth, '/change-email', { newEmail, callbackURL }, headers);
  await response.body?.cancel();
  if (response.status === 429) return { ok: false, error: 'too-many-requests', retryAfterSeconds: Number(response.headers.get('retry-after') ?? 60) };
  if (!response.ok) throw new Error(`change-email answered ${response.status}`);
  await scope.db.transaction().execute(async (trx) => {
    await recordAudit(withDb(scope, trx), { action: 'account.email-change-request', target: { type: 'user', id: scope.actor.id }, after: { email: newEmail } });
    await enqueueJob(trx, { type: 'mail.send', payload: { mail: emailChangeRequestedMail(scope.actor.email, newEmail, locale) } });
  });
  return { ok: true, setCookie: [] };
}
