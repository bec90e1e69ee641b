import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/connection.server.ts';
import { isDatabaseUnavailable } from '#app/db/database-errors.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * A database that goes away (PostgreSQL backends terminated, connections refused; SQLite busy)
 * gives the requests caught in it a translated 503, and the process keeps serving.
 */
let database: TestDatabase;
let server: BuiltServer;

test.beforeAll(async ({ database: fileDatabase }) => {
  database = fileDatabase;
  // a short wait for the writer lock, so the busy case below answers in well under a second per write
  server = await startBuiltServer({ ...database.location, env: { SQLITE_BUSY_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await server?.stop();
});

const SERVICE_UNAVAILABLE_RO = 'Serviciul este temporar indisponibil. Încearcă din nou în câteva momente.';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const databaseName = () => new URL(database.location.databaseUrl!).pathname.slice(1);

describe.runIf(testDialect === 'postgres')('PostgreSQL connections cut (PostgreSQL leg only: skipped on SQLite)', () => {
  it('a backend terminated inside a transaction fails that transaction, and does not crash the process', async () => {
    const handle = openDatabase({ databaseUrl: database.location.databaseUrl, sqlitePath: '', poolSize: 2 });
    try {
      const failure = await handle.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await admin((c) => c.query('select pg_terminate_backend($1)', [rows[0]!.pid]));
          // between two statements the client is checked out: the cut arrives as a client 'error' event
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeDefined();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // the pool replaced the connection
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows[0]!.one).toBe(1);
    } finally {
      await handle.db.destroy();
    }
  });

  it('the app answers 503 translated while the database is gone, and serves again once it is back', async () => {
    expect((await fetch(`${server.baseUrl}/m/abc123`, { redirect: 'manual' })).status).toBe(302);
    await admin(async (c) => {
      await c.query(`alter database ${databaseName()} allow_connections false`);
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName()]);
    });
    try {
      const down = await fetch(`${server.baseUrl}/m/abc123`, { redirect: 'manual' });
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBeTruthy();
      expect(await down.text()).toContain(SERVICE_UNAVAILABLE_RO);
      const english = await fetch(`${server.baseUrl}/m/abc123`, { redirect: 'manual', headers: { cookie: 'lang=en' } });
      expect(english.status).toBe(503);
      expect(await english.text()).toContain('The service is temporarily unavailable.');
    } finally {
      await admin((c) => c.query(`alter database ${databaseName()} allow_connections true`));
    }
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.baseUrl}/m/abc123`, { redirect: 'manual' })).status).toBe(302);
  });
});

describe.runIf(testDialect === 'sqlite')('SQLite busy (SQLite leg only: skipped on PostgreSQL)', () => {
  it('is recognised as the database being unavailable', () => {
    const other = openDatabase({ sqlitePath: database.location.sqlitePath });
    database.sqlite!.exec('BEGIN IMMEDIATE');
    try {
      other.sqlite!.exec('PRAGMA busy_timeout = 10');
      let failure: unknown;
      try {
        other.sqlite!.exec("INSERT INTO contactMessage (id) VALUES ('x')");
      } catch (error) {
        failure = error;
      }
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      database.sqlite!.exec('ROLLBACK');
      other.sqlite!.close();
    }
  });

  it('a write waiting past busy_timeout answers 503, and the app serves again once the lock is gone', async () => {
    database.sqlite!.exec('BEGIN IMMEDIATE');
    try {
      const form = new URLSearchParams({ name: 'Ana Pop', email: 'ana@example.com', message: 'Vreau un meniu digital, vă rog.' });
      const busy = await fetch(`${server.baseUrl}/contact`, { method: 'POST', body: form, headers: { origin: server.baseUrl } });
      expect(busy.status).toBe(503);
    } finally {
      database.sqlite!.exec('ROLLBACK');
    }
    expect((await fetch(`${server.baseUrl}/m/abc123`, { redirect: 'manual' })).status).toBe(302);
  });
});
