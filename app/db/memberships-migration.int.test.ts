import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { migrateToLatest } from './migrate.server.ts';

/** Migration 0021 (decision 0029): every owner of today becomes an 'owner' membership; the old links go. */
describe(`the memberships migration on ${testDialect}`, () => {
  let database: TestDatabase;
  const owner = newId();
  const admin = newId();
  const owned = buildRestaurant({ name: 'Casa Veche' });
  const orphan = buildRestaurant({ name: 'Fără Proprietar' });

  test.beforeAll(async ({ databases }) => {
    database = await databases.create({ upTo: '2026-11-27-0020-user-last-sign-in' });
    const db = database.db as unknown as Kysely<any>;
    const now = '2026-11-20T10:00:00.000Z';
    const verified = testDialect === 'sqlite' ? 1 : true;
    await db.insertInto('user').values({ id: owner, name: 'Ana', email: 'ana@example.com', emailVerified: verified, createdAt: now, updatedAt: now, role: 'restaurant' }).execute();
    await db.insertInto('user').values({ id: admin, name: 'Admin', email: 'admin@example.com', emailVerified: verified, createdAt: now, updatedAt: now, role: 'admin' }).execute();
    await db
      .insertInto('restaurant')
      .values({ ...owned, ownerId: owner })
      .execute();
    await db.insertInto('restaurant').values(orphan).execute();
    await db.updateTable('user').set({ restaurantId: owned.id }).where('id', '=', owner).execute();
    await migrateToLatest(database.db);
  });

  it('makes each owner a member with the owner role, landing in their restaurant', async () => {
    expect(await database.db.selectFrom('membership').select(['restaurantId', 'userId', 'role']).execute()).toEqual([{ restaurantId: owned.id, userId: owner, role: 'owner' }]);
    const users = await database.db.selectFrom('user').select(['id', 'lastRestaurantId']).orderBy('email').execute();
    expect(users).toEqual([
      { id: admin, lastRestaurantId: null },
      { id: owner, lastRestaurantId: owned.id },
    ]);
  });

  it('drops user.restaurantId and restaurant.ownerId, keeping every restaurant row', async () => {
    const db = database.db as unknown as Kysely<any>;
    await expect(db.selectFrom('user').select('restaurantId').execute()).rejects.toThrow();
    await expect(db.selectFrom('restaurant').select('ownerId').execute()).rejects.toThrow();
    expect((await database.db.selectFrom('restaurant').select('name').orderBy('name').execute()).map((r) => r.name)).toEqual(['Casa Veche', 'Fără Proprietar']);
  });

  it('keeps the restaurant table’s indexes, triggers and foreign keys working after SQLite’s rebuild', async () => {
    // the slug stays unique, and the back office's search index (kept by triggers on SQLite) sees a new row
    await expect(
      database.db
        .insertInto('restaurant')
        .values(buildRestaurant({ slug: owned.slug }))
        .execute(),
    ).rejects.toThrow();
    const added = buildRestaurant({ name: 'Hanul Nou' });
    await database.db.insertInto('restaurant').values(added).execute();
    if (testDialect === 'sqlite') {
      const found = await sql<{ id: string }>`select id from "restaurantSearch" where "restaurantSearch" match ${'{name} : "Hanul"'}`.execute(database.db);
      expect(found.rows.map((row) => row.id)).toEqual([added.id]);
    }
    // a membership of a deleted restaurant goes with it
    await database.db.deleteFrom('restaurant').where('id', '=', owned.id).execute();
    expect(await database.db.selectFrom('membership').select('id').execute()).toEqual([]);
  });
});
