import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { listDishOptionGroups } from '#app/modules/options/options.repo.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { DEMO_LOGINS, isDatabaseEmpty, seedDemo } from './demo-seed.server.ts';
import { DEMO_DISHES_WITH_OPTIONS } from './demo-options.data.ts';

describe(`demo seed on ${testDialect}`, () => {
  let database: TestDatabase;
  let uploads: string;
  let auth: ReturnType<typeof createAuth>;
  let storage: FileStorage;
  test.beforeAll(async ({ database: fileDatabase, uploads: fileUploads, storage: fileStorage }) => {
    database = fileDatabase;
    uploads = fileUploads;
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'y'.repeat(32), DATA_DIR: uploads }), authServices(database));
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    storage = fileStorage;
    await seedDemo(database.db, auth, storage);
  });

  it('makes a realistic restaurant: 2 locations, 8+ categories, 60+ bilingual products with images', async () => {
    const menu = await getPublicMenu(database.db, DEMO_RESTAURANT_SLUG);
    if (menu?.status !== 'active') throw new Error('the demo menu should be active');
    expect(menu.locations).toHaveLength(2);
    const categories = menu.locations.flatMap((l) => l.categories);
    const products = categories.flatMap((c) => c.products);
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(products.every((p) => p.nameEn && p.nameRo && p.priceMinor > 0 && p.imageUrl?.startsWith('/uploads/'))).toBe(true);
    expect(products.some((p) => p.allergens.length > 0)).toBe(true);
    expect(products.filter((p) => p.energyKcal !== null).length).toBe(products.length);
    expect(products[0]!.imageSrcSet).toMatch(/^\/uploads\/\S+-200\.webp 200w, \/uploads\/\S+-400\.webp 400w$/);
    const restaurant = await database.db.selectFrom('restaurant').selectAll().where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    expect(restaurant.productsCount).toBe(products.length);
    expect(readdirSync(join(uploads, 'restaurants', restaurant.id, 'products')).length).toBe(products.length * 3);
  });

  it('takes orders at its first location, at the table from one table’s QR code and for pickup, and reservations (issue 25 item 10)', async () => {
    const menu = await getPublicMenu(database.db, DEMO_RESTAURANT_SLUG);
    if (menu?.status !== 'active') throw new Error('the demo menu should be active');
    expect(menu.locations[0]!.ordering).toMatchObject({ orders: { dineIn: true, pickup: true, paused: false }, reservations: true });
    expect(menu.locations[1]!.ordering).toBeNull();
    const tables = await database.db.selectFrom('diningTable').select(['label', 'code', 'locationId']).execute();
    expect(tables).toEqual([{ label: 'Masa 1', code: expect.stringMatching(/^[\w-]{8}$/), locationId: menu.locations[0]!.id }]);
  });

  it('offers German with every name and every dish description and ingredient list translated (issue 16)', async () => {
    const menu = await getPublicMenu(database.db, DEMO_RESTAURANT_SLUG);
    if (menu?.status !== 'active') throw new Error('the demo menu should be active');
    expect(menu.restaurant.languages).toEqual(['ro', 'en', 'de']);
    expect(menu.restaurant.translations?.de?.description).toMatch(/^Rumänisches Bistro/);
    const categories = menu.locations.flatMap((l) => l.categories);
    const rows = [...menu.locations, ...categories, ...categories.flatMap((c) => c.products)];
    expect(rows.filter((row) => !row.translations?.de?.name).map((row) => row.nameRo)).toEqual([]);
    expect(categories.flatMap((c) => c.products).find((p) => p.nameRo === 'Ciorbă de burtă')?.translations?.de?.name).toBe('Saure Kuttelsuppe');
    const dishes = categories.flatMap((c) => c.products);
    expect(dishes.filter((p) => p.descriptionRo && !p.translations?.de?.description).map((p) => p.nameRo)).toEqual([]);
    expect(dishes.filter((p) => p.ingredientsRo && !p.translations?.de?.ingredients).map((p) => p.nameRo)).toEqual([]);
  });

  it('gives a pizza sizes and extras, coffees one milk group, a steak its doneness and side, named in every language (issue 35 item 9)', async () => {
    const restaurant = await database.db.selectFrom('restaurant').select(['id']).where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    const dishes = await database.db
      .selectFrom('product')
      .select(['id', 'nameRo'])
      .where('restaurantId', '=', restaurant.id)
      .where('nameRo', 'in', DEMO_DISHES_WITH_OPTIONS)
      .execute();
    expect(dishes.map((dish) => dish.nameRo).sort()).toEqual([...DEMO_DISHES_WITH_OPTIONS].sort());
    const groups = await listDishOptionGroups(
      database.db,
      restaurant.id,
      dishes.map((dish) => dish.id),
      Date.now(),
    );
    const of = (name: string) => groups.get(dishes.find((dish) => dish.nameRo === name)!.id) ?? [];
    const rules = (name: string) => of(name).map((group) => [group.nameRo, group.minChoices, group.maxChoices, group.pricing]);
    expect(rules('Pizza Margherita')).toEqual([
      ['Mărime', 1, 1, 'set'],
      ['Extra', 0, 3, 'add'],
    ]);
    expect(of('Pizza Margherita')[0]!.options.map((option) => option.priceMinor)).toEqual([3200, 4400, 5800]);
    expect(rules('Antricot de vită la grătar')).toEqual([
      ['Gradul de gătire', 1, 1, 'add'],
      ['Garnitură', 1, 1, 'add'],
    ]);
    // one milk group of the library on both coffees, exactly one, oat drink +3 lei
    expect(of('Cappuccino').map((group) => group.id)).toEqual(of('Flat white').map((group) => group.id));
    expect(rules('Cappuccino')).toEqual([['Lapte', 1, 1, 'add']]);
    expect(of('Cappuccino')[0]!.options.find((option) => option.nameRo === 'Băutură de ovăz')).toMatchObject({ priceMinor: 300, allergens: ['gluten'] });
    // every group and option has its English and German name
    const named = [...groups.values()].flat().flatMap((group) => [group, ...group.options]);
    expect(named.filter((row) => !row.nameEn || !(JSON.parse(row.translations) as { de?: { name?: string } }).de?.name).map((row) => row.nameRo)).toEqual([]);
    expect(await database.db.selectFrom('optionGroup').select('id').where('restaurantId', '=', restaurant.id).execute()).toHaveLength(5);
  });

  it("splits the first location's kitchen display: Bucătărie and Bar, the drinks to the bar, no printers (issue 36)", async () => {
    const restaurant = await database.db.selectFrom('restaurant').select('id').where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    const locations = await database.db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).orderBy('sortOrder').execute();
    const stations = await database.db
      .selectFrom('station')
      .select(['id', 'locationId', 'nameRo', 'nameEn'])
      .where('restaurantId', '=', restaurant.id)
      .orderBy('sortOrder')
      .execute();
    expect(stations.map((station) => [station.locationId, station.nameRo, station.nameEn])).toEqual([
      [locations[0]!.id, 'Bucătărie', 'Kitchen'],
      [locations[0]!.id, 'Bar', 'Bar'],
    ]);
    const categories = await database.db.selectFrom('category').select(['nameRo', 'locationId', 'stationId']).where('restaurantId', '=', restaurant.id).execute();
    const atBar = categories.filter((category) => category.stationId === stations[1]!.id).map((category) => category.nameRo);
    expect(atBar.sort()).toEqual(['Băuturi răcoritoare', 'Cafea și ceai', 'Vinuri']);
    // the rest take the location's first (Bucătărie); the second location has none and works as before
    expect(categories.filter((category) => category.stationId !== null && category.stationId !== stations[1]!.id)).toEqual([]);
    expect(categories.filter((category) => category.locationId === locations[1]!.id).length).toBeGreaterThan(0);
    expect(await database.db.selectFrom('printer').select('id').where('restaurantId', '=', restaurant.id).execute()).toEqual([]);
  });

  it('gives the demo restaurant a logo and a cover, stored like an owner’s uploads and shown on the menu (issue 17, friction 11)', async () => {
    const restaurant = await database.db.selectFrom('restaurant').select(['logoKey', 'coverImageKey']).where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    expect(restaurant.logoKey).toBeTruthy();
    expect(restaurant.coverImageKey).toBeTruthy();
    // each picture has its storedImage row (so the settings page shows it and the sweep keeps it)
    const rows = await database.db.selectFrom('storedImage').select(['path', 'width', 'height']).where('path', 'in', [restaurant.logoKey!, restaurant.coverImageKey!]).execute();
    expect(rows).toHaveLength(2);
    const cover = rows.find((row) => row.path === restaurant.coverImageKey)!;
    expect(cover.width / cover.height).toBeCloseTo(3, 1);
    // the files are real pictures in the storage
    const logoFile = await sharp(await storage.read(restaurant.logoKey!)).metadata();
    expect(logoFile.format).toBe('jpeg');
    expect(logoFile.width).toBeGreaterThan(100);
  });

  it('creates a demo owner and a demo admin who can sign in with the printed passwords', async () => {
    for (const [who, login] of Object.entries(DEMO_LOGINS)) {
      const result = await auth.api.signInEmail({ body: login });
      expect(result.user.email, who).toBe(login.email);
    }
    const owner = await database.db.selectFrom('user').selectAll().where('email', '=', DEMO_LOGINS.owner.email).executeTakeFirstOrThrow();
    const admin = await database.db.selectFrom('user').selectAll().where('email', '=', DEMO_LOGINS.admin.email).executeTakeFirstOrThrow();
    expect(owner.role).toBe('restaurant');
    expect(admin.role).toBe('admin');
    const restaurant = await database.db.selectFrom('restaurant').select(['id']).where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    expect(owner.lastRestaurantId).toBe(restaurant.id);
    expect(await database.db.selectFrom('membership').select(['userId', 'role']).where('restaurantId', '=', restaurant.id).execute()).toEqual([
      { userId: owner.id, role: 'owner' },
    ]);
  });

  it('refuses a wrong password', async () => {
    await expect(auth.api.signInEmail({ body: { email: DEMO_LOGINS.owner.email, password: 'wrong-password' } })).rejects.toThrow();
  });

  it('leaves a database that has data alone', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });
});
