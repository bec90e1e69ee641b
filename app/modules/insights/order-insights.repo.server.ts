import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/**
 * The insights of orders and reservations (issue 25 item 9), read from the rows themselves
 * (migration 0024): aggregated in the database, so a busy restaurant's 90 days come back as at most
 * a few thousand small rows. Days are the restaurant's local days (`serviceDay`, `date`).
 */

export interface OrderHourRow {
  serviceDay: string;
  /** the UTC hour the order was placed, 'YYYY-MM-DDTHH' (the service turns it into the local hour) */
  utcHour: string;
  count: number | string;
}

/** Orders placed per local day and UTC hour, `fromDay`..`toDay`, at one location or all. */
export function countOrdersByHour(db: Kysely<Database>, restaurantId: string, fromDay: string, toDay: string, locationId?: string): Promise<OrderHourRow[]> {
  let query = tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select((eb) => [
      'guestOrder.serviceDay',
      eb.fn<string>('substr', ['guestOrder.createdAt', eb.lit(1), eb.lit(13)]).as('utcHour'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('guestOrder.serviceDay', '>=', fromDay)
    .where('guestOrder.serviceDay', '<=', toDay);
  if (locationId) query = query.where('guestOrder.locationId', '=', locationId);
  return query.groupBy((eb) => ['guestOrder.serviceDay', eb.fn('substr', ['guestOrder.createdAt', eb.lit(1), eb.lit(13)])]).execute();
}

export interface OrderedDishRow {
  productId: string | null;
  nameRo: string;
  nameEn: string | null;
  quantity: number | string;
}

/**
 * The dishes ordered most (quantities), of orders not declined, `fromDay`..`toDay`, without the lines the staff
 * took back (`cancelledAt`: never made nor paid); the line's own name (a deleted dish keeps it).
 */
export function sumOrderedDishes(db: Kysely<Database>, restaurantId: string, fromDay: string, toDay: string, limit: number, locationId?: string): Promise<OrderedDishRow[]> {
  let query = tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .innerJoin('guestOrder', (join) => join.onRef('guestOrder.id', '=', 'guestOrderLine.orderId').onRef('guestOrder.restaurantId', '=', 'guestOrderLine.restaurantId'))
    .select((eb) => ['guestOrderLine.productId', 'guestOrderLine.nameRo', 'guestOrderLine.nameEn', eb.fn.sum<number | string>('guestOrderLine.quantity').as('quantity')])
    .where('guestOrder.serviceDay', '>=', fromDay)
    .where('guestOrder.serviceDay', '<=', toDay)
    .where('guestOrder.status', '!=', 'declined')
    .where('guestOrderLine.cancelledAt', 'is', null);
  if (locationId) query = query.where('guestOrder.locationId', '=', locationId);
  return query
    .groupBy(['guestOrderLine.productId', 'guestOrderLine.nameRo', 'guestOrderLine.nameEn'])
    .orderBy('quantity', 'desc')
    .orderBy('guestOrderLine.nameRo')
    .limit(limit)
    .execute();
}

export interface ChosenOptionRow {
  groupNameRo: string;
  nameRo: string;
  groupNameEn: string | null;
  nameEn: string | null;
  /** portions that carried it: the lines' quantities */
  chosen: number | string;
}

/**
 * How often each option was chosen (issue 35), by its name within its group as the guests
 * confirmed them, of orders not declined and lines not taken back, `fromDay`..`toDay`: only options chosen on at least
 * `minOrders` different orders (the k of the search terms, decision 0018), so no row names one
 * guest's choice. The Romanian names are the key; the English ones shown are the latest of any.
 */
export function countChosenOptions(
  db: Kysely<Database>,
  restaurantId: string,
  fromDay: string,
  toDay: string,
  options: { minOrders: number; limit: number; locationId?: string },
): Promise<ChosenOptionRow[]> {
  let query = tenant(db, restaurantId)
    .selectFrom('guestOrderLineOption')
    .innerJoin('guestOrderLine', (join) =>
      join.onRef('guestOrderLine.id', '=', 'guestOrderLineOption.lineId').onRef('guestOrderLine.restaurantId', '=', 'guestOrderLineOption.restaurantId'),
    )
    .innerJoin('guestOrder', (join) => join.onRef('guestOrder.id', '=', 'guestOrderLineOption.orderId').onRef('guestOrder.restaurantId', '=', 'guestOrderLineOption.restaurantId'))
    .select((eb) => [
      'guestOrderLineOption.groupNameRo',
      'guestOrderLineOption.nameRo',
      eb.fn.max('guestOrderLineOption.groupNameEn').as('groupNameEn'),
      eb.fn.max('guestOrderLineOption.nameEn').as('nameEn'),
      eb.fn.sum<number | string>('guestOrderLine.quantity').as('chosen'),
    ])
    .where('guestOrder.serviceDay', '>=', fromDay)
    .where('guestOrder.serviceDay', '<=', toDay)
    .where('guestOrder.status', '!=', 'declined')
    .where('guestOrderLine.cancelledAt', 'is', null);
  if (options.locationId) query = query.where('guestOrder.locationId', '=', options.locationId);
  return query
    .groupBy(['guestOrderLineOption.groupNameRo', 'guestOrderLineOption.nameRo'])
    .having((eb) => eb.fn.count('guestOrderLineOption.orderId').distinct(), '>=', options.minOrders)
    .orderBy('chosen', 'desc')
    .orderBy('guestOrderLineOption.groupNameRo')
    .orderBy('guestOrderLineOption.nameRo')
    .limit(options.limit)
    .execute();
}

export interface ReservationDayRow {
  date: string;
  status: string;
  count: number | string;
}

/** Reservations per local date and status, `fromDay`..`toDay`. */
export function countReservationsByDay(db: Kysely<Database>, restaurantId: string, fromDay: string, toDay: string, locationId?: string): Promise<ReservationDayRow[]> {
  let query = tenant(db, restaurantId)
    .selectFrom('reservation')
    .select((eb) => ['reservation.date', 'reservation.status', eb.fn.countAll<number | string>().as('count')])
    .where('reservation.date', '>=', fromDay)
    .where('reservation.date', '<=', toDay);
  if (locationId) query = query.where('reservation.locationId', '=', locationId);
  return query.groupBy(['reservation.date', 'reservation.status']).execute();
}
