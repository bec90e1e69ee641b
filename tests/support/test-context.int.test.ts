import { describe, expect } from 'vitest';
import { pendingMigrations } from '#app/db/migrate.server.ts';
import { migrations } from '#app/db/migrations/index.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { test } from './test-context.ts';
import { testDialect } from './test-database.ts';

const tables = (db: Parameters<typeof pendingMigrations>[0]) => db.introspection.getTables().then((all) => all.map((table) => table.name));

describe(`the test context's databases on ${testDialect}`, () => {
  test('the file database is a copy of the migrated template: every migration run, no rows', async ({ db }) => {
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await db.selectFrom('restaurant').select('id').execute()).toEqual([]);
  });

  test('a database of its own stops after the migration named, or stays empty', async ({ databases }) => {
    const names = Object.keys(migrations).sort();
    const partial = await databases.create({ upTo: names[0]! });
    expect(await pendingMigrations(partial.db)).toEqual(names.slice(1));
    const empty = await databases.create({ migrate: false });
    expect(await tables(empty.db)).toEqual([]);
  });

  test('each database is separate from the file database', async ({ db, databases }) => {
    const other = await databases.create();
    const restaurant = buildRestaurant();
    await other.db.insertInto('restaurant').values(restaurant).execute();
    expect(await other.db.selectFrom('restaurant').select('id').execute()).toEqual([{ id: restaurant.id }]);
    expect(await db.selectFrom('restaurant').select('id').where('id', '=', restaurant.id).execute()).toEqual([]);
  });
});
