import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { insertDiningTable, insertOrder, orderingSettingsForm } from '#tests/factories/orders.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import { AcceptOrderInput, BoardRowsInput, DeclineOrderInput } from './order-board.schema.ts';
import { acceptOrder, declineOrder, getBoardOrder, getBoardRows, getOrderBoard, markOrderReady, markOrderServed, renderOrderTicket } from './order-board.service.server.ts';
import { setOrdersPaused, updateOrderingSettings } from './ordering-settings.service.server.ts';
import { takeBackOrderLine } from './order-line-take-back.service.server.ts';

/** Issue 25 items 4 and 8: the staff's board, its moves and their refusals, the live events, the ticket. */
useFileWorld();

async function restaurant(name = 'Bistro Ștefan') {
  const { id } = await insertRestaurant(db, { name, timeZone: 'Europe/Bucharest' });
  const location = buildLocation(id!, { nameRo: 'Sala mare', nameEn: 'Main hall' });
  await db.insertInto('location').values(location).execute();
  const table = await insertDiningTable(db, id!, location.id, 'Masa 5');
  return { id: id!, locationId: location.id, table, staff: scopes.member(id!, 'staff') };
}

const eventsOf = async (restaurantId: string) =>
  (await db.selectFrom('liveEvent').select(['channel', 'type', 'payload']).where('restaurantId', '=', restaurantId).orderBy('id').execute()).map((e) => ({
    ...e,
    payload: JSON.parse(e.payload) as unknown,
  }));
