import type { DatabaseHandle } from '#app/db/connection.server.ts';
import { getDatabase } from '#app/db/db.server.ts';
import { getEnv } from '#app/env.server.ts';
import { createMemoryLiveBus, provideLiveBus, type LiveBus } from '#app/modules/live/live-bus.server.ts';
import { createPostgresLiveBus } from '#app/modules/live/postgres-live-bus.server.ts';

/**
 * Which bus wakes the live boards (decision 0031), by database: on PostgreSQL, NOTIFY and one LISTEN
 * connection per process, so a change made in any process reaches boards held by any other; on
 * SQLite, an in-process emitter: a SQLite installation serves its pages from one process. (A
 * `npm run worker` process next to it has its own emitter: what a job publishes reaches the boards
 * at their next look at the log, within 5 s.)
 */
export function createLiveBusFor(handle: Pick<DatabaseHandle, 'db' | 'kind'>, databaseUrl: string | undefined): LiveBus {
  if (handle.kind === 'postgres' && databaseUrl) return createPostgresLiveBus({ db: handle.db, connectionString: databaseUrl });
  return createMemoryLiveBus();
}

/** Gives this process's live bus its kind (the app's entry module and `npm run worker` call it at load); made on first use. */
export function wireLiveBus(): void {
  provideLiveBus(() => createLiveBusFor(getDatabase(), getEnv().DATABASE_URL));
}
