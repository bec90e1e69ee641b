import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { TENANT_COLUMN } from '#app/db/tenant-tables.ts';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { captureFunction, repositoryFiles, snapshotText, type Captured } from './tenant-sql/capture.ts';
import { insertFixture } from './tenant-sql/fixture.ts';
import { REPOSITORIES } from './tenant-sql/repositories.ts';

// Tenancy by construction (issue 24, decision 0030): every repository function runs against a
// fixture on this run's database; each statement it issues is checked for the restaurant filter on
// every tenant table it touches, and the SQL of all of them is compared with the checked-in text of
// this dialect (tenant-sql/sqlite.txt, tenant-sql/postgres.txt): a query change shows in review.
// After a deliberate change: `npx vitest run tests/architecture/tenant-sql.int.test.ts --update` on both databases
// (the flag after the path: vitest 5 reads `-u <path>` as the update mode and runs every test file).

const root = join(import.meta.dirname, '..', '..');
const functionsOf = (module: Record<string, unknown>) =>
  Object.keys(module)
    .filter((name) => typeof module[name] === 'function')
    .sort();

let results: Captured[] = [];
let tablesWithRestaurantId: string[] = [];

test.beforeAll(async ({ database }) => {
  const ids = await insertFixture(database.db);
  for (const file of Object.keys(REPOSITORIES).sort()) {
    const repository = REPOSITORIES[file]!;
    for (const name of functionsOf(repository.module)) {
      if (repository.cases[name]) results.push(await captureFunction(database.db, database.kind, ids, file, repository, name));
    }
  }
  const query =
    database.kind === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'restaurantId'`
      : sql<{ name: string }>`select m.name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'restaurantId'`;
  tablesWithRestaurantId = (await query.execute(database.db)).rows.map((row) => row.name).sort();
}, 60_000);

describe('tenancy by construction: every query on a tenant table is held to one restaurant', () => {
  test('every repository file has capture cases, and every function it exports has one', () => {
    expect(Object.keys(REPOSITORIES).sort()).toEqual(repositoryFiles(root));
    const missing = Object.entries(REPOSITORIES).flatMap(([file, repository]) =>
      functionsOf(repository.module)
        .filter((name) => !repository.cases[name])
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  test('every case runs without an error', () => {
    expect(results.filter((result) => result.error).map((result) => `${result.file}: ${result.name}: ${result.error}`)).toEqual([]);
  });

  test('every statement on a tenant table has the restaurant filter, unless its function spans restaurants by name', () => {
    const unfiltered = results
      .filter((result) => !result.exemption)
      .flatMap((result) => result.statements.flatMap((statement) => statement.problems.map((problem) => `${result.file}: ${result.name}: ${problem}\n    ${statement.sql}`)));
    expect(unfiltered).toEqual([]);
  });

  test('a function held to one restaurant leaves its restaurantId filter to tenant(), never writes it by hand', () => {
    expect(results.filter((result) => !result.exemption && result.filtersByHand).map((result) => `${result.file}: ${result.name}`)).toEqual([]);
  });

  test('every exemption is needed: its function issues a statement the filter check would refuse', () => {
    const needless = results.filter((result) => result.exemption && !result.statements.some((statement) => statement.problems.length > 0));
    expect(needless.map((result) => `${result.file}: ${result.name}`)).toEqual([]);
  });

  test('the SQL of every repository function matches the checked-in text', async () => {
    expect(results.length).toBeGreaterThan(200);
    await expect(snapshotText(results)).toMatchFileSnapshot(`./tenant-sql/${testDialect}.txt`);
  });

  test('every table with a restaurantId column is a tenant table (app/db/tenant-tables.ts)', () => {
    const listed = Object.keys(TENANT_COLUMN)
      .filter((table) => table !== 'restaurant')
      .sort();
    expect(tablesWithRestaurantId).toEqual(listed);
  });
});
