import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { localDayHour } from './insight-classify.ts';
import { SEARCH_PRIVACY_K, type OrderInsights } from './insights.types.ts';
import { countChosenOptions, countOrdersByHour, countReservationsByDay, sumOrderedDishes } from './order-insights.repo.server.ts';

const TOP_ORDERED = 10;
const TOP_OPTIONS = 15;
/** a reservation that was declined or cancelled never sat at a table */
const NOT_SEATED = new Set(['declined', 'cancelled']);

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Orders per day and per hour, the dishes ordered most, the options chosen most (each shown only
 * once at least SEARCH_PRIVACY_K orders chose it), reservations per day and the no-shows, for
 * the insights' range `from`..`to` (local days). Called by `getInsights`, which has checked the
 * member's `insights.view`.
 */
export async function orderInsights(
  db: Kysely<Database>,
  restaurantId: string,
  options: { from: string; to: string; locationId: string | null; timeZone: string; locale: Locale },
): Promise<OrderInsights> {
  const { from, to, timeZone } = options;
  const locationId = options.locationId ?? undefined;
  const [hours, dishes, chosen, reservations] = await Promise.all([
    countOrdersByHour(db, restaurantId, from, to, locationId),
    sumOrderedDishes(db, restaurantId, from, to, TOP_ORDERED, locationId),
    countChosenOptions(db, restaurantId, from, to, { minOrders: SEARCH_PRIVACY_K, limit: TOP_OPTIONS, locationId }),
    countReservationsByDay(db, restaurantId, from, to, locationId),
  ]);
  const perDay = new Map<string, number>();
  const ordersByHour = Array.from({ length: 24 }, () => 0);
  for (const row of hours) {
    const count = Number(row.count);
    perDay.set(row.serviceDay, (perDay.get(row.serviceDay) ?? 0) + count);
    // the restaurant's offset is whole hours, so a UTC hour is one local hour
    ordersByHour[localDayHour(Date.parse(`${row.utcHour}:00:00Z`), timeZone).hour]! += count;
  }
  const booked = new Map<string, { reservations: number; noShows: number }>();
  for (const row of reservations) {
    if (NOT_SEATED.has(row.status)) continue;
    const day = booked.get(row.date) ?? { reservations: 0, noShows: 0 };
    day.reservations += Number(row.count);
    if (row.status === 'noShow') day.noShows += Number(row.count);
    booked.set(row.date, day);
  }
  const ordersPerDay: OrderInsights['ordersPerDay'] = [];
  const reservationsPerDay: OrderInsights['reservationsPerDay'] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    ordersPerDay.push({ day, orders: perDay.get(day) ?? 0 });
    reservationsPerDay.push({ day, ...(booked.get(day) ?? { reservations: 0, noShows: 0 }) });
  }
  const totals = {
    orders: ordersPerDay.reduce((sum, d) => sum + d.orders, 0),
    reservations: reservationsPerDay.reduce((sum, d) => sum + d.reservations, 0),
    noShows: reservationsPerDay.reduce((sum, d) => sum + d.noShows, 0),
  };
  return {
    any: hours.length > 0 || reservations.length > 0,
    totals,
    ordersPerDay,
    ordersByHour,
    topOrdered: dishes.map((dish) => ({ name: localized(dish.nameRo, dish.nameEn, options.locale), quantity: Number(dish.quantity) })),
    topOptions: chosen.map((row) => ({
      group: localized(row.groupNameRo, row.groupNameEn, options.locale),
      name: localized(row.nameRo, row.nameEn, options.locale),
      count: Number(row.chosen),
    })),
    reservationsPerDay,
  };
}
