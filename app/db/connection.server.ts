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
}

export interface ConnectionOptions {
  /** postgres:// URL; when absent the SQLite file is used */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:' */
  sqlitePath: string;
  /** PostgreSQL pool size */
  poolSize?: number;
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
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  if (options.sqlitePath !== ':memory:') mkdirSync(dirname(options.sqlitePath), { recursive: true });
  const sqlite = new DatabaseSync(options.sqlitePath);
  // WAL lets readers continue during a write; foreign keys are off by default in SQLite.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  return { db: new Kysely<Database>({ dialect: new NodeSqliteDialect({ database: sqlite }) }), kind: 'sqlite', sqlite };
}

/** The default SQLite file under the data directory. */
export function defaultSqlitePath(dataDir: string): string {
  return join(dataDir, 'bucate.sqlite');
}