const orderRow = (id: string) => db.selectFrom('guestOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = async (restaurantId: string) =>
  await db.selectFrom('auditEvent').select(['action', 'targetId', 'actorRole']).where('restaurantId', '=', restaurantId).orderBy('createdAt').execute();

describe(`the orders board on ${testDialect}`, () => {
  it("shows today's orders open first, newest first, with lines, totals per state and the pause switch", async () => {
    const r = await restaurant();
    const today = localMoment(Date.now(), 'Europe/Bucharest').date;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const served = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, status: 'served', createdAt: at(3) });
    const first = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, createdAt: at(2) });
    const pickup = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: null, status: 'accepted', createdAt: at(1) });
    // yesterday's order is not on today's board
    await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, serviceDay: '2020-01-01', createdAt: '2020-01-01T10:00:00.000Z' });
    const other = await restaurant('Alt bistro');
    await insertOrder(db, { restaurantId: other.id, locationId: other.locationId, table: other.table });

    const board = await getOrderBoard(r.staff, { locale: 'en' });
    expect(board.serviceDay).toBe(today);
    expect(board.orders.map((o) => o.id)).toEqual([pickup.order.id, first.order.id, served.order.id]);
    const dineIn = board.orders[1]!;
    expect(dineIn).toMatchObject({
      number: first.order.number,
      kind: 'dineIn',
      tableLabel: 'Masa 5',
      canBlockTable: true,
      status: 'received',
      locationName: 'Main hall',
      totalMinor: 7700,
    });
    expect(dineIn.lines).toEqual([
      { id: expect.any(String), name: 'Tripe soup', quantity: 2, unitPriceMinor: 2450, note: 'fără ardei iute', options: [], flagged: [], cancelled: false },
      { id: expect.any(String), name: 'Papanași', quantity: 1, unitPriceMinor: 2800, note: null, options: [], flagged: [], cancelled: false },
    ]);
    expect(board.orders[0]).toMatchObject({ kind: 'pickup', customerName: 'Ana Popescu', customerPhone: '+40 721 000 000', pickupTime: '13:30', canBlockTable: false });
    expect(board.totals.count).toBe(3);
    expect(board.totals.totalMinor).toBe(3 * 7700);
    expect(board.totals.byStatus.served).toEqual({ count: 1, totalMinor: 7700 });
    expect(board.totals.byStatus.received).toEqual({ count: 1, totalMinor: 7700 });
    expect(board.totals.byStatus.declined).toEqual({ count: 0, totalMinor: 0 });
    expect(board.locations).toEqual([{ id: r.locationId, name: 'Main hall', ordering: null }]);

    // what a board reads after live events (issue 26): the named orders as the board shows them, today's only, and the day's totals again
    const rows = await getBoardRows(r.staff, { orderIds: [first.order.id, first.order.id, 'no-such-order'], locale: 'en' });
    expect(rows).toEqual({ serviceDay: today, orders: [dineIn], totals: board.totals });
    const yesterday = (await db.selectFrom('guestOrder').select('id').where('restaurantId', '=', r.id).where('serviceDay', '=', '2020-01-01').executeTakeFirstOrThrow()).id;
    expect((await getBoardRows(r.staff, { orderIds: [yesterday], locale: 'en' })).orders).toEqual([]);
    expect(await refusalOf(getBoardRows(r.staff, { orderIds: Array.from({ length: 51 }, (_, i) => `o${i}`), locale: 'en' }))).toMatchObject({ code: 'invalid-input' });

    // a filter by another location narrows to nothing; the pause switch shows once ordering is set up
    const second = buildLocation(r.id, { nameRo: 'Terasă' });
    await db.insertInto('location').values(second).execute();
    expect((await getOrderBoard(r.staff, { locale: 'ro', locationId: second.id })).orders).toEqual([]);
    const filtered = await getBoardRows(r.staff, { orderIds: [first.order.id], locale: 'ro', locationId: second.id });
    expect(filtered.orders).toEqual([]);
    expect(filtered.totals.count).toBe(0);
    await updateOrderingSettings(scopes.owner(r.id), storage, orderingSettingsForm(r.locationId));
    await setOrdersPaused(r.staff, storage, r.locationId, true);
    expect((await getOrderBoard(r.staff, { locale: 'ro' })).locations[0]!.ordering).toEqual({ enabled: true, paused: true, ceiling: 60, ceilingHitAt: null });
  });

  it('moves an order received → accepted → ready → served, each audited with its live event', async () => {
    const r = await restaurant();
    const { order } = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table });
    expect(await acceptOrder(r.staff, AcceptOrderInput.parse({ orderId: order.id, status: 'received', minutes: '20' }))).toEqual({ number: order.number });
    expect(await orderRow(order.id)).toMatchObject({ status: 'accepted', etaMinutes: 20 });
    expect((await orderRow(order.id)).acceptedAt).not.toBeNull();
    await markOrderReady(r.staff, { orderId: order.id, status: 'accepted' });
    expect((await orderRow(order.id)).readyAt).not.toBeNull();
    await markOrderServed(r.staff, { orderId: order.id, status: 'ready' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'served' });
    expect((await orderRow(order.id)).closedAt).not.toBeNull();

    const payload = (status: string) => ({ channel: 'orders', type: 'order.updated', payload: { orderId: order.id, status, locationId: r.locationId } });
    expect(await eventsOf(r.id)).toEqual([payload('accepted'), payload('ready'), payload('served')]);
    expect(await auditOf(r.id)).toEqual([
      { action: 'order.accepted', targetId: order.id, actorRole: 'staff' },
      { action: 'order.ready', targetId: order.id, actorRole: 'staff' },
      { action: 'order.served', targetId: order.id, actorRole: 'staff' },
    ]);
  });

  it('serves an accepted order straight away (a drink at the bar), and declines an accepted one', async () => {
    const r = await restaurant();
    const one = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, status: 'accepted' })).order;
    const two = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, status: 'accepted' })).order;
    await markOrderServed(r.staff, { orderId: one.id, status: 'accepted' });
    await declineOrder(r.staff, DeclineOrderInput.parse({ orderId: two.id, status: 'accepted', reason: 'S-a terminat ciorba' }));
    expect(await orderRow(one.id)).toMatchObject({ status: 'served' });
    expect(await orderRow(two.id)).toMatchObject({ status: 'declined', declineReason: 'S-a terminat ciorba' });
  });

  it('declines with a reason and blocks the table code for the local day, once', async () => {
    const r = await restaurant();
    const { order } = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table });
    await declineOrder(r.staff, DeclineOrderInput.parse({ orderId: order.id, status: 'received', reason: 'Comandă de glumă', blockTable: 'on' }));
    expect(await orderRow(order.id)).toMatchObject({ status: 'declined', declineReason: 'Comandă de glumă' });
    const blocks = await db.selectFrom('tableBlock').selectAll().where('restaurantId', '=', r.id).execute();
    expect(blocks.map((b) => [b.tableId, b.day])).toEqual([[r.table.id, localMoment(Date.now(), 'Europe/Bucharest').date]]);
    // a second prank from the same table, declined and blocked again: still one block
    const again = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table })).order;
    await declineOrder(r.staff, DeclineOrderInput.parse({ orderId: again.id, status: 'received', reason: 'Din nou', blockTable: 'on' }));
    expect(await db.selectFrom('tableBlock').selectAll().where('restaurantId', '=', r.id).execute()).toHaveLength(1);
    // without the box, nothing is blocked; a pickup order has no table to block
    const plain = await restaurant();
    const pickup = (await insertOrder(db, { restaurantId: plain.id, locationId: plain.locationId, table: null })).order;
    const dine = (await insertOrder(db, { restaurantId: plain.id, locationId: plain.locationId, table: plain.table })).order;
    await declineOrder(plain.staff, DeclineOrderInput.parse({ orderId: pickup.id, status: 'received', reason: 'Închidem', blockTable: 'on' }));
    await declineOrder(plain.staff, DeclineOrderInput.parse({ orderId: dine.id, status: 'received', reason: 'Închidem' }));
    expect(await db.selectFrom('tableBlock').selectAll().where('restaurantId', '=', plain.id).execute()).toEqual([]);
  });

  it('refuses a stale move (a colleague was first) with a 409 that changes nothing', async () => {
    const r = await restaurant();
    const { order } = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table });
    const colleague = scopes.member(r.id, 'manager');
    await acceptOrder(colleague, AcceptOrderInput.parse({ orderId: order.id, status: 'received', minutes: '10' }));
    const before = await orderRow(order.id);
    const eventsBefore = await eventsOf(r.id);
    // the staff member's board still showed it as received
    expect(await refusalOf(acceptOrder(r.staff, AcceptOrderInput.parse({ orderId: order.id, status: 'received', minutes: '30' })))).toEqual({
      code: 'order-changed',
      params: { number: order.number },
    });
    expect(await refusalOf(declineOrder(r.staff, DeclineOrderInput.parse({ orderId: order.id, status: 'received', reason: 'Prea târziu', blockTable: 'on' })))).toEqual({
      code: 'order-changed',
      params: { number: order.number },
    });
    expect(await orderRow(order.id)).toEqual(before);
    expect(await eventsOf(r.id)).toEqual(eventsBefore);
    expect(await db.selectFrom('tableBlock').selectAll().where('restaurantId', '=', r.id).execute()).toEqual([]);

    // two boards pressing at once: one wins, the other is told
    const race = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table })).order;
    const outcomes = await Promise.allSettled([
      acceptOrder(r.staff, AcceptOrderInput.parse({ orderId: race.id, status: 'received', minutes: '10' })),
      declineOrder(colleague, DeclineOrderInput.parse({ orderId: race.id, status: 'received', reason: 'Nu mai gătim' })),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'order-changed' });
    expect((await eventsOf(r.id)).filter((e) => (e.payload as { orderId: string }).orderId === race.id)).toHaveLength(1);
  });

  it('refuses moves its state does not allow', async () => {
    const r = await restaurant();
    const received = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table })).order;
    const ready = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, status: 'ready' })).order;
    const served = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, status: 'served' })).order;
    expect(await refusalOf(markOrderReady(r.staff, { orderId: received.id, status: 'received' }))).toMatchObject({ code: 'order-transition' });
    expect(await refusalOf(markOrderServed(r.staff, { orderId: received.id, status: 'received' }))).toMatchObject({ code: 'order-transition' });
    expect(await refusalOf(declineOrder(r.staff, DeclineOrderInput.parse({ orderId: ready.id, status: 'ready', reason: 'x' })))).toMatchObject({ code: 'order-transition' });
    expect(await refusalOf(acceptOrder(r.staff, AcceptOrderInput.parse({ orderId: served.id, status: 'served', minutes: '5' })))).toMatchObject({ code: 'order-transition' });
    expect(await refusalOf(markOrderReady(r.staff, { orderId: 'no-such-order', status: 'accepted' }))).toEqual({ code: 'not-found', params: {} });
    expect((await orderRow(received.id)).status).toBe('received');
    expect(await eventsOf(r.id)).toEqual([]);
  });

  it("refuses another restaurant's order as not found, and a role without the board", async () => {
    const a = await restaurant();
    const b = await restaurant('Vecinul');
    const { order } = await insertOrder(db, { restaurantId: a.id, locationId: a.locationId, table: a.table });
    const ownerB = scopes.owner(b.id);
    expect(await refusalOf(acceptOrder(ownerB, AcceptOrderInput.parse({ orderId: order.id, status: 'received', minutes: '5' })))).toEqual({ code: 'not-found', params: {} });
    expect(await refusalOf(declineOrder(ownerB, DeclineOrderInput.parse({ orderId: order.id, status: 'received', reason: 'x', blockTable: 'on' })))).toEqual({
      code: 'not-found',
      params: {},
    });
    expect(await refusalOf(getBoardOrder(ownerB, order.id, 'ro'))).toEqual({ code: 'not-found', params: {} });
    expect((await getBoardRows(ownerB, { orderIds: [order.id], locale: 'ro' })).orders).toEqual([]);
    expect(await refusalOf(renderOrderTicket(ownerB, order.id, 'ro'))).toEqual({ code: 'not-found', params: {} });
    expect((await getOrderBoard(ownerB, { locale: 'ro' })).orders).toEqual([]);

    const editor = scopes.member(a.id, 'editor');
    for (const call of [
      getOrderBoard(editor, { locale: 'ro' }),
      getBoardOrder(editor, order.id, 'ro'),
      getBoardRows(editor, { orderIds: [order.id], locale: 'ro' }),
      acceptOrder(editor, AcceptOrderInput.parse({ orderId: order.id, status: 'received', minutes: '5' })),
      markOrderReady(scopes.forgedOwner(a.id), { orderId: order.id, status: 'accepted' }),
    ])
      expect(await refusalOf(call)).toEqual({ code: 'forbidden', params: {} });
    // the staff, the manager and the owner may
    for (const role of ['staff', 'manager', 'owner'] as const) expect((await getOrderBoard(scopes.member(a.id, role), { locale: 'ro' })).orders).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('received');
    expect(await eventsOf(a.id)).toEqual([]);
  });

  it('refuses bad minutes and a missing or long reason, field by field', () => {
    const base = { orderId: 'o', status: 'received' };
    for (const minutes of ['0', '241', '-5', '1.5', '', 'zece', '1e2', undefined]) {
      expect(AcceptOrderInput.safeParse({ ...base, minutes }).error?.issues.map((i) => i.message)).toEqual(['orderMinutes']);
    }
    expect(AcceptOrderInput.parse({ ...base, minutes: ' 240 ' }).minutes).toBe(240);
    expect(DeclineOrderInput.safeParse({ ...base, reason: '   ' }).error?.issues.map((i) => i.message)).toEqual(['required']);
    expect(DeclineOrderInput.safeParse({ ...base, reason: 'ă'.repeat(201) }).error?.issues.map((i) => i.message)).toEqual(['tooLong']);
    expect(DeclineOrderInput.parse({ ...base, reason: 'ă'.repeat(200) }).reason).toHaveLength(200);
    expect(AcceptOrderInput.safeParse({ orderId: 'o', status: 'cooking', minutes: '5' }).success).toBe(false);
    // the rows a board reads after its events: 1 to 50 ids, the filter optional
    expect(BoardRowsInput.parse({ ids: ['o1', ' o2 '], loc: null })).toEqual({ ids: ['o1', 'o2'], loc: null });
    expect(BoardRowsInput.parse({ ids: ['o1'], loc: 'salon' }).loc).toBe('salon');
    for (const ids of [[], [''], ['x'.repeat(65)], Array.from({ length: 51 }, (_, i) => `o${i}`)]) expect(BoardRowsInput.safeParse({ ids, loc: null }).success).toBe(false);
  });

  it('prints the kitchen ticket: restaurant, number, table or pickup, lines with notes, total, time', async () => {
    const r = await restaurant();
    const { order } = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table });
    const ticket = await renderOrderTicket(r.staff, order.id, 'ro');
    expect(ticket.filename).toBe(`comanda-${order.serviceDay}-${order.number}.pdf`);
    const loading = getDocument({ data: new Uint8Array(ticket.body) });
    const pdf = await loading.promise;
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const [, , width] = page.view;
    expect(Math.round((width! / 72) * 25.4)).toBe(80);
    const text = (await page.getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    await loading.destroy();
    for (const part of ['Bistro Ștefan', `Comanda #${order.number}`, 'Masa 5', '2×', 'Ciorbă de burtă', '» fără ardei iute', 'Papanași', '77,00 RON', 'Primită la'])
      expect(text).toContain(part);
    const pickup = (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: null })).order;
    const english = (await renderOrderTicket(r.staff, pickup.id, 'en')).body;
    const pickupPdf = await getDocument({ data: new Uint8Array(english) }).promise;
    const pickupText = (await (await pickupPdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(pickupText).toContain('Pickup: Ana Popescu, at 13:30');
    expect(pickupText).toContain('Tripe soup');
  });

  it("leaves a line taken back out of the ticket, whose total is the order's without it", async () => {
    const r = await restaurant();
    const { order, lines } = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table });
    await takeBackOrderLine(r.staff, lines.find((line) => line.nameRo === 'Papanași')!.id);
    const pdf = await getDocument({ data: new Uint8Array((await renderOrderTicket(r.staff, order.id, 'ro')).body) }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    for (const part of ['Ciorbă de burtă', '49,00 RON']) expect(text).toContain(part);
    for (const part of ['Papanași', '77,00 RON']) expect(text).not.toContain(part);
  });
});
