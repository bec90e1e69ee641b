import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { ORDER_LIMITS } from './cart-cookie.ts';
import { getOrderBoard } from './order-board.service.server.ts';
import { getGuestOrderPage } from './guest-order.service.server.ts';
import { placeGuestOrder, type PlaceOrderInput } from './order-placement.service.server.ts';
import { setOrdersPaused, updateOrderingSettings } from './ordering-settings.service.server.ts';
import { orderingSettingsForm } from '#tests/factories/orders.ts';

/**
 * Issue 25, a guest's order, and its "Bad input" list: the server prices the cart, a changed price
 * places nothing until confirmed, every refusal is a translated AppError and writes no order.
 */
useFileWorld();

/** 12:00 in Bucharest on a Friday: within the hours below */
const NOW = Date.parse('2026-11-27T10:00:00.000Z');
let seq = 0;

async function world(options: { pickup?: boolean; hours?: boolean } = {}) {
  const slug = `comenzi-${testDialect}-${++seq}`;
  const hours = options.hours ? JSON.stringify({ fri: [['09:00', '22:00']] }) : null;
  const restaurant = await insertRestaurant(db, { slug, name: `Bistro ${seq}`, openingHours: hours }, {});
  const id = restaurant.id!;
  const location = buildLocation(id);
  const other = buildLocation(id);
  const category = buildCategory(id, location.id);
  const soup = buildProduct(id, category.id, { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', priceMinor: 2450, allergens: '["milk"]' });
  const pie = buildProduct(id, category.id, { nameRo: 'Papanași', nameEn: 'Papanasi', priceMinor: 1900, allergens: '["gluten","eggs"]' });
  await db.insertInto('location').values([location, other]).execute();
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values([soup, pie]).execute();
  const table = {
    id: newId(),
    restaurantId: id,
    locationId: location.id,
    label: 'Masa 5',
    code: `t${seq}${testDialect}`.slice(0, 12),
    sortOrder: 1,
    createdAt: new Date().toISOString(),
  };
  const otherTable = { ...table, id: newId(), locationId: other.id, label: 'Bar 1', code: `o${seq}${testDialect}`.slice(0, 12) };
  await db.insertInto('diningTable').values([table, otherTable]).execute();
  const settings = (locationId: string) => orderingSettingsForm(locationId, { ordersEnabled: 'on', dineIn: 'on', ...(options.pickup ? { pickup: 'on' } : {}) });
  await updateOrderingSettings(scopes.owner(id), storage, settings(location.id));
  await updateOrderingSettings(scopes.owner(id), storage, settings(other.id));
  return { id, slug, location: location.id, other: other.id, soup, pie, table, otherTable };
}
type World = Awaited<ReturnType<typeof world>>;

let keys = 0;
const newKey = () => `cart-key-${testDialect}-${++keys}-abcdefghijkl`;
const dineIn = (w: World, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  slug: w.slug,
  locationId: w.location,
  kind: 'dineIn',
  tableCode: w.table.code,
  lines: [
    { productId: w.soup.id!, quantity: 2, note: null },
    { productId: w.pie.id!, quantity: 1, note: 'fără smântână' },
  ],
  idempotencyKey: newKey(),
  seenTotalMinor: 2 * 2450 + 1900,
  locale: 'ro',
  ...overrides,
});
const client = (key = 'client-a') => ({ clientKey: key, now: NOW });
const orderCount = async (w: World) => (await db.selectFrom('guestOrder').select('id').where('restaurantId', '=', w.id).execute()).length;

describe(`placing a guest's order on ${testDialect}`, () => {
  it('prices it on the server, numbers it for the day, announces it live without contact details', async () => {
    const w = await world();
    const placed = await placeGuestOrder(db, dineIn(w), client());
    if (placed.status !== 'placed') throw new Error('expected the order placed');
    expect(placed.number).toBe(1);
    expect(placed.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await getGuestOrderPage(db, w.slug, placed.token);
    expect(page?.order).toMatchObject({ status: 'received', kind: 'dineIn', tableLabel: 'Masa 5', totalMinor: 6800, serviceDay: '2026-11-27', number: 1 });
    expect(page?.order.lines).toEqual([
      { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', unitPriceMinor: 2450, quantity: 2, note: null, options: [], flagged: [], cancelledAt: null },
      { nameRo: 'Papanași', nameEn: 'Papanasi', unitPriceMinor: 1900, quantity: 1, note: 'fără smântână', options: [], flagged: [], cancelledAt: null },
    ]);
    const events = await db.selectFrom('liveEvent').select(['channel', 'type', 'payload']).where('restaurantId', '=', w.id).execute();
    expect(events).toEqual([{ channel: 'orders', type: 'order.placed', payload: JSON.stringify({ orderId: placed.orderId, status: 'received', locationId: w.location }) }]);
    const second = await placeGuestOrder(db, dineIn(w), client());
    expect(second.status === 'placed' && second.number).toBe(2);
    // another restaurant's slug does not open the order
    const stranger = await world();
    expect(await getGuestOrderPage(db, stranger.slug, placed.token)).toBeUndefined();
  });

  it('makes a double submit one order, one after the other and at once', async () => {
    const w = await world();
    const input = dineIn(w);
    const first = await placeGuestOrder(db, input, client());
    const again = await placeGuestOrder(db, input, client());
    expect(again).toEqual(first);
    const together = dineIn(w);
    const [a, b] = await Promise.all([placeGuestOrder(db, together, client()), placeGuestOrder(db, together, client())]);
    expect(a).toEqual(b);
    expect(await orderCount(w)).toBe(2);
  });

  it('asks to confirm a changed price and places nothing until then', async () => {
    const w = await world();
    await db.updateTable('product').set({ priceMinor: 2600 }).where('id', '=', w.soup.id!).execute();
    const input = dineIn(w);
    const answer = await placeGuestOrder(db, input, client());
    expect(answer).toMatchObject({ status: 'price-changed', totalMinor: 2 * 2600 + 1900, currency: 'RON' });
    expect(await orderCount(w)).toBe(0);
    const confirmed = await placeGuestOrder(db, { ...input, seenTotalMinor: 2 * 2600 + 1900 }, client());
    expect(confirmed.status).toBe('placed');
  });

  it('refuses a dish gone sold out, hidden or out of hours meanwhile, by name', async () => {
    const w = await world();
    await db.updateTable('product').set({ available: 0 }).where('id', '=', w.soup.id!).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'order-dish-unavailable', params: { names: 'Ciorbă de burtă' } });
    await db.updateTable('product').set({ available: 1, visible: 0 }).where('id', '=', w.soup.id!).execute();
    await expect(placeGuestOrder(db, dineIn(w, { locale: 'en' }), client())).rejects.toMatchObject({ code: 'order-dish-unavailable', params: { names: 'Tripe soup' } });
    await db.updateTable('product').set({ visible: 1 }).where('id', '=', w.soup.id!).execute();
    // served 18:00–23:00 only; it is noon
    await db.updateTable('product').set({ servedFrom: '18:00', servedUntil: '23:00' }).where('id', '=', w.pie.id!).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'order-dish-unavailable', params: { names: 'Papanași' } });
    await db.deleteFrom('product').where('id', '=', w.pie.id!).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'order-dish-unavailable', params: { names: 'un preparat scos din meniu' } });
    expect(await orderCount(w)).toBe(0);
  });

  it('refuses a missing, unknown, other location’s, removed or blocked table code', async () => {
    const w = await world();
    await expect(placeGuestOrder(db, dineIn(w, { tableCode: null }), client())).rejects.toMatchObject({ code: 'order-table-required' });
    await expect(placeGuestOrder(db, dineIn(w, { tableCode: 'zzzzzzzz' }), client())).rejects.toMatchObject({ code: 'order-table-unknown' });
    await expect(placeGuestOrder(db, dineIn(w, { tableCode: w.otherTable.code }), client())).rejects.toMatchObject({ code: 'order-table-unknown' });
    await db.insertInto('tableBlock').values({ tableId: w.table.id, day: '2026-11-27', restaurantId: w.id, createdAt: new Date().toISOString() }).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'order-table-blocked', status: 403 });
    await db.deleteFrom('diningTable').where('id', '=', w.table.id).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'order-table-unknown' });
    expect(await orderCount(w)).toBe(0);
  });

  it('refuses a paused location, ordering off and an unpublished menu', async () => {
    const w = await world();
    await setOrdersPaused(scopes.owner(w.id), storage, w.location, true);
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'ordering-paused' });
    await setOrdersPaused(scopes.owner(w.id), storage, w.location, false);
    await db.updateTable('orderingSettings').set({ ordersEnabled: 0 }).where('locationId', '=', w.location).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'ordering-off' });
    await db.updateTable('orderingSettings').set({ ordersEnabled: 1 }).where('locationId', '=', w.location).execute();
    await db.updateTable('restaurant').set({ publishedUntil: '2000-01-01T00:00:00.000Z' }).where('id', '=', w.id).execute();
    await expect(placeGuestOrder(db, dineIn(w), client())).rejects.toMatchObject({ code: 'ordering-off' });
    expect(await orderCount(w)).toBe(0);
  });

  it('refuses 1,000 lines, bad quantities, long notes and a forged key, before reading anything', async () => {
    const w = await world();
    const line = { productId: w.soup.id!, quantity: 1, note: null };
    await expect(placeGuestOrder(db, dineIn(w, { lines: Array.from({ length: 1000 }, () => line) }), client())).rejects.toMatchObject({
      code: 'order-too-many-lines',
      params: { max: 50 },
    });
    await expect(placeGuestOrder(db, dineIn(w, { lines: [] }), client())).rejects.toMatchObject({ code: 'order-empty' });
    for (const quantity of [-1, 0, 1.5, 21, Number.NaN]) {
      await expect(placeGuestOrder(db, dineIn(w, { lines: [{ ...line, quantity }] }), client())).rejects.toMatchObject({ code: 'order-quantity' });
    }
    await expect(placeGuestOrder(db, dineIn(w, { lines: [{ ...line, note: 'x'.repeat(141) }] }), client())).rejects.toMatchObject({ code: 'order-note-too-long' });
    await expect(placeGuestOrder(db, dineIn(w, { idempotencyKey: 'short' }), client())).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(placeGuestOrder(db, dineIn(w, { lines: [{ ...line, productId: "x' OR 1=1 --" }] }), client())).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await orderCount(w)).toBe(0);
  });

  it('stores emoji and HTML in notes and names as typed (the pages escape them)', async () => {
    const w = await world({ pickup: true });
    const note = '<script>alert(1)</script> 🌶️ fără ceapă';
    const placed = await placeGuestOrder(
      db,
      dineIn(w, {
        kind: 'pickup',
        tableCode: null,
        customerName: '<b>Ion</b> 😀',
        customerPhone: '0722 123 456',
        pickupTime: '13:00',
        lines: [{ productId: w.soup.id!, quantity: 1, note }],
        seenTotalMinor: 2450,
      }),
      client(),
    );
    if (placed.status !== 'placed') throw new Error('expected the order placed');
    const row = await db.selectFrom('guestOrder').select(['customerName', 'customerPhone', 'pickupTime', 'tableId']).where('id', '=', placed.orderId).executeTakeFirstOrThrow();
    expect(row).toEqual({ customerName: '<b>Ion</b> 😀', customerPhone: '0722 123 456', pickupTime: '13:00', tableId: null });
    expect((await getGuestOrderPage(db, w.slug, placed.token))?.order.lines[0]?.note).toBe(note);
  });

  it('asks a pickup for a name, a phone and a time today within the hours', async () => {
    const w = await world({ pickup: true, hours: true });
    const pickup = (overrides: Partial<PlaceOrderInput>) =>
      dineIn(w, { kind: 'pickup', tableCode: null, customerName: 'Ana', customerPhone: '+40 722 123 456', pickupTime: '13:30', ...overrides });
    await expect(placeGuestOrder(db, pickup({ customerName: '   ' }), client())).rejects.toMatchObject({ code: 'order-name', field: 'name' });
    await expect(placeGuestOrder(db, pickup({ customerPhone: 'call me' }), client())).rejects.toMatchObject({ code: 'order-phone', field: 'phone' });
    for (const pickupTime of ['23:30', '08:00', '11:00', '25:00', '']) {
      await expect(placeGuestOrder(db, pickup({ pickupTime }), client())).rejects.toMatchObject({ code: 'order-pickup-time', field: 'pickupTime' });
    }
    expect(await orderCount(w)).toBe(0);
    expect((await placeGuestOrder(db, pickup({}), client())).status).toBe('placed');
    // dine-in only elsewhere: pickup is not offered there
    const dineInOnly = await world();
    await expect(
      placeGuestOrder(db, dineIn(dineInOnly, { kind: 'pickup', tableCode: null, customerName: 'Ana', customerPhone: '0722123456', pickupTime: '13:30' }), client()),
    ).rejects.toMatchObject({ code: 'order-kind-unavailable' });
  });

  it('caps the open orders of a table and the orders of a client', async () => {
    const w = await world({ pickup: true });
    for (let i = 0; i < ORDER_LIMITS.maxOpenOrdersPerTable; i++) await placeGuestOrder(db, dineIn(w), client(`table-guest-${i}`));
    await expect(placeGuestOrder(db, dineIn(w), client('table-guest-x'))).rejects.toMatchObject({ code: 'order-table-busy', status: 429 });
    // served orders no longer count
    await db.updateTable('guestOrder').set({ status: 'served' }).where('restaurantId', '=', w.id).execute();
    expect((await placeGuestOrder(db, dineIn(w), client('table-guest-y'))).status).toBe('placed');

    const pickup = () => dineIn(w, { kind: 'pickup', tableCode: null, customerName: 'Ana', customerPhone: '0722123456', pickupTime: '13:30' });
    const hasty = `hasty-${testDialect}`;
    for (let i = 0; i < 10; i++) expect((await placeGuestOrder(db, pickup(), client(hasty))).status).toBe('placed');
    await expect(placeGuestOrder(db, pickup(), client(hasty))).rejects.toMatchObject({ code: 'order-rate-limited', status: 429 });
  });

  it('keeps a table at its open orders when 12 guests send at the same moment (issue 33 item 4)', async () => {
    const w = await world();
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => placeGuestOrder(db, dineIn(w), client(`same-table-${testDialect}-${i}`))));
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code?: string }] : []));
    expect(placed).toHaveLength(ORDER_LIMITS.maxOpenOrdersPerTable);
    expect(refused.map((error) => error.code)).toEqual(Array.from({ length: 12 - ORDER_LIMITS.maxOpenOrdersPerTable }, () => 'order-table-busy'));
    expect(await orderCount(w)).toBe(ORDER_LIMITS.maxOpenOrdersPerTable);
  });

  it('holds the location’s ceiling against 30 addresses sending at once, tells the guests and the staff’s board (issue 33 item 3)', async () => {
    const w = await world({ pickup: true });
    await db.updateTable('orderingSettings').set({ orderCeiling: 10 }).where('locationId', '=', w.location).execute();
    const pickup = () => dineIn(w, { kind: 'pickup', tableCode: null, customerName: 'Ana', customerPhone: '0722123456', pickupTime: '13:30' });
    // 30 addresses, 10 orders each at most by their own limit: 300 would pass without the ceiling
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => placeGuestOrder(db, pickup(), client(`flood-${testDialect}-${i}`))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code?: string; status?: number }] : []));
    expect(refused.map((error) => `${error.code} ${error.status}`)).toEqual(Array.from({ length: 20 }, () => 'order-ceiling 429'));
    expect(getI18n('en').t('appErrors.order-ceiling')).toContain('cannot take more for a few minutes');
    expect(await orderCount(w)).toBe(10);
    // the staff hear of it once, live and on the board; the other location is not concerned
    const events = await db.selectFrom('liveEvent').select(['type', 'payload']).where('restaurantId', '=', w.id).where('type', '=', 'orders.ceiling').execute();
    expect(events).toEqual([{ type: 'orders.ceiling', payload: JSON.stringify({ locationId: w.location }) }]);
    const board = await getOrderBoard(scopes.owner(w.id), { locale: 'ro', now: new Date(NOW) });
    expect(board.locations.map((location) => location.ordering?.ceilingHitAt)).toEqual(['12:00', null]);
    expect((await getOrderBoard(scopes.owner(w.id), { locale: 'ro', now: new Date(NOW + 31 * 60_000) })).locations[0]!.ordering?.ceilingHitAt).toBeNull();
    // ten minutes on, the location takes orders again
    expect((await placeGuestOrder(db, pickup(), { clientKey: 'later', now: NOW + 10 * 60_000 + 1 })).status).toBe('placed');
  });

  it('numbers orders placed at the same moment one by one, none lost', async () => {
    const w = await world({ pickup: true });
    const inputs = Array.from({ length: 12 }, () => dineIn(w, { kind: 'pickup', tableCode: null, customerName: 'Ana', customerPhone: '0722123456', pickupTime: '13:30' }));
    const results = await Promise.all(inputs.map((input, i) => placeGuestOrder(db, input, client(`together-${testDialect}-${i}`))));
    const numbers = results.map((result) => (result.status === 'placed' ? result.number : 0)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await orderCount(w)).toBe(12);
  });
});
