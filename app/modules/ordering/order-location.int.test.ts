import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { getCartPage } from './guest-cart.service.server.ts';
import { placeGuestOrder } from './order-placement.service.server.ts';
import { updateOrderingSettings } from './ordering-settings.service.server.ts';
import { orderingSettingsForm } from '#tests/factories/orders.ts';

/**
 * An order is one location's (decision 0032): its dishes are looked up on that location's menu. A
 * dish of the same restaurant's other location (a price the guest was never shown there, a kitchen
 * that does not cook it) is refused by behaviour, not only by the SQL the tenant snapshot records
 * (issue 34 item 4).
 */
useFileWorld();

/** 12:00 in Bucharest on a Friday */
const NOW = Date.parse('2026-11-27T10:00:00.000Z');

async function twoLocations() {
  const slug = `doua-locatii-${testDialect}-${newId().slice(0, 6).toLowerCase()}`;
  const { id } = await insertRestaurant(db, { slug, name: 'Bistro cu terasă' }, {});
  const hall = buildLocation(id!, { nameRo: 'Sala' });
  const terrace = buildLocation(id!, { nameRo: 'Terasa' });
  await db.insertInto('location').values([hall, terrace]).execute();
  const soups = buildCategory(id!, hall.id);
  const drinks = buildCategory(id!, terrace.id);
  await db.insertInto('category').values([soups, drinks]).execute();
  const soup = buildProduct(id!, soups.id, { nameRo: 'Ciorbă', priceMinor: 2450 });
  const lemonade = buildProduct(id!, drinks.id, { nameRo: 'Limonadă de terasă', priceMinor: 1500 });
  await db.insertInto('product').values([soup, lemonade]).execute();
  const table = { id: newId(), restaurantId: id!, locationId: hall.id, label: 'Masa 1', code: `l${newId().slice(0, 8)}`, sortOrder: 1, createdAt: new Date().toISOString() };
  await db.insertInto('diningTable').values(table).execute();
  for (const location of [hall, terrace]) {
    const input = orderingSettingsForm(location.id, { ordersEnabled: 'on', dineIn: 'on', pickup: 'on' });
    await updateOrderingSettings(scopes.owner(id!), storage, input);
  }
  return { id: id!, slug, hall: hall.id, terrace: terrace.id, soup: soup.id, lemonade: lemonade.id, table };
}

describe(`a dish of another location on ${testDialect}`, () => {
  it("is refused in an order at this location's table, and no order is written", async () => {
    const w = await twoLocations();
    const order = {
      slug: w.slug,
      locationId: w.hall,
      kind: 'dineIn' as const,
      tableCode: w.table.code,
      locale: 'ro' as const,
      lines: [
        { productId: w.soup, quantity: 1, note: null },
        { productId: w.lemonade, quantity: 2, note: null },
      ],
      idempotencyKey: `other-location-${newId()}`,
    };
    // whatever total the guest sends: the soup alone, or the soup with the terrace's lemonades
    for (const seenTotalMinor of [2450, 2450 + 2 * 1500]) {
      await expect(placeGuestOrder(db, { ...order, seenTotalMinor }, { clientKey: 'guest', now: NOW })).rejects.toMatchObject({ code: 'order-dish-unavailable' });
    }
    expect(await db.selectFrom('guestOrder').select('id').where('restaurantId', '=', w.id).execute()).toEqual([]);
    // the same dish at its own location is orderable
    const own = await placeGuestOrder(
      db,
      {
        ...order,
        locationId: w.terrace,
        kind: 'pickup',
        tableCode: null,
        customerName: 'Ana',
        customerPhone: '0721000000',
        pickupTime: '13:00',
        lines: [order.lines[1]!],
        seenTotalMinor: 3000,
      },
      { clientKey: 'guest', now: NOW },
    );
    expect(own.status).toBe('placed');
  });

  it("shows as not on this location's menu in the cart, priced at nothing", async () => {
    const w = await twoLocations();
    const cart = {
      locationId: w.hall,
      tableCode: null,
      key: 'cart-key-abcdefghijklmnop',
      lines: [
        { productId: w.soup, quantity: 1, note: null },
        { productId: w.lemonade, quantity: 1, note: null },
      ],
    };
    const page = await getCartPage(db, w.slug, cart, 'ro', NOW);
    expect(page?.priced.lines.map((line) => [line.productId, line.problem])).toEqual([
      [w.soup, null],
      [w.lemonade, 'gone'],
    ]);
    expect(page?.priced.totalMinor).toBe(2450);
  });
});
