import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { backupDatabase } from './backup.server.ts';
import { restoreDatabase } from './restore.server.ts';
import { openDatabase } from './connection.server.ts';

let source: TestDatabase;
let dir: string;
test.beforeAll(({ database: fileDatabase }) => {
  source = fileDatabase;
  dir = mkdtempSync(join(tmpdir(), 'bucate-backup-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function tablesOf(db: Kysely<any>): Promise<string[]> {
  const query =
    testDialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

async function contentsOf(db: Kysely<any>): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of await tablesOf(db)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

// pg_dump, a scratch database, pg_restore and a drop (a checkpoint): 5.8 s alone, 17 s beside two other workers on 2
// cores (session 22's fresh clone B), near the 20 s default
describe('db:backup and db:restore', { timeout: 60_000 }, () => {
  it('restore a backup into a new database with every table equal', async () => {
    const db = source.db;
    const restaurant = buildRestaurant({ slug: `backup-${randomBytes(3).toString('hex')}` });
    await db.insertInto('restaurant').values(restaurant).execute();
    const location = buildLocation(restaurant.id);
    await db.insertInto('location').values(location).execute();
    const category = buildCategory(restaurant.id, location.id);
    await db.insertInto('category').values(category).execute();
    await db.insertInto('product').values(buildProduct(restaurant.id, category.id)).execute();
    await db
      .insertInto('product')
      .values(buildProduct(restaurant.id, category.id, { nameRo: 'Ciorbă de burtă' }))
      .execute();

    const file = await backupDatabase(source.location, join(dir, testDialect === 'postgres' ? 'b.pgdump' : 'b.sqlite'));

    let target: { databaseUrl?: string; sqlitePath: string };
    let dropTarget = async () => {};
    if (testDialect === 'postgres') {
      const name = `bucate_restore_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      target = { databaseUrl: url.toString(), sqlitePath: '' };
      dropTarget = async () => {
        const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      };
    } else {
      target = { sqlitePath: join(dir, 'restored', 'bucate.sqlite') };
    }
    try {
      await restoreDatabase(target, file);
      const restored = openDatabase({ ...target, poolSize: 1 });
      try {
        const expected = await contentsOf(db);
        expect(Object.keys(expected)).toContain('product');
        expect(expected.product).toHaveLength(2);
        expect(await contentsOf(restored.db)).toEqual(expected);
      } finally {
        await restored.db.destroy();
      }
    } finally {
      await dropTarget();
    }
  });
});
