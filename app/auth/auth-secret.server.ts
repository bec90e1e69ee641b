import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '#app/env.server.ts';

/**
 * The secret that signs session cookies. Production must set AUTH_SECRET (the configuration
 * refuses to start without it); elsewhere a random one is made once and kept under the data
 * folder, so sessions survive restarts without anyone choosing a password.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(env.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
