import { afterAll, describe, expect, it } from 'vitest';
import { encodeCart } from '#app/modules/ordering/cart-cookie.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * Issue 33 item 17: a location's note for guests is about pickup ("ready in about 20 minutes"), so
 * the cart shows it with the pickup details only, never on a dine-in cart nor on the reservation
 * form. The pages as the built server sends them. Needs `npm run build`.
 */
const NOTE_RO = 'Comenzile la pachet sunt gata în aproximativ 20 de minute.';
const NOTE_EN = 'Pickup orders are ready in about 20 minutes.';

describe(`the pickup note on the guest's pages on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: BuiltServer;
  const world = { restaurantId: '', slug: '', locationId: '', productId: '' };

  test.beforeAll(async ({ database: fileDatabase }) => {
    database = fileDatabase;
    const restaurant = await insertRestaurant(database.db, { slug: 'nota-la-pachet', name: 'Bistro Nota' });
    const location = buildLocation(restaurant.id, { nameRo: 'Centru', nameEn: 'Centre' });
    const category = buildCategory(restaurant.id, location.id, { nameRo: 'Ciorbe', nameEn: 'Soups' });
    const soup = buildProduct(restaurant.id, category.id, { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', priceMinor: 2450 });
    await database.db.insertInto('location').values(location).execute();
    await database.db.insertInto('category').values(category).execute();
    await database.db.insertInto('product').values(soup).execute();
    // dine-in only, reservations on, and the owner's note about pickup
    await database.db
      .insertInto('orderingSettings')
      .values(buildOrderingSettings(restaurant.id, location.id, { dineIn: 1, pickup: 0, reservationsEnabled: 1, guestNoteRo: NOTE_RO, guestNoteEn: NOTE_EN }))
      .execute();
    Object.assign(world, { restaurantId: restaurant.id, slug: restaurant.slug, locationId: location.id, productId: soup.id });
    server = await startBuiltServer({ databaseUrl: database.location.databaseUrl, sqlitePath: database.location.sqlitePath });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = async (path: string, cookie = '') => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const cartCookie = () =>
    `cart=${encodeCart({ locationId: world.locationId, tableCode: null, key: 'k'.repeat(24), lines: [{ productId: world.productId, quantity: 1, note: null }] })}`;

  it('the reservation form does not show it, in either language', async () => {
    for (const lang of ['ro', 'en']) {
      const html = await page(`/${world.slug}/rezervare?lang=${lang}`);
      expect(html).toContain('name="partySize"');
      expect(html).not.toContain(lang === 'en' ? NOTE_EN : NOTE_RO);
    }
  });

  it('a dine-in cart does not show it; a cart that offers pickup shows it with the pickup details', async () => {
    const dineIn = await page(`/${world.slug}/comanda`, cartCookie());
    expect(dineIn).toContain('data-testid="cart-line"');
    expect(dineIn).not.toContain(NOTE_RO);

    await database.db.updateTable('orderingSettings').set({ pickup: 1 }).where('locationId', '=', world.locationId).execute();
    for (const [lang, note] of [
      ['', NOTE_RO],
      ['?lang=en', NOTE_EN],
    ] as const) {
      const both = await page(`/${world.slug}/comanda${lang}`, cartCookie());
      const pickup = both.slice(both.indexOf('data-testid="pickup-fields"'));
      expect(pickup.slice(0, pickup.indexOf('</fieldset>'))).toContain(note);
      expect(both.split(note)).toHaveLength(2);
    }
  });
});
