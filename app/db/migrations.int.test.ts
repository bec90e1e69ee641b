import { getMigrations } from 'better-auth/db/migration';
import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { migrateToLatest } from './migrate.server.ts';

describe(`migrations on ${testDialect}`, () => {
  let database: TestDatabase;
  test.beforeAll(({ database: fileDatabase }) => {
    database = fileDatabase;
  });

  it('create every table better-auth needs, with every column it expects', async () => {
    const auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) }), authServices(database));
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated.map((t) => t.table)).toEqual([]);
    expect(toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`)).toEqual([]);
  });

  it('record themselves, so running again changes nothing', async () => {
    const again = await migrateToLatest(database.db);
    expect(again).toEqual([]);
  });

  it('store the app configuration of docs/product-spec.md section 3', async () => {
    const config = await database.db.selectFrom('appConfig').selectAll().where('id', '=', 'app_config').executeTakeFirstOrThrow();
    expect(config.defaultLocale).toBe('ro');
    expect(JSON.parse(config.availableLocales)).toEqual(['ro', 'en']);
  });

  it('enforce unique slugs and cascade a location delete to its categories and products', async () => {
    const { buildRestaurant, buildLocation, buildCategory, buildProduct } = await import('#tests/factories/builders.ts');
    const restaurant = buildRestaurant();
    await database.db.insertInto('restaurant').values(restaurant).execute();
    await expect(
      database.db
        .insertInto('restaurant')
        .values(buildRestaurant({ slug: restaurant.slug }))
        .execute(),
    ).rejects.toThrow();
    const location = buildLocation(restaurant.id);
    const category = buildCategory(restaurant.id, location.id);
    await database.db.insertInto('location').values(location).execute();
    await database.db.insertInto('category').values(category).execute();
    await database.db.insertInto('product').values(buildProduct(restaurant.id, category.id)).execute();
    await database.db.deleteFrom('location').where('id', '=', location.id).execute();
    const left = await database.db.selectFrom('product').select('id').where('restaurantId', '=', restaurant.id).execute();
    expect(left).toEqual([]);
  });
});
