import { betterAuth } from 'better-auth';
import { admin } from 'better-auth/plugins/admin';
import { magicLink } from 'better-auth/plugins/magic-link';
import { DEFAULT_LOCALE, type Locale } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { magicLinkMail, resetPasswordMail } from '#app/modules/mail/auth-emails.ts';
import { createMailer, type Mailer } from '#app/modules/mail/mailer.server.ts';
import type { DatabaseHandle } from '#app/db/connection.server.ts';
import { getDatabase } from '#app/db/db.server.ts';
import { getEnv, getPasswordPolicy, getPublicUrl, isHttps, type Env } from '#app/env.server.ts';
import { resolveAuthSecret } from './auth-secret.server.ts';

/** Header our HTTP server sets from the socket (or a trusted proxy), replacing any client value. */
export const CLIENT_IP_HEADER = 'x-bucate-client-ip';

/** The reader's language for an e-mail: the language cookie of the request that caused it. */
function localeOf(ctx: { headers?: Headers; request?: Request } | undefined): Locale {
  const headers = ctx?.headers ?? ctx?.request?.headers;
  return headers ? getRequestLocale(new Request('http://localhost/', { headers })) : DEFAULT_LOCALE;
}

export function createAuth(handle: DatabaseHandle, env: Env, mailer: Mailer = createMailer(env)) {
  return betterAuth({
    appName: 'Bucate',
    baseURL: getPublicUrl(env),
    secret: resolveAuthSecret(env),
    database: { db: handle.db, type: handle.kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: getPasswordPolicy(env).minLength,
      maxPasswordLength: getPasswordPolicy(env).maxLength ?? 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, ctx) => {
        await mailer.send(resetPasswordMail(user.email, url, localeOf(ctx)));
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, prompt: 'select_account' } }
        : {},
    user: {
      additionalFields: {
        restaurantId: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: { enabled: env.NODE_ENV !== 'test', storage: 'database' },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: isHttps(env),
    },
    plugins: [
      admin({ defaultRole: 'restaurant', adminRoles: ['admin'] }),
      // e-mail links sign in existing owners only: a new owner registers with a restaurant name
      magicLink({
        expiresIn: 15 * 60,
        disableSignUp: true,
        sendMagicLink: async ({ email, url }, ctx) => {
          await mailer.send(magicLinkMail(email, url, localeOf(ctx)));
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let auth: Auth | undefined;

/** The process-wide better-auth instance over the process-wide database. */
export function getAuth(): Auth {
  auth ??= createAuth(getDatabase(), getEnv());
  return auth;
}

/**
 * Calls one of better-auth's HTTP endpoints from our own form actions. Going through its handler,
 * not `auth.api`, keeps its protections: the per-client rate limits (which `auth.api` calls skip)
 * and origin checks. Only the headers that matter are passed on.
 */
export function callAuthEndpoint(auth: Auth, path: string, body: unknown, requestHeaders: Headers): Promise<Response> {
  const baseUrl = String(auth.options.baseURL);
  const headers = new Headers({ 'content-type': 'application/json', origin: baseUrl });
  for (const name of ['cookie', 'user-agent', CLIENT_IP_HEADER]) {
    const value = requestHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return auth.handler(new Request(`${baseUrl}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** A Set-Cookie that removes the session cookie (its name depends on Secure cookies). */
export function clearSessionCookie(env: Env = getEnv()): string {
  const name = `${isHttps(env) ? '__Secure-' : ''}better-auth.session_token`;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isHttps(env) ? '; Secure' : ''}`;
}
