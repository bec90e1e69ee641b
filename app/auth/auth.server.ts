import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { magicLink } from 'better-auth/plugins/magic-link';
import { DEFAULT_LOCALE, type Locale } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import type { DatabaseHandle } from '#app/db/connection.server.ts';
import { getDatabase } from '#app/db/db.server.ts';
import { getEnv, getPasswordPolicy, getPublicUrl, isHttps, type Env } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';
import { resolveAuthSecret } from './auth-secret.server.ts';

/** Header our HTTP server sets from the socket (or a trusted proxy), replacing any client value. */
export const CLIENT_IP_HEADER = 'x-bucate-client-ip';

/**
 * better-auth's endpoints that check a signed-in user's password: they count against that user's
 * password checks like deleting the account does (issue "Hardening" item 11), on top of
 * better-auth's per-address limits, which would let a spread-out attacker guess on.
 */
const PASSWORD_CHECK_PATHS = new Set(['/change-password', '/verify-password', '/delete-user']);

/** One of better-auth's e-mails: a link sent to an address. */
export interface AuthMail {
  kind: 'reset-password' | 'verify-email' | 'magic-link';
  to: string;
  url: string;
  /** the reader's language: the language cookie of the request that caused it */
  locale: Locale;
}

/**
 * What better-auth needs from the modules, handed in by the composition root
 * (app/wiring/auth-services.server.ts) so that auth imports no module: the modules sit above it.
 */
export interface AuthServices {
  /** sends one of better-auth's e-mails (a `mail.send` job in the app; printed or collected elsewhere) */
  sendMail(mail: AuthMail): Promise<void>;
  /** counts one password check of a signed-in user; refused: how long until the next may be tried */
  countPasswordCheck(userId: string): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

/** The reader's language for an e-mail: the language cookie of the request that caused it. */
function localeOf(ctx: { headers?: Headers; request?: Request } | undefined): Locale {
  const headers = ctx?.headers ?? ctx?.request?.headers;
  return headers ? getRequestLocale(new Request('http://localhost/', { headers })) : DEFAULT_LOCALE;
}

/**
 * better-auth over our database. Its e-mails (sign-in links, password resets) and the password-check
 * limit go through `services`: in the app, `mail.send` jobs (the request answers at once, and a mail
 * server that is down delays the e-mail instead of failing it) and the rate-limit module.
 */
export function createAuth(handle: DatabaseHandle, env: Env, services: AuthServices) {
  const instance = betterAuth({
    appName: 'Bucate',
    baseURL: getPublicUrl(env),
    // better-auth's own lines through pino, message and error texts only: the objects it would print
    // carry tokens, OAuth state and codes (docs/style.md, Logs)
    logger: {
      log(level, message, ...args) {
        const errors = args.filter((arg): arg is Error => arg instanceof Error).map((error) => `${error.name}: ${error.message}`);
        logger[level]({ component: 'better-auth', ...(errors.length ? { errors } : {}) }, message);
      },
    },
    secret: resolveAuthSecret(env),
    database: { db: handle.db, type: handle.kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: getPasswordPolicy(env).minLength,
      maxPasswordLength: getPasswordPolicy(env).maxLength ?? 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, ctx) => {
        await services.sendMail({ kind: 'reset-password', to: user.email, url, locale: localeOf(ctx) });
      },
    },
    // Issue "Hardening" item 6: an address is the owner's only once they followed the link sent to
    // it. Registration sends it once the restaurant exists, so the link lands in its admin; sign-in
    // by e-mail link or Google marks the address verified by itself. Unverified owners keep full use.
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24 * 3,
      sendVerificationEmail: async ({ user, url }, request) => {
        await services.sendMail({ kind: 'verify-email', to: user.email, url, locale: localeOf({ request }) });
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, prompt: 'select_account' } } : {},
    user: {
      // the account page's e-mail change (issue 17, friction 10): a link to the new address, which
      // changes only when it is followed; the old address is told by our own notice
      changeEmail: { enabled: true },
      additionalFields: {
        lastRestaurantId: { type: 'string', required: false, input: false },
        lastSignInAt: { type: 'date', required: false, input: false },
        // the person's one free trial (decision 0029), written by the subscription module only
        trialEndsAt: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      storage: 'database',
      // registration sends one; the banner's "send again" two more per ten minutes
      customRules: { '/send-verification-email': { window: 10 * 60, max: 3 } },
    },
    // every sign-in (password, e-mail link, Google) creates a session: the user keeps its time,
    // which outlives the session (the back office shows it after sign-out or disabling)
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            const context = await instance.$context;
            await context.internalAdapter.updateUser(session.userId, { lastSignInAt: session.createdAt });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!PASSWORD_CHECK_PATHS.has(ctx.path)) return;
        const session = await getSessionFromCtx(ctx);
        // without a session the endpoint refuses the request itself, before any password check
        if (!session) return;
        const verdict = await services.countPasswordCheck(session.user.id);
        if (!verdict.ok) {
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { message: 'Too many password attempts', code: 'TOO_MANY_PASSWORD_ATTEMPTS' },
            { 'Retry-After': String(verdict.retryAfterSeconds) },
          );
        }
      }),
    },
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
          await services.sendMail({ kind: 'magic-link', to: email, url, locale: localeOf(ctx) });
        },
      }),
    ],
  });
  return instance;
}

export type Auth = ReturnType<typeof createAuth>;

let auth: Auth | undefined;
let processServices: ((handle: DatabaseHandle) => AuthServices) | undefined;

/**
 * The composition root hands in the services of the process-wide instance (app/entry.server.tsx
 * for the app, before any request); an instance made before that would have none.
 */
export function provideAuthServices(services: (handle: DatabaseHandle) => AuthServices): void {
  processServices = services;
  auth = undefined;
}

/** The process-wide better-auth instance over the process-wide database. */
export function getAuth(): Auth {
  if (!processServices) throw new Error('auth has no services: the composition root calls wireAuth() (app/wiring/auth-services.server.ts) first');
  auth ??= createAuth(getDatabase(), getEnv(), processServices(getDatabase()));
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
