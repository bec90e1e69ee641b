import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { heldStreamGrants, type StreamGrant } from '#app/modules/access/stream-grants.server.ts';
import { logger } from '#app/logger.server.ts';
import type { LiveBus } from './live-bus.server.ts';

/**
 * Issue 33 item 1: a staff member's stream is allowed when it opens, and must not outlive that
 * permission. The process's watch holds every open staff stream's grant (session, user,
 * restaurant, permission) and checks them all in one query (`heldStreamGrants`): every `everyMs`
 * while any stream is open, and at once when the bus says a user's access changed (a member
 * removed or given another role, signed out everywhere, disabled: in any process). A stream whose
 * grant no longer holds is ended; the browser's reconnect then meets the route's guard, which
 * refuses it. A failed check ends nothing (logged): the next one runs `everyMs` later.
 */

/** How often the open streams' grants are checked, whatever the bus says: a change ends its streams within this (and one query). */
export const ACCESS_CHECK_MS = 2_000;
/** Grants read in one query at most (the process holds at most LIVE_STREAM_LIMITS.perProcess). */
const CHUNK = 500;

export interface WatchedGrant extends StreamGrant {
  /** the database the stream reads (the process's; a test's own) */
  readonly db: Kysely<Database>;
}

export function createAccessWatch(config: { bus(): LiveBus; everyMs?: number }) {
  const everyMs = config.everyMs ?? ACCESS_CHECK_MS;
  const watched = new Map<WatchedGrant, () => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  // one check at a time; a change heard during one asks for another after it
  let checking: Promise<void> | undefined;
  let again: string | null | undefined;

  async function checkNow(userId: string | null): Promise<void> {
    const grants = [...watched.keys()].filter((grant) => userId === null || grant.userId === userId);
    const byDb = Map.groupBy(grants, (grant) => grant.db);
    for (const [db, ofDb] of byDb) {
      for (let i = 0; i < ofDb.length; i += CHUNK) {
        const chunk = ofDb.slice(i, i + CHUNK);
        try {
          const held = await heldStreamGrants(db, chunk);
          for (const grant of chunk) if (!held.has(grant)) end(grant);
        } catch (error) {
          logger.warn({ err: error }, 'live streams’ access check failed; checked again shortly');
        }
      }
    }
  }

  /** Checks the grants of `userId` (null: all); a check asked for while one runs follows it. */
  function check(userId: string | null): Promise<void> {
    if (checking) {
      // two different users asked meanwhile: check everyone
      again = again === undefined || again === userId ? userId : null;
      return checking;
    }
    checking = checkNow(userId).finally(() => {
      checking = undefined;
      if (again !== undefined) {
        const next = again;
        again = undefined;
        void check(next);
      }
    });
    return checking;
  }

  function end(grant: WatchedGrant): void {
    const finish = watched.get(grant);
    if (!finish) return;
    forget(grant);
    finish();
  }

  function forget(grant: WatchedGrant): void {
    watched.delete(grant);
    if (watched.size > 0) return;
    clearInterval(timer);
    timer = undefined;
    unsubscribe?.();
    unsubscribe = undefined;
  }

  return {
    /** Watches a stream's grant: `finish` ends the stream when it no longer holds. Returns how to stop watching. */
    watch(grant: WatchedGrant, finish: () => void): () => void {
      watched.set(grant, finish);
      unsubscribe ??= config.bus().subscribeAccess((userId) => void check(userId));
      if (!timer) {
        timer = setInterval(() => void check(null), everyMs);
        timer.unref();
      }
      return () => forget(grant);
    },
    /** Checks now (the bus and the timer call it; tests too). */
    check,
    /** grants watched now */
    get count() {
      return watched.size;
    },
  };
}

export type AccessWatch = ReturnType<typeof createAccessWatch>;
