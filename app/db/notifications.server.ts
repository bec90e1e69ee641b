import pg from 'pg';
import { logger } from '#app/logger.server.ts';

/**
 * PostgreSQL's LISTEN on a connection of its own (decision 0031): a pooled connection goes back to
 * the pool between queries and would stop listening, so each listener holds one `pg.Client` for its
 * life. A dropped connection is opened again after a growing pause (0.5 s, doubling, at most 15 s);
 * notifications sent while it was away are lost, so `onListening` runs after every (re)connect and
 * the listener's owner catches up from its own source of truth.
 */

export interface NotificationListenerOptions {
  connectionString: string;
  /** a lowercase identifier, e.g. 'bucate_live' */
  channel: string;
  onNotification(payload: string): void;
  /** after the first LISTEN and after each reconnect: what was sent meanwhile never arrives */
  onListening?(): void;
  /** the first pause before a reconnect and the longest one (tests shorten them) */
  backoff?: { initialMs: number; maxMs: number };
}

export interface NotificationListener {
  /** whether LISTEN is in place right now */
  readonly listening: boolean;
  /** closes the connection for good */
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens the connection and LISTENs at once; reconnects until `close()`. */
export function listenForNotifications(options: NotificationListenerOptions): NotificationListener {
  // the channel is written into the statement (LISTEN takes no parameter): only a plain identifier
  if (!IDENTIFIER.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 500, maxMs: 15_000 };
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    retry = undefined;
    if (closed) return;
    // keepAlive: a connection cut without a word (a NAT, a failover) is noticed and replaced
    const current = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
    });
    // without these listeners a lost connection would crash the process
    current.on('error', (error) => drop(current, error));
    current.on('end', () => drop(current));
    current
      .connect()
      .then(() => current.query(`LISTEN ${options.channel}`))
      .then(
        () => {
          if (client !== current) return;
          listening = true;
          failures = 0;
          options.onListening?.();
        },
        (error: unknown) => drop(current, error),
      );
  };

  const drop = (dropped: pg.Client, error?: unknown) => {
    if (client !== dropped) return;
    client = undefined;
    listening = false;
    dropped.end().catch(() => {});
    if (closed) return;
    const pause = Math.min(maxMs, initialMs * 2 ** failures);
    failures++;
    logger.warn({ err: error, channel: options.channel, retryInMs: pause }, 'LISTEN connection lost; reconnecting');
    retry = setTimeout(connect, pause);
    retry.unref();
  };

  connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
