import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { countRateHit } from './rate-counter.repo.server.ts';

export interface RateRule {
  max: number;
  windowSeconds: number;
}

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Issue "Hardening" item 11: every check of a signed-in user's password (deleting the account,
 * better-auth's change-password and verify-password) counts against the user, whatever the client
 * address. Over the limit even the right password is refused until the window ends.
 */
export const PASSWORD_CHECK_RULE: RateRule = { max: 5, windowSeconds: 15 * 60 };

export function passwordCheckKey(userId: string): string {
  return `password:${userId}`;
}

/**
 * Counts one attempt under `key` and says whether it is within `rule`; when not, in how many
 * seconds the window reopens (for Retry-After). Shared across processes through the database
 * (migration 0008), atomic under concurrent requests on both dialects.
 */
export async function consumeRateLimit(db: Kysely<Database>, key: string, rule: RateRule, now: Date = new Date()): Promise<RateVerdict> {
  const windowMs = rule.windowSeconds * 1000;
  const { count, windowStart } = await countRateHit(db, key, now.toISOString(), new Date(now.getTime() - windowMs).toISOString());
  if (count <= rule.max) return { ok: true };
  const reopensAt = Date.parse(windowStart) + windowMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)) };
}
