import { logger } from '#app/logger.server.ts';
import type { LiveChannel } from './live-events.server.ts';

/**
 * The wake-up between a writer and the open boards (decision 0031). It carries no event, only
 * "restaurant R's channel C has something new": the boards then read the log, which is the truth.
 * Two kinds, chosen by the composition root for the database (app/wiring/live-bus.server.ts):
 * an in-process emitter on SQLite (one process serves every board there), and PostgreSQL's
 * NOTIFY, heard by every app process (postgres-live-bus.server.ts).
 */
export interface LiveBus {
  /** wakes every board on the restaurant's channel, in every process; call it after the commit */
  publish(restaurantId: string, channel: LiveChannel): void;
  /** `wake` runs on each publish for the channel (and when wake-ups may have been missed); returns how to stop */
  subscribe(restaurantId: string, channel: LiveChannel, wake: () => void): () => void;
  /**
   * Says in every process that a user's access changed (removed from a team, another role, signed
   * out everywhere, disabled): their open streams are checked again at once (issue 33 item 1).
   */
  publishAccess(userId: string): void;
  /** `changed` runs with the user's id on each such change, and with null when changes may have been missed; returns how to stop */
  subscribeAccess(changed: (userId: string | null) => void): () => void;
  /** stops listening (subscribers get no more wake-ups) once the wake-ups already published have left */
  close(): Promise<void>;
}

/** The wake-up's text (the NOTIFY payload): matched whole, never taken apart. */
export function liveKey(restaurantId: string, channel: string): string {
  return `${restaurantId}:${channel}`;
}

/**
 * The wake-up's text for a user's access change. A board's key is `<restaurantId>:<channel>` with a
 * channel of LIVE_CHANNELS, so no board's key starts with this.
 */
const ACCESS_PREFIX = 'access:';

export function accessKey(userId: string): string {
  return `${ACCESS_PREFIX}${userId}`;
}

/** The user whose access changed, when the wake-up's text says one did. */
export function userOfAccessKey(key: string): string | undefined {
  return key.startsWith(ACCESS_PREFIX) ? key.slice(ACCESS_PREFIX.length) : undefined;
}

/** The watchers of access changes in one process: what both kinds of bus tell. */
export function createAccessSubscriberSet() {
  const changed = new Set<(userId: string | null) => void>();
  return {
    add(onChange: (userId: string | null) => void): () => void {
      changed.add(onChange);
      return () => void changed.delete(onChange);
    },
    tell(userId: string | null): void {
      for (const onChange of changed) {
        try {
          onChange(userId);
        } catch (error) {
          logger.warn({ err: error }, 'live access watcher failed');
        }
      }
    },
    clear: () => changed.clear(),
  };
}

/** The subscribers of one process, by key: what both kinds of bus wake. */
export function createSubscriberSet() {
  const byKey = new Map<string, Set<() => void>>();
  const run = (wake: () => void) => {
    try {
      wake();
    } catch (error) {
      logger.warn({ err: error }, 'live subscriber failed on wake-up');
    }
  };
  return {
    add(key: string, wake: () => void): () => void {
      const set = byKey.get(key) ?? new Set();
      byKey.set(key, set);
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0 && byKey.get(key) === set) byKey.delete(key);
      };
    },
    wake(key: string): void {
      // a Set visits what stays in it even when a wake-up unsubscribes another
      for (const wake of byKey.get(key) ?? []) run(wake);
    },
    wakeAll(): void {
      for (const set of byKey.values()) for (const wake of set) run(wake);
    },
    clear(): void {
      byKey.clear();
    },
  };
}

/** The in-process bus: SQLite's (one process), and the default before the composition root says otherwise. */
export function createMemoryLiveBus(): LiveBus {
  const subscribers = createSubscriberSet();
  const access = createAccessSubscriberSet();
  return {
    // after the current call stack, as a NOTIFY would arrive: the publisher never runs a board's read
    publish: (restaurantId, channel) => void queueMicrotask(() => subscribers.wake(liveKey(restaurantId, channel))),
    subscribe: (restaurantId, channel, wake) => subscribers.add(liveKey(restaurantId, channel), wake),
    publishAccess: (userId) => void queueMicrotask(() => access.tell(userId)),
    subscribeAccess: (changed) => access.add(changed),
    close: async () => {
      subscribers.clear();
      access.clear();
    },
  };
}

// ---- this process's bus ----

let makeBus: () => LiveBus = createMemoryLiveBus;
let processBus: LiveBus | undefined;

/** The composition root says how this process's bus is made (app/wiring/live-bus.server.ts); made on first use. */
export function provideLiveBus(make: () => LiveBus): void {
  makeBus = make;
}

/** This process's bus. */
export function liveBus(): LiveBus {
  return (processBus ??= makeBus());
}

/**
 * After the commit of a change that appended a live event: wakes the boards of that restaurant's
 * channel. Never throws (the change is already done; a lost wake-up only delays the boards).
 */
export function publishLive(restaurantId: string, channel: LiveChannel): void {
  try {
    liveBus().publish(restaurantId, channel);
  } catch (error) {
    logger.warn({ err: error, restaurantId, channel }, 'live publish failed; boards catch up on their next look');
  }
}

/**
 * After the commit of a change to who may see a restaurant's live streams (a member removed or
 * given another role, sessions ended, a user disabled): that user's open streams, in every process,
 * are checked again at once and end when their access is gone. Never throws (the change is done;
 * the streams' own periodic check ends them a moment later).
 */
export function publishAccessChange(userId: string): void {
  try {
    liveBus().publishAccess(userId);
  } catch (error) {
    logger.warn({ err: error, userId }, 'live access publish failed; streams are checked again within seconds');
  }
}

/** On a graceful stop, after the live streams ended. */
export async function closeLiveBus(): Promise<void> {
  const bus = processBus;
  processBus = undefined;
  await bus?.close();
}
