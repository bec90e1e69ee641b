import { describe, expect, it } from 'vitest';
import { placeGuestOrder } from '#app/modules/ordering/order-placement.service.server.ts';
import { updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { orderingSettingsForm } from '#tests/factories/orders.ts';

/**
 * Routing (issue 36): a placed line is written with its category's station, or the location's first
 * when the category names none; a table's second order while its first is still open says which
 * order it adds to ("ADĂUGAT" tickets).
 */
useFileWorld();

/** 12:00 in Bucharest on a Friday */
const NOW = Date.parse('2026-11-27T10:00:00.000Z');

async function kitchenWithTwoStations() {
  const slug = `statii-${testDialect}-${newId().slice(0, 6).toLowerCase()}`;
  const { id } = await insertRestaurant(db, { slug, name: 'Bistro cu bar' }, {});
  const restaurantId = id!;
  const hall = buildLocation(restaurantId, { nameRo: 'Sala' });
  await db.insertInto('location').values(hall).execute();
  const stamp = new Date(NOW).toISOString();
  const kitchen = { id: newId(), restaurantId, locationId: hall.id, nameRo: 'Bucătărie', nameEn: 'Kitchen', sortOrder: 0, createdAt: stamp, updatedAt: stamp };
  const bar = { id: newId(), restaurantId, locationId: hall.id, nameRo: 'Bar', nameEn: null, sortOrder: 1, createdAt: stamp, updatedAt: stamp };
  await db.insertInto('station').values([kitchen, bar]).execute();
  const soups = buildCategory(restaurantId, hall.id, { nameRo: 'Ciorbe', stationId: null });
  const drinks = buildCategory(restaurantId, hall.id, { nameRo: 'Băuturi', stationId: bar.id });
  await db.insertInto('category').values([soups, drinks]).execute();
  const soup = buildProduct(restaurantId, soups.id, { nameRo: 'Ciorbă', priceMinor: 2450 });
  const lemonade = buildProduct(restaurantId, drinks.id, { nameRo: 'Limonadă', priceMinor: 1500 });
  await db.insertInto('product').values([soup, lemonade]).execute();
  const table = { id: newId(), restaurantId, locationId: hall.id, label: 'Masa 4', code: `s${newId().slice(0, 8)}`, sortOrder: 1, createdAt: stamp };
  await db.insertInto('diningTable').values(table).execute();
  const input = orderingSettingsForm(hall.id);
  await updateOrderingSettings(scopes.owner(restaurantId), storage, input);
  return { restaurantId, slug, hall: hall.id, kitchen: kitchen.id, bar: bar.id, soup: soup.id, lemonade: lemonade.id, table };
}

function order(w: Awaited<ReturnType<typeof kitchenWithTwoStations>>, lines: { productId: string; quantity: number }[], seenTotalMinor: number) {
  return {
    slug: w.slug,
    locationId: w.hall,
    kind: 'dineIn' as const,
    tableCode: w.table.code,
    locale: 'ro' as const,
    lines: lines.map((line) => ({ ...line, note: null })),
    idempotencyKey: `routing-${newId()}`,
    seenTotalMinor,
  };
}

describe(`routing an order's lines to stations on ${testDialect}`, () => {
  it("writes each line with its category's station, the first station for a category without one", async () => {
    const w = await kitchenWithTwoStations();
    const placed = await placeGuestOrder(
      db,
      order(
        w,
        [
          { productId: w.soup, quantity: 1 },
          { productId: w.lemonade, quantity: 2 },
        ],
        2450 + 3000,
      ),
      { clientKey: 'guest-a', now: NOW },
    );
    expect(placed.status).toBe('placed');
    const lines = await db.selectFrom('guestOrderLine').select(['nameRo', 'stationId']).where('restaurantId', '=', w.restaurantId).orderBy('position').execute();
    expect(lines).toEqual([
      { nameRo: 'Ciorbă', stationId: w.kitchen },
      { nameRo: 'Limonadă', stationId: w.bar },
    ]);
  });

  it("marks a table's second order as adding to the first while the first is open, and not after it is served", async () => {
    const w = await kitchenWithTwoStations();
    const first = await placeGuestOrder(db, order(w, [{ productId: w.soup, quantity: 1 }], 2450), { clientKey: 'guest-b', now: NOW });
    const second = await placeGuestOrder(db, order(w, [{ productId: w.lemonade, quantity: 1 }], 1500), { clientKey: 'guest-b', now: NOW + 60_000 });
    if (first.status !== 'placed' || second.status !== 'placed') throw new Error('both orders should be placed');
    const read = (orderId: string) => db.selectFrom('guestOrder').select('addsToOrderId').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(await read(first.orderId)).toEqual({ addsToOrderId: null });
    expect(await read(second.orderId)).toEqual({ addsToOrderId: first.orderId });

    await db.updateTable('guestOrder').set({ status: 'served' }).where('restaurantId', '=', w.restaurantId).execute();
    const third = await placeGuestOrder(db, order(w, [{ productId: w.soup, quantity: 1 }], 2450), { clientKey: 'guest-b', now: NOW + 120_000 });
    if (third.status !== 'placed') throw new Error('the third order should be placed');
    expect(await read(third.orderId)).toEqual({ addsToOrderId: null });
  });
});
