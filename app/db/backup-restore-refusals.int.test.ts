import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type Databases } from '#tests/support/test-context.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { backupDatabase } from './backup.server.ts';
import { restoreDatabase } from './restore.server.ts';
import { openDatabase } from './connection.server.ts';

// A restore must prove the file is a complete backup of this application before it touches the
// live database (issue 23, item 1): an empty file used to "restore" into a database with no tables.

const run = promisify(execFile);
const ext = testDialect === 'postgres' ? 'pgdump' : 'sqlite';
let live: TestDatabase;
let databases: Databases;
let dir: string;
let realBackup: string;

test.beforeAll(async ({ database, databases: more }) => {
  dir = mkdtempSync(join(tmpdir(), 'bucate-restore-'));
  live = database;
  databases = more;
  await live.db
    .insertInto('restaurant')
    .values(buildRestaurant({ slug: `live-${randomBytes(3).toString('hex')}` }))
    .execute();
  realBackup = await backupDatabase(live.location, join(dir, `real.${ext}`));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function contentsOf(db: Kysely<any>): Promise<Record<string, string[]>> {
  const tables =
    testDialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1`;
  const result: Record<string, string[]> = {};
  for (const { name } of (await tables.execute(db)).rows) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** Databases on the test server whose name starts with the live one's (scratch or kept copies). */
async function siblingDatabases(url: string): Promise<string[]> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${name}\\_%`]);
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/** A backup of another database of this app whose migrations table lists one the code does not have. */
async function backupFromTheFuture(): Promise<string> {
  const other = await databases.create();
  try {
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-0001-from-the-future', '2099-01-01T00:00:00.000Z')`.execute(other.db);
    return await backupDatabase(other.location, join(dir, `future.${ext}`));
  } finally {
    await other.cleanup();
  }
}

/** A complete, valid backup of a database that is not this application's. */
async function backupOfAnotherApp(): Promise<string> {
  const file = join(dir, `other-app.${ext}`);
  if (testDialect === 'postgres') {
    const other = await createThrowawayPostgres(process.env.TEST_DATABASE_URL!, 'bucate_other_app');
    const handle = openDatabase({ databaseUrl: other.url, sqlitePath: '', poolSize: 1 });
    try {
      await sql`create table note (id integer primary key, body text)`.execute(handle.db);
      await sql`insert into note values (1, 'hello')`.execute(handle.db);
      await handle.db.destroy();
      return await backupDatabase({ databaseUrl: other.url, sqlitePath: '' }, file);
    } finally {
      await other.drop();
    }
  }
  const other = new DatabaseSync(file);
  other.exec("create table note (id integer primary key, body text); insert into note values (1, 'hello');");
  other.close();
  return file;
}

const cases: Array<[string, () => Promise<string> | string, RegExp]> = [
  ['an empty file', () => (writeFileSync(join(dir, 'empty.bak'), ''), join(dir, 'empty.bak')), /empty/],
  [
    'a truncated backup',
    () => {
      const bytes = readFileSync(realBackup);
      writeFileSync(join(dir, 'truncated.bak'), bytes.subarray(0, Math.floor(bytes.length / 2)));
      return join(dir, 'truncated.bak');
    },
    /not a complete|damaged|cannot be read/,
  ],
  ['garbage', () => (writeFileSync(join(dir, 'garbage.bak'), randomBytes(8192)), join(dir, 'garbage.bak')), /not a complete|damaged|cannot be read/],
  [
    'a SQLite file of another application',
    async () => {
      const file = join(dir, 'other-app-sqlite.bak');
      const other = new DatabaseSync(file);
      other.exec("create table note (id integer primary key, body text); insert into note values (1, 'hello');");
      other.close();
      return file;
    },
    testDialect === 'postgres' ? /not a complete|damaged|cannot be read/ : /not a backup of Bucate/,
  ],
  ['a complete backup of another application', backupOfAnotherApp, /not a backup of Bucate/],
  ['a backup whose migrations are newer than the code', backupFromTheFuture, /newer/],
];

// each case runs pg_restore into a scratch database and drops it (a checkpoint): seconds on a busy host (backup.int.test.ts)
describe('db:restore refuses a file that is not a complete backup of this app, and changes nothing', { timeout: 60_000 }, () => {
  for (const [name, make, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const file = await make();
      const before = await contentsOf(live.db);
      expect(before.restaurant).toHaveLength(1);
      const filesBefore = readdirSync(dir).sort();
      await expect(restoreDatabase(live.location, file)).rejects.toThrow(reason);
      expect(await contentsOf(live.db)).toEqual(before);
      expect(readdirSync(dir).sort()).toEqual(filesBefore);
      if (live.location.databaseUrl) expect(await siblingDatabases(live.location.databaseUrl)).toEqual([]);
    });
  }
});

