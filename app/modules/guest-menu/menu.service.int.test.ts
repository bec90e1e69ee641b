import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, type PlanOptions } from '#tests/factories/builders.ts';
import { countQueries, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { listMenuRows } from './menu.repo.server.ts';
import { getMenuCacheVersion, getPublicMenu } from './menu.service.server.ts';

async function insertMenu(database: TestDatabase, products: number, overrides: Parameters<typeof insertRestaurant>[1] = {}, plan: PlanOptions = {}) {
  const restaurant = await insertRestaurant(database.db, overrides, plan);
  const location = buildLocation(restaurant.id, { sortOrder: 0 });
  const category = buildCategory(restaurant.id, location.id);
  await database.db.insertInto('location').values(location).execute();
  await database.db.insertInto('category').values(category).execute();
  for (let i = 0; i < products; i++) {
    await database.db
      .insertInto('product')
      .values(buildProduct(restaurant.id, category.id, { sortOrder: i }))
      .execute();
  }
  return { restaurant, location, category };
}

describe(`public menu on ${testDialect}`, () => {
  let database: TestDatabase;
  test.beforeAll(({ database: fileDatabase }) => {
    database = fileDatabase;
  });

  it('keys the render cache anew when the trial ends with the passing of time, with no edit', async () => {
    const started = new Date('2026-09-01T08:00:00.000Z');
    const { restaurant } = await insertMenu(database, 1, {}, { trial: started });
    const day = (n: number) => new Date(started.getTime() + n * 24 * 3600 * 1000);
    const during = await getMenuCacheVersion(database.db, restaurant.slug, day(59));
    const after = await getMenuCacheVersion(database.db, restaurant.slug, day(61));
    expect(during).toBeDefined();
    expect(after).not.toBe(during);
    expect(await getMenuCacheVersion(database.db, restaurant.slug, day(62))).toBe(after);
    expect(await getMenuCacheVersion(database.db, 'no-such-restaurant')).toBeUndefined();
  });

  it('renders with the very cache version the hot path reads, published or not (else every request renders)', async () => {
    const { restaurant: open } = await insertMenu(database, 1);
    const { restaurant: closed } = await insertMenu(database, 1, { active: 0 });
    for (const slug of [open.slug, closed.slug]) {
      expect((await getPublicMenu(database.db, slug))?.cacheVersion, slug).toBe(await getMenuCacheVersion(database.db, slug));
    }
  });

  it('is undefined for an unknown slug', async () => {
    expect(await getPublicMenu(database.db, 'no-such-restaurant')).toBeUndefined();
  });

  it('lists locations, categories and products in order, hiding what the owner hid', async () => {
    const { restaurant, location, category } = await insertMenu(database, 0);
    const second = buildLocation(restaurant.id, { sortOrder: 1, nameRo: 'A doua' });
    const closedTerrace = buildLocation(restaurant.id, { sortOrder: 2, nameRo: 'Terasa, închisă iarna', visible: 0 });
    const hiddenCategory = buildCategory(restaurant.id, location.id, { visible: 0 });
    const terraceCategory = buildCategory(restaurant.id, closedTerrace.id);
    await database.db.insertInto('location').values([second, closedTerrace]).execute();
    await database.db.insertInto('category').values([hiddenCategory, terraceCategory]).execute();
    await database.db
      .insertInto('product')
      .values([
        buildProduct(restaurant.id, category.id, { nameRo: 'Al doilea', sortOrder: 2 }),
        buildProduct(restaurant.id, category.id, { nameRo: 'Primul', sortOrder: 1, allergens: '["milk","gluten"]' }),
        buildProduct(restaurant.id, category.id, { nameRo: 'Ascuns', visible: 0 }),
        buildProduct(restaurant.id, category.id, { nameRo: 'Epuizat', available: 0, sortOrder: 3 }),
        buildProduct(restaurant.id, hiddenCategory.id, { nameRo: 'În categorie ascunsă' }),
        buildProduct(restaurant.id, terraceCategory.id, { nameRo: 'Pe terasa închisă' }),
      ])
      .execute();

    const menu = await getPublicMenu(database.db, restaurant.slug);
    if (menu?.status !== 'active') throw new Error(`expected an active menu, got ${menu?.status}`);
    expect(menu.locations.map((l) => l.id)).toEqual([location.id, second.id]);
    expect(menu.locations[0]!.categories.map((c) => c.id)).toEqual([category.id]);
    const products = menu.locations[0]!.categories[0]!.products;
    expect(products.map((p) => p.nameRo)).toEqual(['Primul', 'Al doilea', 'Epuizat']);
    expect(products[0]!.allergens).toEqual(['gluten', 'milk']);
    expect(products[2]!.available).toBe(false);
    expect(JSON.stringify(menu)).not.toMatch(/Ascuns|ascunsă|Terasa|terasa închisă/);
    // not even read: the rows of a hidden location never leave the database
    expect(JSON.stringify(await listMenuRows(database.db, restaurant.id))).not.toMatch(/Ascuns|ascunsă|Terasa|terasa închisă/);
  });

  it('shows a restaurant whose subscription ended as inactive without its menu', async () => {
    const expiredTrial: PlanOptions = { trial: new Date(Date.now() - 61 * 24 * 3600 * 1000) };
    const cases: Array<[Parameters<typeof insertRestaurant>[1], PlanOptions]> = [
      [{}, { trial: false }],
      [{}, expiredTrial],
    ];
    for (const [overrides, plan] of cases) {
      const { restaurant } = await insertMenu(database, 2, overrides, plan);
      const menu = await getPublicMenu(database.db, restaurant.slug);
      expect(menu).toEqual({ status: 'inactive', cacheVersion: 0, validUntil: null, restaurant: { name: restaurant.name, slug: restaurant.slug, menuVersion: 0 } });
    }
  });

  it('treats a restaurant an admin deactivated as no menu at all (the route sends guests to not-found)', async () => {
    const { restaurant } = await insertMenu(database, 2, { active: 0 });
    expect(await getPublicMenu(database.db, restaurant.slug)).toBeUndefined();
    expect(await getMenuCacheVersion(database.db, restaurant.slug)).toBeUndefined();
  });

  it('never shows another restaurant’s products', async () => {
    const a = await insertMenu(database, 3);
    const b = await insertMenu(database, 4);
    const menu = await getPublicMenu(database.db, a.restaurant.slug);
    if (menu?.status !== 'active') throw new Error('expected an active menu');
    const ids = menu.locations.flatMap((l) => l.categories.flatMap((c) => c.products.map((p) => p.id)));
    expect(ids).toHaveLength(3);
    const bProducts = await database.db.selectFrom('product').select('id').where('restaurantId', '=', b.restaurant.id).execute();
    expect(ids.some((id) => bProducts.some((p) => p.id === id))).toBe(false);
  });

  it('sends the same number of queries for 5 or 200 products', async () => {
    const small = await insertMenu(database, 5);
    const large = await insertMenu(database, 200);
    const smallCounter = countQueries(database);
    await getPublicMenu(smallCounter.db, small.restaurant.slug);
    const largeCounter = countQueries(database);
    await getPublicMenu(largeCounter.db, large.restaurant.slug);
    expect(smallCounter.count).toBeGreaterThan(0);
    expect(largeCounter.count).toBe(smallCounter.count);
  });
});
