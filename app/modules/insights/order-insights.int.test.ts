import { describe, expect, it } from 'vitest';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { insertGuestOrder, insertReservation } from '#tests/factories/insight-orders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';
import { getInsights } from './insights.service.server.ts';

/** Issue 25 item 9: orders per day and hour, the dishes ordered most, reservations and no-shows, counted from the rows. */
useFileWorld();

// Bucharest is UTC+2 in November: 10:30 UTC is 12:30 there, 22:30 UTC on the 24th is 00:30 on the 25th
const NOW = new Date('2026-11-27T10:00:00.000Z');

async function restaurant(slug: string) {
  const { id } = await insertRestaurant(db, { slug }, {});
  const locations = [buildLocation(id!, { nameRo: 'Salon' }), buildLocation(id!, { nameRo: 'Terasă', sortOrder: 1 })];
  await db.insertInto('location').values(locations).execute();
  return { id: id!, salon: locations[0]!.id, terasa: locations[1]!.id };
}

describe(`orders and reservations in the insights on ${testDialect}`, () => {
  it('counts orders per local day and hour, the dishes by quantity (not declined ones nor lines taken back), reservations and no-shows; by location; nothing of another restaurant', async () => {
    const a = await restaurant('statistici-comenzi-a');
    const b = await restaurant('statistici-comenzi-b');
    await insertGuestOrder(db, a.id, a.salon, { createdAt: '2026-11-24T10:30:00.000Z', serviceDay: '2026-11-24', status: 'served' }, [
      { nameRo: 'Sarmale', nameEn: 'Cabbage rolls', quantity: 2, productId: null },
      { nameRo: 'Papanași', nameEn: null, quantity: 1 },
      // taken back by the staff: never made nor paid
      { nameRo: 'Mici', nameEn: null, quantity: 7, cancelledAt: '2026-11-24T10:40:00.000Z' },
      { nameRo: 'Sarmale', nameEn: 'Cabbage rolls', quantity: 4, productId: null, cancelledAt: '2026-11-24T10:41:00.000Z' },
    ]);
    await insertGuestOrder(db, a.id, a.salon, { createdAt: '2026-11-24T22:30:00.000Z', serviceDay: '2026-11-25' }, [{ nameRo: 'Sarmale', nameEn: 'Cabbage rolls', quantity: 3 }]);
    await insertGuestOrder(db, a.id, a.terasa, { createdAt: '2026-11-26T10:05:00.000Z', serviceDay: '2026-11-26', status: 'declined' }, [{ nameRo: 'Papanași', quantity: 10 }]);
    // outside the 7 days, and another restaurant's
    await insertGuestOrder(db, a.id, a.salon, { createdAt: '2026-11-10T10:00:00.000Z', serviceDay: '2026-11-10' }, [{ nameRo: 'Ciorbă', quantity: 50 }]);
    await insertGuestOrder(db, b.id, b.salon, { createdAt: '2026-11-24T10:30:00.000Z', serviceDay: '2026-11-24' }, [{ nameRo: 'Sarmale', quantity: 99 }]);
    await insertReservation(db, a.id, a.salon, { date: '2026-11-24', status: 'accepted' });
    await insertReservation(db, a.id, a.salon, { date: '2026-11-24', status: 'noShow' });
    await insertReservation(db, a.id, a.terasa, { date: '2026-11-26', status: 'requested' });
    await insertReservation(db, a.id, a.salon, { date: '2026-11-26', status: 'declined' });
    await insertReservation(db, a.id, a.salon, { date: '2026-11-26', status: 'cancelled' });
    await insertReservation(db, b.id, b.salon, { date: '2026-11-24', status: 'noShow' });

    const all = (await getInsights(scopes.owner(a.id), { range: 7, locationId: null, locale: 'ro', now: NOW })).orders;
    expect(all.any).toBe(true);
    expect(all.totals).toEqual({ orders: 3, reservations: 3, noShows: 1 });
    expect(all.ordersPerDay).toEqual([
      { day: '2026-11-21', orders: 0 },
      { day: '2026-11-22', orders: 0 },
      { day: '2026-11-23', orders: 0 },
      { day: '2026-11-24', orders: 1 },
      { day: '2026-11-25', orders: 1 },
      { day: '2026-11-26', orders: 1 },
      { day: '2026-11-27', orders: 0 },
    ]);
    expect(all.ordersByHour.flatMap((count, hour) => (count > 0 ? [[hour, count]] : []))).toEqual([
      [0, 1],
      [12, 2],
    ]);
    expect(all.topOrdered).toEqual([
      { name: 'Sarmale', quantity: 5 },
      { name: 'Papanași', quantity: 1 },
    ]);
    expect(all.reservationsPerDay.filter((d) => d.reservations > 0)).toEqual([
      { day: '2026-11-24', reservations: 2, noShows: 1 },
      { day: '2026-11-26', reservations: 1, noShows: 0 },
    ]);
    const english = (await getInsights(scopes.owner(a.id), { range: 7, locationId: null, locale: 'en', now: NOW })).orders;
    expect(english.topOrdered.map((d) => d.name)).toEqual(['Cabbage rolls', 'Papanași']);

    const terrace = (await getInsights(scopes.owner(a.id), { range: 7, locationId: a.terasa, locale: 'ro', now: NOW })).orders;
    expect(terrace.totals).toEqual({ orders: 1, reservations: 1, noShows: 0 });
    expect(terrace.topOrdered).toEqual([]);

    // a restaurant with neither has nothing to show
    const empty = await restaurant('statistici-comenzi-c');
    expect((await getInsights(scopes.owner(empty.id), { range: 30, locationId: null, locale: 'ro', now: NOW })).orders).toMatchObject({
      any: false,
      totals: { orders: 0, reservations: 0, noShows: 0 },
    });
  });
});
