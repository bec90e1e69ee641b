import { afterAll, describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { insertPizzaOptions } from '#tests/factories/dish-options.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * Issue 35: a guest who reads the menu in a language beyond ro/en (German here) and is refused a choice on a dish's page
 * comes back to that page in the menu's language, not in English (session 17 saw the refusal drop `?lang=de`). The
 * pages and the form post as the built server answers them. Needs `npm run build`.
 */
describe(`a refused choice keeps the menu's language on ${testDialect}`, () => {
  let server: BuiltServer;
  const world = { slug: '', productId: '', code: '', sizeGroup: '' };

  test.beforeAll(async ({ database }) => {
    const { db } = database;
    const restaurant = await insertRestaurant(db, { slug: 'pizzeria-deutsch', name: 'Pizzeria Deutsch', contentLanguages: '["de"]' });
    const location = buildLocation(restaurant.id, { nameRo: 'Centru', nameEn: 'Centre' });
    const category = buildCategory(restaurant.id, location.id, { nameRo: 'Pizza', nameEn: 'Pizza' });
    const pizza = buildProduct(restaurant.id, category.id, {
      nameRo: 'Pizza Margherita',
      nameEn: 'Margherita pizza',
      priceMinor: 3900,
      translations: JSON.stringify({ de: { name: 'Pizza Margherita (Tomaten, Mozzarella)' } }),
    });
    await db.insertInto('location').values(location).execute();
    await db.insertInto('category').values(category).execute();
    await db.insertInto('product').values(pizza).execute();
    const { sizeGroup } = await insertPizzaOptions(db, restaurant.id, [pizza.id]);
    const code = 'tischdrei';
    await db
      .insertInto('diningTable')
      .values({ id: newId(), restaurantId: restaurant.id, locationId: location.id, label: 'Masa 3', code, sortOrder: 1, createdAt: new Date().toISOString() })
      .execute();
    await db.insertInto('orderingSettings').values(buildOrderingSettings(restaurant.id, location.id)).execute();
    Object.assign(world, { slug: restaurant.slug, productId: pizza.id, code, sizeGroup });
    server = await startBuiltServer({ databaseUrl: database.location.databaseUrl, sqlitePath: database.location.sqlitePath });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const html = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('the dish page in German posts with ?lang=de, and a missing size brings the guest back to it in German', async () => {
    const page = await html(`/${world.slug}/comanda/fel/${world.productId}?lang=de&via=${world.code}`);
    expect(page).toContain('Pizza Margherita (Tomaten, Mozzarella)');
    const action = /<form[^>]+action="([^"]*comanda\/adauga[^"]*)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBe(`/${world.slug}/comanda/adauga?lang=de`);

    // the size group is required: nothing chosen
    const refused = await fetch(`${server.baseUrl}${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ p: world.productId, from: 'dish', via: world.code }),
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('set-cookie')).toBeNull();
    const back = new URL(refused.headers.get('location')!, server.baseUrl);
    expect(back.pathname).toBe(`/${world.slug}/comanda/fel/${world.productId}`);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ lang: 'de', error: 'order-option-required', g: world.sizeGroup, via: world.code });
    const again = await html(`${back.pathname}${back.search}`);
    // the dish's own name in the menu's language, the page's words (the refusal) in English
    expect(again).toContain('Pizza Margherita (Tomaten, Mozzarella)');
    expect(again).toMatch(/data-testid="dish-error"[^>]*>[^<]*Size/);
  });

  it('the same refusal on the Romanian page stays Romanian (no ?lang=)', async () => {
    const page = await html(`/${world.slug}/comanda/fel/${world.productId}`);
    expect(page).toContain(`action="/${world.slug}/comanda/adauga"`);
    const refused = await fetch(`${server.baseUrl}/${world.slug}/comanda/adauga`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ p: world.productId, from: 'dish' }),
    });
    const back = new URL(refused.headers.get('location')!, server.baseUrl);
    expect(back.searchParams.has('lang')).toBe(false);
    expect(await html(`${back.pathname}${back.search}`)).toContain('alege o opțiune la „Mărime”');
  });
});
