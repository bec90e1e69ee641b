import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { CONTACT_RETENTION_DAYS } from '#app/modules/ordering/ordering.types.ts';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { insertGuestOrder, insertReservation } from '#tests/factories/insight-orders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { getRestaurantForAdmin } from '#app/modules/backoffice/restaurants.service.server.ts';
import { updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { JOB_SCHEDULES } from '#app/wiring/job-handlers.server.ts';
import { eraseExpiredContacts } from './retention.server.ts';
import { orderingSettingsForm } from '#tests/factories/orders.ts';

/** Issue 25 item 7: guests' contact details go 30 days after the order or the reservation's date, and nothing else does. */
useFileWorld();

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-27T10:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const job = () => systemScope(db, 'job:retention.erase-contacts');

async function restaurantWithLocation(slug: string) {
  const { id } = await insertRestaurant(db, { slug }, {});
  const location = buildLocation(id!);
  await db.insertInto('location').values(location).execute();
  return { restaurantId: id!, locationId: location.id };
}

const orderRow = (id: string) => db.selectFrom('guestOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const linesOf = (id: string) => db.selectFrom('guestOrderLine').selectAll().where('orderId', '=', id).orderBy('position').execute();
const reservationRow = (id: string) => db.selectFrom('reservation').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe(`the retention job on ${testDialect}`, () => {
  it('erases the names, phones, e-mails and notes past their days, in every restaurant, keeps everything else, and runs again to no effect', async () => {
    const a = await restaurantWithLocation('pastrare-a');
    const b = await restaurantWithLocation('pastrare-b');
    const allergies = { allergies: '["gluten","milk"]', allergyNote: 'alergie severă la lapte' };
    const old = await insertGuestOrder(db, a.restaurantId, a.locationId, { createdAt: daysAgo(CONTACT_RETENTION_DAYS + 1), status: 'served', ...allergies }, [
      { nameRo: 'Sarmale', quantity: 2, unitPriceMinor: 3200, note: 'fără ardei' },
      { nameRo: 'Papanași', quantity: 1, unitPriceMinor: 2200, note: null },
    ]);
    const oldOfB = await insertGuestOrder(db, b.restaurantId, b.locationId, { createdAt: daysAgo(45), kind: 'dineIn', tableLabel: 'Masa 3' });
    const recent = await insertGuestOrder(db, a.restaurantId, a.locationId, { createdAt: daysAgo(CONTACT_RETENTION_DAYS - 1), ...allergies });
    const pastReservation = await insertReservation(db, a.restaurantId, a.locationId, { date: daysAgo(CONTACT_RETENTION_DAYS + 2).slice(0, 10), status: 'noShow' });
    // asked for long ago, for a date still within its 30 days: kept
    const recentDate = await insertReservation(db, b.restaurantId, b.locationId, { date: daysAgo(3).slice(0, 10), createdAt: daysAgo(60) });
    const future = await insertReservation(db, a.restaurantId, a.locationId, { date: daysAgo(-10).slice(0, 10) });

    expect(await eraseExpiredContacts(job(), NOW)).toEqual({ orders: 2, reservations: 1, mails: 0 });

    const erased = await orderRow(old.id);
    const { lines: _lines, ...oldColumns } = old;
    // the declared allergies are health data: they go with the contact details (issue 35)
    expect(erased).toEqual({ ...oldColumns, customerName: null, customerPhone: null, allergies: null, allergyNote: null, contactErasedAt: NOW.toISOString() });
    expect(await linesOf(old.id)).toEqual(old.lines.map((line) => ({ ...line, note: null })));
    expect(await orderRow(oldOfB.id)).toMatchObject({ customerName: null, customerPhone: null, tableLabel: 'Masa 3', contactErasedAt: NOW.toISOString() });
    const { lines: recentLines, ...recentColumns } = recent;
    expect(await orderRow(recent.id)).toEqual(recentColumns);
    expect(await linesOf(recent.id)).toEqual(recentLines);

    expect(await reservationRow(pastReservation.id)).toEqual({ ...pastReservation, name: null, phone: null, email: null, note: null, contactErasedAt: NOW.toISOString() });
    expect(await reservationRow(recentDate.id)).toEqual(recentDate);
    expect(await reservationRow(future.id)).toEqual(future);

    // a day later: nothing new is old enough, and what was erased stays as it was (its stamp too)
    const after = { old: await orderRow(old.id), reservation: await reservationRow(pastReservation.id) };
    expect(await eraseExpiredContacts(job(), new Date(NOW.getTime() + 60 * 1000))).toEqual({ orders: 0, reservations: 0, mails: 0 });
    expect({ old: await orderRow(old.id), reservation: await reservationRow(pastReservation.id) }).toEqual(after);
  });

  it('tells the back office whether ordering and reservations are on, the last 30 days’ counts and the rule, never a guest’s details', async () => {
    const d = await restaurantWithLocation('pastrare-d');
    await updateOrderingSettings(scopes.owner(d.restaurantId), storage, orderingSettingsForm(d.locationId, { reservationsEnabled: 'on' }));
    await insertGuestOrder(db, d.restaurantId, d.locationId, { createdAt: daysAgo(2) });
    await insertGuestOrder(db, d.restaurantId, d.locationId, { createdAt: daysAgo(40) });
    await insertReservation(db, d.restaurantId, d.locationId, { createdAt: daysAgo(1), name: 'Oaspete Ascuns' });
    const { ordering } = await getRestaurantForAdmin(scopes.admin(), d.restaurantId, NOW);
    expect(ordering).toEqual({ ordersOn: false, reservationsOn: true, orders: 2, reservations: 1, ordersLast30Days: 1, reservationsLast30Days: 1, contactRetentionDays: 30 });
    expect(JSON.stringify(await getRestaurantForAdmin(scopes.admin(), d.restaurantId, NOW))).not.toContain('Oaspete Ascuns');
  });

  it('is scheduled once a day', () => {
    expect(JOB_SCHEDULES).toContainEqual({ type: 'retention.erase-contacts', every: 'day' });
  });

  it('works in bounded batches, the oldest first, and a later run takes the rest', async () => {
    const c = await restaurantWithLocation('pastrare-c');
    const orders: Awaited<ReturnType<typeof insertGuestOrder>>[] = [];
    for (let i = 0; i < 5; i++) orders.push(await insertGuestOrder(db, c.restaurantId, c.locationId, { createdAt: daysAgo(100 - i) }));
    // two batches of two in one run: four erased, the newest of the five waits
    expect((await eraseExpiredContacts(job(), NOW, { batch: 2, maxBatches: 2 })).orders).toBe(4);
    const names = async () => Promise.all(orders.map(async (order) => (await orderRow(order.id)).customerName));
    expect(await names()).toEqual([null, null, null, null, 'Ion Popescu']);
    // the rest (with any other restaurant's old orders, taken in the same order)
    expect((await eraseExpiredContacts(job(), NOW, { batch: 2, maxBatches: 2 })).orders).toBeGreaterThanOrEqual(1);
    expect(await names()).toEqual([null, null, null, null, null]);
  });
});
