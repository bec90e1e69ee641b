import { getEnv } from '#app/env.server.ts';
import { defaultSqlitePath, openDatabase, type DatabaseHandle } from './connection.server.ts';

let handle: DatabaseHandle | undefined;

/** The process-wide database, opened on first use from the validated configuration. */
export function getDatabase(): DatabaseHandle {
  if (!handle) {
    const env = getEnv();
    handle = openDatabase({
      databaseUrl: env.DATABASE_URL,
      sqlitePath: env.SQLITE_PATH ?? defaultSqlitePath(env.DATA_DIR),
      busyTimeoutMs: env.SQLITE_BUSY_TIMEOUT_MS,
    });
  }
  return handle;
}

export function getDb() {
  return getDatabase().db;
}

/** Closes the pool or file; part of graceful shutdown. */
export async function closeDatabase(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.db.destroy();
}
