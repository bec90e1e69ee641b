import { describe, expect, it } from 'vitest';
import { bumpKitchenLine, bumpKitchenTicket, getKitchenDisplay, recallKitchenTicket } from '#app/modules/ordering/kitchen-display.service.server.ts';
import { MAX_KITCHEN_ORDERS } from '#app/modules/ordering/kitchen-display.types.ts';
import { getBoardOrder } from '#app/modules/ordering/order-board.service.server.ts';
import { takeBackOrderLine } from '#app/modules/ordering/order-line-take-back.service.server.ts';
import { placeGuestOrder } from '#app/modules/ordering/order-placement.service.server.ts';
import { updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { insertOrder, orderingSettingsForm } from '#tests/factories/orders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/**
 * The kitchen display (issue 36 item 2) and taking a line back (item 4): tickets split by station (a
 * line without one is the first station's), bumps of a line and of a ticket, the recall, the "all
 * day" counts, a location without stations as one screen, each change with its live event.
 */
useFileWorld();

async function kitchen() {
  const slug = `ecran-${testDialect}-${newId().slice(0, 6).toLowerCase()}`;
  const { id } = await insertRestaurant(db, { slug, name: 'Bistro' }, {});
  const restaurantId = id!;
  const hall = buildLocation(restaurantId, { nameRo: 'Sala' });
  const garden = buildLocation(restaurantId, { nameRo: 'Grădina' });
  await db.insertInto('location').values([hall, garden]).execute();
  const stamp = new Date().toISOString();
  const station = (nameRo: string, sortOrder: number) => ({ id: newId(), restaurantId, locationId: hall.id, nameRo, nameEn: null, sortOrder, createdAt: stamp, updatedAt: stamp });
  const cook = station('Bucătărie', 0);
  const bar = station('Bar', 1);
  await db.insertInto('station').values([cook, bar]).execute();
  const soups = buildCategory(restaurantId, hall.id, { nameRo: 'Ciorbe', stationId: null });
  const drinks = buildCategory(restaurantId, hall.id, { nameRo: 'Băuturi', stationId: bar.id });
  await db.insertInto('category').values([soups, drinks]).execute();
  const soup = buildProduct(restaurantId, soups.id, { nameRo: 'Ciorbă', priceMinor: 2000 });
  const lemonade = buildProduct(restaurantId, drinks.id, { nameRo: 'Limonadă', priceMinor: 1000 });
  await db.insertInto('product').values([soup, lemonade]).execute();
  const table = { id: newId(), restaurantId, locationId: hall.id, label: 'Masa 7', code: `k${newId().slice(0, 8)}`, sortOrder: 1, createdAt: stamp };
  await db.insertInto('diningTable').values(table).execute();
  const input = orderingSettingsForm(hall.id);
  await updateOrderingSettings(scopes.owner(restaurantId), storage, input);
  const place = async (lines: { productId: string; quantity: number }[], total: number) => {
    const placed = await placeGuestOrder(
      db,
      {
        slug,
        locationId: hall.id,
        kind: 'dineIn',
        tableCode: table.code,
        locale: 'ro',
        lines: lines.map((line) => ({ ...line, note: null })),
        idempotencyKey: `k-${newId()}`,
        seenTotalMinor: total,
      },
      { clientKey: `guest-${newId()}` },
    );
    if (placed.status !== 'placed') throw new Error(`not placed: ${placed.status}`);
    return placed.orderId;
  };
  return { restaurantId, hall: hall.id, garden: garden.id, cook: cook.id, bar: bar.id, soup: soup.id, lemonade: lemonade.id, place };
}

const staff = (restaurantId: string) => scopes.member(restaurantId, 'staff');
const screen = async (restaurantId: string, stationId: string) => getKitchenDisplay(staff(restaurantId), { stationId }, { locale: 'ro' });
const linesOf = (display: Awaited<ReturnType<typeof screen>>) => display.tickets.map((ticket) => ticket.lines.map((line) => `${line.quantity}× ${line.name}`));
const events = (restaurantId: string) => db.selectFrom('liveEvent').select(['type', 'payload']).where('restaurantId', '=', restaurantId).orderBy('id').execute();

describe(`the kitchen display on ${testDialect}`, () => {
  it("splits an order's lines by station, a line without one going to the first; counts all day; a second order says ADĂUGAT", async () => {
    const w = await kitchen();
    const first = await w.place(
      [
        { productId: w.soup, quantity: 2 },
        { productId: w.lemonade, quantity: 1 },
      ],
      5000,
    );
    await w.place([{ productId: w.soup, quantity: 1 }], 2000);
    // a line whose station was deleted (set null): the first station's
    await db.updateTable('guestOrderLine').set({ stationId: null }).where('orderId', '=', first).where('nameRo', '=', 'Ciorbă').execute();
    const cook = await screen(w.restaurantId, w.cook);
    expect(cook.screen?.name).toBe('Bucătărie');
    expect(linesOf(cook)).toEqual([['2× Ciorbă'], ['1× Ciorbă']]);
    expect(cook.tickets.map((ticket) => [ticket.tableLabel, ticket.added])).toEqual([
      ['Masa 7', false],
      ['Masa 7', true],
    ]);
    expect(cook.allDay).toEqual([{ name: 'Ciorbă', quantity: 3 }]);
    const bar = await screen(w.restaurantId, w.bar);
    expect(linesOf(bar)).toEqual([['1× Limonadă']]);
    // no key and three screens (two stations, a location without any): the chooser
    const chooser = await getKitchenDisplay(staff(w.restaurantId), {}, { locale: 'ro' });
    expect(chooser.screen).toBeNull();
    expect(chooser.screens.map((one) => one.name ?? `(${one.locationName})`)).toEqual(['Bucătărie', 'Bar', '(Grădina)']);
    await expect(getKitchenDisplay(staff(w.restaurantId), { stationId: 'no-such-station' }, { locale: 'ro' })).rejects.toMatchObject({ code: 'not-found' });
    const other = await kitchen();
    await expect(getKitchenDisplay(staff(other.restaurantId), { stationId: w.cook }, { locale: 'ro' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('shows a new ticket after as many orders as a screen holds were bumped and never moved on the board', async () => {
    const w = await kitchen();
    // placed over the last hours (outside the order ceiling's 10 minutes, inside the display's day)
    for (let i = 0; i < MAX_KITCHEN_ORDERS; i++) {
      const createdAt = new Date(Date.now() - (3 * 3_600_000 - i * 30_000)).toISOString();
      await insertOrder(db, { restaurantId: w.restaurantId, locationId: w.hall, table: null, createdAt, lines: [{ nameRo: 'Ciorbă', unitPriceMinor: 2000, stationId: w.cook }] });
    }
    await db.updateTable('guestOrderLine').set({ bumpedAt: new Date().toISOString() }).where('restaurantId', '=', w.restaurantId).execute();
    const fresh = await w.place([{ productId: w.soup, quantity: 1 }], 2000);
    const cook = await screen(w.restaurantId, w.cook);
    expect(cook.tickets.map((ticket) => ticket.orderId)).toEqual([fresh]);
    expect(cook.lastBumped).not.toBeNull();
  });

  it('bumps a line and a ticket, recalls the last, each with an order.bumped event; only received and accepted orders show', async () => {
    const w = await kitchen();
    const first = await w.place([{ productId: w.soup, quantity: 1 }], 2000);
    const second = await w.place(
      [
        { productId: w.soup, quantity: 3 },
        { productId: w.lemonade, quantity: 2 },
      ],
      8000,
    );
    const before = (await events(w.restaurantId)).length;
    let cook = await screen(w.restaurantId, w.cook);
    await bumpKitchenLine(staff(w.restaurantId), cook.tickets[0]!.lines[0]!.id);
    await expect(bumpKitchenLine(staff(w.restaurantId), cook.tickets[0]!.lines[0]!.id)).rejects.toMatchObject({ code: 'line-changed' });
    cook = await screen(w.restaurantId, w.cook);
    expect(cook.tickets.map((ticket) => ticket.orderId)).toEqual([second]);
    expect(cook.lastBumped?.orderId).toBe(first);
    await bumpKitchenTicket(staff(w.restaurantId), second, { stationId: w.cook });
    // the bar's line of that order is still open at the bar
    expect(linesOf(await screen(w.restaurantId, w.bar))).toEqual([['2× Limonadă']]);
    cook = await screen(w.restaurantId, w.cook);
    expect(cook.tickets).toEqual([]);
    expect(cook.allDay).toEqual([]);
    expect(await recallKitchenTicket(staff(w.restaurantId), { stationId: w.cook })).toMatchObject({ number: expect.any(Number) });
    cook = await screen(w.restaurantId, w.cook);
    expect(cook.tickets.map((ticket) => ticket.orderId)).toEqual([second]);
    expect(linesOf(cook)).toEqual([['3× Ciorbă']]);
    const bumps = (await events(w.restaurantId)).slice(before);
    expect(bumps.map((event) => event.type)).toEqual(['order.bumped', 'order.bumped', 'order.bumped']);
    expect(JSON.parse(bumps[0]!.payload)).toEqual({ orderId: first, locationId: w.hall });
    await db.updateTable('guestOrder').set({ status: 'ready' }).where('id', 'in', [first, second]).execute();
    expect((await screen(w.restaurantId, w.cook)).tickets).toEqual([]);
    await expect(recallKitchenTicket(staff(w.restaurantId), { stationId: w.cook })).rejects.toMatchObject({ code: 'nothing-to-recall' });
    await expect(bumpKitchenLine(scopes.member(w.restaurantId, 'editor'), cook.tickets[0]?.lines[0]?.id ?? 'x')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('shows a location without stations as one screen with every line', async () => {
    const w = await kitchen();
    await db.deleteFrom('station').where('restaurantId', '=', w.restaurantId).execute();
    await w.place(
      [
        { productId: w.soup, quantity: 1 },
        { productId: w.lemonade, quantity: 1 },
      ],
      3000,
    );
    const hall = await getKitchenDisplay(staff(w.restaurantId), { locationId: w.hall }, { locale: 'ro' });
    expect(hall.screen).toMatchObject({ stationId: null, name: null, locationName: 'Sala' });
    expect(linesOf(hall)).toEqual([['1× Ciorbă', '1× Limonadă']]);
  });

  it('takes a line back: struck on the board, out of the total and the display, an order.updated event; refused once served', async () => {
    const w = await kitchen();
    const orderId = await w.place(
      [
        { productId: w.soup, quantity: 2 },
        { productId: w.lemonade, quantity: 1 },
      ],
      5000,
    );
    const board = await getBoardOrder(staff(w.restaurantId), orderId, 'ro');
    const lemonade = board.lines.find((line) => line.name === 'Limonadă')!;
    const before = (await events(w.restaurantId)).length;
    expect(await takeBackOrderLine(staff(w.restaurantId), lemonade.id)).toMatchObject({ totalMinor: 4000 });
    await expect(takeBackOrderLine(staff(w.restaurantId), lemonade.id)).rejects.toMatchObject({ code: 'line-changed' });
    const after = await getBoardOrder(staff(w.restaurantId), orderId, 'ro');
    expect(after.totalMinor).toBe(4000);
    expect(after.lines.map((line) => [line.name, line.cancelled])).toEqual([
      ['Ciorbă', false],
      ['Limonadă', true],
    ]);
    expect((await screen(w.restaurantId, w.bar)).tickets).toEqual([]);
    expect((await events(w.restaurantId)).slice(before).map((event) => event.type)).toEqual(['order.updated']);
    const audit = await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', w.restaurantId).where('action', '=', 'order.line-cancel').execute();
    expect(audit).toHaveLength(1);
    await db.updateTable('guestOrder').set({ status: 'served' }).where('id', '=', orderId).execute();
    const soup = after.lines.find((line) => line.name === 'Ciorbă')!;
    await expect(takeBackOrderLine(staff(w.restaurantId), soup.id)).rejects.toMatchObject({ code: 'order-transition' });
    const other = await kitchen();
    await expect(takeBackOrderLine(staff(other.restaurantId), soup.id)).rejects.toMatchObject({ code: 'not-found' });
  });
});
