import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#app/db/connection.server.ts';
import { Migrator } from 'kysely/migration';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { migrations } from '#app/db/migrations/index.ts';
import { copySqliteTemplate, testDatabasePrefix, testTmpDir, type DatabaseTemplate } from './template-database.ts';
import { createThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * Which database the integration tests run on: SQLite unless TEST_DB=postgres, in which case
 * TEST_DATABASE_URL names a server where a throw-away database is made for each test file.
 */
export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  /**
   * closes the connections and deletes the file (SQLite) or drops the database (PostgreSQL; in a run with a template,
   * with the template at the run's end: tests/support/template-database.ts testDatabasePrefix); a second call does nothing
   */
  cleanup(): Promise<void>;
  /** the URL or file path, for processes that must open the same database */
  location: { databaseUrl?: string; sqlitePath: string };
}

/** The run's migrated template (tests/support/global-setup.ts), when this run has one. */
function runTemplate(): DatabaseTemplate | null {
  try {
    const template = inject('databaseTemplate');
    return template?.kind === testDialect ? template : null;
  } catch {
    return null; // outside a vitest worker
  }
}

/**
 * A fresh database of the dialect under test, migrated to the latest: a copy of the run's migrated
 * template when there is one, otherwise migrated here. `upTo` stops after the named migration, so a
 * migration's test can write rows in the shape before it and then run the rest; `migrate: false`
 * leaves it empty.
 */
export async function createTestDatabase(options: { migrate?: boolean; upTo?: string } = {}): Promise<TestDatabase> {
  const ofRun = runTemplate();
  const template = options.migrate === false || options.upTo ? null : ofRun;
  const migrate = async (db: DatabaseHandle['db']) => {
    if (options.migrate === false || template) return;
    await (options.upTo ? migrateUpTo(db, options.upTo) : migrateToLatest(db));
  };
  if (testDialect === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const prefix = ofRun?.kind === 'postgres' ? testDatabasePrefix(ofRun) : 'bucate_test';
    const { url, drop } = await createThrowawayPostgres(adminUrl, prefix, template?.kind === 'postgres' ? template.name : undefined);
    const handle = openDatabase({ databaseUrl: url, sqlitePath: '', poolSize: 4 });
    await migrate(handle.db);
    return {
      ...handle,
      location: { databaseUrl: url, sqlitePath: '' },
      cleanup: once(async () => {
        await handle.db.destroy();
        // the run's template drops the run's databases at its end, all together (a drop here would wait for a checkpoint)
        if (ofRun?.kind !== 'postgres') await drop();
      }),
    };
  }
  const dir = mkdtempSync(join(testTmpDir(), 'bucate-test-'));
  const sqlitePath = join(dir, 'test.sqlite');
  if (template?.kind === 'sqlite') copySqliteTemplate(template, sqlitePath);
  const handle = openDatabase({ sqlitePath });
  await migrate(handle.db);
  return {
    ...handle,
    location: { sqlitePath },
    cleanup: once(async () => {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }),
  };
}

function once(work: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= work());
}

async function migrateUpTo(db: DatabaseHandle['db'], name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (error) throw error;
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
  return {
    db,
    get count() {
      return count;
    },
  };
}

export { sql };
