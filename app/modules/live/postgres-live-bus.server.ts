import type { Kysely } from 'kysely';
import { listenForNotifications, type NotificationListener } from '#app/db/notifications.server.ts';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { accessKey, createAccessSubscriberSet, createSubscriberSet, liveKey, userOfAccessKey, type LiveBus } from './live-bus.server.ts';
import { notifyChannel } from './live-event.repo.server.ts';

/** The NOTIFY channel every app process LISTENs on; the payload is `<restaurantId>:<channel>`, or `access:<userId>`. */
export const LIVE_NOTIFY_CHANNEL = 'bucate_live';

export interface PostgresLiveBusOptions {
  /** the pool NOTIFY is sent through */
  db: Kysely<Database>;
  /** for this process's one LISTEN connection */
  connectionString: string;
  /** the listener's reconnect pauses (tests shorten them) */
  backoff?: { initialMs: number; maxMs: number };
}

/**
 * The bus of a PostgreSQL deployment, where any number of app processes serve boards (decision 0031):
 * `publish` sends NOTIFY through the pool; each process holds one LISTEN connection, opened when its
 * first board subscribes, and wakes its own boards on what it hears, its own process's wake-ups
 * included (one path for all). Once LISTEN is in place, and again after the connection comes back
 * from a cut, every board is woken: what was sent meanwhile never arrives, and the log has it.
 */
export function createPostgresLiveBus(options: PostgresLiveBusOptions): LiveBus & { readonly listening: boolean } {
  const subscribers = createSubscriberSet();
  const access = createAccessSubscriberSet();
  let listener: NotificationListener | undefined;
  let closed = false;
  // NOTIFYs on their way, so `close` lets them leave before the pool does
  const sending = new Set<Promise<void>>();
  const notify = (payload: string, context: Record<string, unknown>) => {
    if (closed) return;
    const sent = notifyChannel(options.db, LIVE_NOTIFY_CHANNEL, payload)
      .catch((error: unknown) => logger.warn({ err: error, ...context }, 'live NOTIFY failed; streams catch up on their next look'))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };
  const listen = () => {
    if (closed) return;
    listener ??= listenForNotifications({
      connectionString: options.connectionString,
      channel: LIVE_NOTIFY_CHANNEL,
      backoff: options.backoff,
      onNotification: (payload) => {
        const userId = userOfAccessKey(payload);
        if (userId === undefined) subscribers.wake(payload);
        else access.tell(userId);
      },
      // before LISTEN was in place (the first time too) wake-ups went unheard: every board looks again, every access is checked
      onListening: () => {
        subscribers.wakeAll();
        access.tell(null);
      },
    });
  };
  return {
    get listening() {
      return listener?.listening ?? false;
    },
    publish: (restaurantId, channel) => notify(liveKey(restaurantId, channel), { restaurantId, channel }),
    subscribe(restaurantId, channel, wake) {
      listen();
      return subscribers.add(liveKey(restaurantId, channel), wake);
    },
    publishAccess: (userId) => notify(accessKey(userId), { userId }),
    subscribeAccess(changed) {
      listen();
      return access.add(changed);
    },
    async close() {
      closed = true;
      subscribers.clear();
      access.clear();
      await Promise.all(sending);
      await listener?.close();
    },
  };
}
