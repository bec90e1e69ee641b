import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { NodeSqliteDialect } from '@better-auth/kysely-adapter/node-sqlite-dialect';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { logger } from '#app/logger.server.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** the raw SQLite handle (better-auth can use it too); undefined on PostgreSQL */
  sqlite?: DatabaseSync;
  /** the PostgreSQL pool, for its use metrics; undefined on SQLite */
  pool?: pg.Pool;
}

export interface ConnectionOptions {
  /** postgres:// URL; when absent the SQLite file is used */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:' */
  sqlitePath: string;
  /** PostgreSQL pool size */
  poolSize?: number;
  /** how long a SQLite write waits for another writer before giving up (the request then answers 503) */
  busyTimeoutMs?: number;
}

/**
 * Opens the database the configuration names: PostgreSQL when a URL is given, otherwise a SQLite
 * file through `node:sqlite`. Everything above this function is identical for both.
 * (Kysely's own SqliteDialect silently returns no rows for a DatabaseSync: see stack-notes.)
 */
export function openDatabase(options: ConnectionOptions): DatabaseHandle {
  if (options.databaseUrl) {
    // int8 (COUNT(*) and friends) as a JS number: our counts never approach 2^53
    pg.types.setTypeParser(20, (value: string) => Number(value));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection can be cut by the server (restart, failover, admin); the pool replaces it.
    // Without a listener that event would crash the process.
    pool.on('error', (error) => logger.warn({ err: error }, 'idle PostgreSQL connection closed'));
    // A connection checked out (a Kysely transaction between two statements) has no pool listener:
    // a cut there makes pg emit 'error' on the client itself, which would crash the process. The
    // transaction's next statement fails on its own and the request gets a 503; the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', (error) => logger.warn({ err: error }, 'PostgreSQL connection lost while in use'));
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', pool };
  }
  if (options.sqlitePath !== ':memory:') mkdirSync(dirname(options.sqlitePath), { recursive: true });
  const sqlite = new DatabaseSync(options.sqlitePath);
  // WAL lets readers continue during a write; foreign keys are off by default in SQLite.
  // synchronous = FULL: every commit is on disk before it is acknowledged (decision 0011).
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;');
  sqlite.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  return { db: new Kysely<Database>({ dialect: new NodeSqliteDialect({ database: sqlite }) }), kind: 'sqlite', sqlite };
}

/** The default SQLite file under the data directory. */
export function defaultSqlitePath(dataDir: string): string {
  return join(dataDir, 'bucate.sqlite');
}