function scriptEnv(target: { databaseUrl?: string; sqlitePath: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.SQLITE_PATH;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else env.SQLITE_PATH = target.sqlitePath;
  return env;
}

// npm, a Node process, pg_dump and pg_restore per case (backup.int.test.ts)
describe('npm run db:restore', { timeout: 60_000 }, () => {
  it('prints one line and exits non-zero for an empty file, leaving the database as it was', async () => {
    writeFileSync(join(dir, 'empty-cli.bak'), '');
    const before = await contentsOf(live.db);
    const result = await run(process.execPath, ['scripts/db-restore.ts', join(dir, 'empty-cli.bak')], { env: scriptEnv(live.location) }).then(
      (ok) => ({ code: 0, ...ok }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code).not.toBe(0);
    expect(result.stdout).not.toMatch(/restored/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^\[db\] restore refused: .*empty/);
    expect(await contentsOf(live.db)).toEqual(before);
  });

  it('restores a backup taken by db:backup, keeping the previous database aside', async () => {
    const file = join(dir, `cli.${ext}`);
    await run(process.execPath, ['scripts/db-backup.ts', file], { env: scriptEnv(live.location) });
    const expected = await contentsOf(live.db);

    // a target that already holds something else, which the restore must keep until the new one is in place
    let target: { databaseUrl?: string; sqlitePath: string };
    let cleanup = async () => {};
    if (testDialect === 'postgres') {
      const other = await createThrowawayPostgres(process.env.TEST_DATABASE_URL!, 'bucate_restore_target');
      target = { databaseUrl: other.url, sqlitePath: '' };
      cleanup = async () => {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        for (const name of await siblingDatabases(other.url)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        await other.drop();
      };
    } else {
      target = { sqlitePath: join(dir, 'target', 'bucate.sqlite') };
    }
    try {
      const previous = openDatabase({ ...target, poolSize: 1 });
      await sql`create table previous_marker (id integer)`.execute(previous.db);
      await previous.db.destroy();

      const { stdout } = await run(process.execPath, ['scripts/db-restore.ts', file], { env: scriptEnv(target) });
      expect(stdout).toMatch(/restored/);
      expect(stdout).toMatch(/previous database kept as/);
      const restored = openDatabase({ ...target, poolSize: 1 });
      try {
        expect(await contentsOf(restored.db)).toEqual(expected);
      } finally {
        await restored.db.destroy();
      }
      if (target.databaseUrl) {
        const kept = await siblingDatabases(target.databaseUrl);
        expect(kept).toHaveLength(1);
        const url = new URL(target.databaseUrl);
        url.pathname = `/${kept[0]}`;
        const old = openDatabase({ databaseUrl: url.toString(), sqlitePath: '', poolSize: 1 });
        expect(Object.keys(await contentsOf(old.db))).toEqual(['previous_marker']);
        await old.db.destroy();
      } else {
        const kept = readdirSync(join(dir, 'target')).filter((name) => name.includes('before-restore'));
        expect(kept).toHaveLength(1);
        const old = new DatabaseSync(join(dir, 'target', kept[0]!), { readOnly: true });
        expect(old.prepare("select name from sqlite_master where type = 'table'").all()).toEqual([{ name: 'previous_marker' }]);
        old.close();
      }
    } finally {
      await cleanup();
    }
  });
});
