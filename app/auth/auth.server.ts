import { betterAuth } from 'better-auth';
import { admin } from 'better-auth/plugins/admin';
import type { DatabaseHandle } from '#app/db/connection.server.ts';
import { getDatabase } from '#app/db/db.server.ts';
import { getEnv, getPublicUrl, isHttps, type Env } from '#app/env.server.ts';
import { resolveAuthSecret } from './auth-secret.server.ts';

/** Header our HTTP server sets from the socket (or a trusted proxy), replacing any client value. */
export const CLIENT_IP_HEADER = 'x-bucate-client-ip';

export function createAuth(handle: DatabaseHandle, env: Env) {
  return betterAuth({
    appName: 'Bucate',
    baseURL: getPublicUrl(env),
    secret: resolveAuthSecret(env),
    database: { db: handle.db, type: handle.kind },
    emailAndPassword: { enabled: true, minPasswordLength: 6 },
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
    plugins: [admin({ defaultRole: 'restaurant', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let auth: Auth | undefined;

/** The process-wide better-auth instance over the process-wide database. */
export function getAuth(): Auth {
  auth ??= createAuth(getDatabase(), getEnv());
  return auth;
}
