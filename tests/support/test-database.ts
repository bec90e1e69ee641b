import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#app/db/connection.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';

/**
 * Which database the integration tests run on: SQLite unless TEST_DB=postgres, in which case
 * TEST_DATABASE_URL names a server where a throw-away database is made for each test file.
 */
export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  /** drops the database (PostgreSQL) or deletes the file (SQLite) */
  cleanup(): Promise<void>;
  /** the URL or file path, for processes that must open the same database */
  location: { databaseUrl?: string; sqlitePath: string };
}

/** A fresh, migrated database of the dialect under test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `bucate_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: '', poolSize: 4 });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      location: { databaseUrl: url.toString(), sqlitePath: '' },
      async cleanup() {
        await handle.db.destroy();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bucate-test-'));
  const sqlitePath = join(dir, 'test.sqlite');
  const handle = openDatabase({ sqlitePath });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    location: { sqlitePath },
    async cleanup() {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Counts the statements a block of work sends, through a Kysely log hook. */
export function countQueries(handle: DatabaseHandle) {
  let count = 0;
  const db = handle.db.withPlugin({
    transformQuery: (args) => {
      count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db, get count() { return count; } };
}

export { sql };
