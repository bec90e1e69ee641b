import { sql, type Kysely } from 'kysely';
import type { Database, GuestOrder } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';
import { KITCHEN_ORDER_STATUSES } from './kitchen-display.types.ts';

/** The kitchen display's reads and its bumps (issue 36): queries only, each held to one restaurant. */

/**
 * A location's orders the kitchen still works on, placed since `since`, oldest first: with a line neither bumped
 * nor taken back, so the orders a kitchen bumped and nobody moved on the board (a display-only kitchen) do not
 * fill the `limit` and keep newer tickets off the screen (found by bench:orders, session 18).
 */
export function listOpenKitchenOrders(db: Kysely<Database>, restaurantId: string, locationId: string, since: string, limit: number): Promise<GuestOrder[]> {
  const openLines = tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .select('guestOrderLine.id')
    .where('guestOrderLine.orderId', '=', sql.ref<string>('guestOrder.id'))
    .where('guestOrderLine.bumpedAt', 'is', null)
    .where('guestOrderLine.cancelledAt', 'is', null);
  return tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .selectAll()
    .where('locationId', '=', locationId)
    .where('status', 'in', KITCHEN_ORDER_STATUSES)
    .where('createdAt', '>=', since)
    .where((eb) => eb.exists(openLines))
    .orderBy('createdAt')
    .orderBy('number')
    .limit(limit)
    .execute();
}

/** The bumped lines of a location's open orders, the latest bump first (the display picks its station's). */
export function listBumpedKitchenLines(db: Kysely<Database>, restaurantId: string, locationId: string, since: string, limit: number) {
  return tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .innerJoin('guestOrder', (join) => join.onRef('guestOrder.id', '=', 'guestOrderLine.orderId').onRef('guestOrder.restaurantId', '=', 'guestOrderLine.restaurantId'))
    .select(['guestOrderLine.id', 'guestOrderLine.orderId', 'guestOrderLine.stationId', 'guestOrderLine.bumpedAt', 'guestOrder.number'])
    .where('guestOrder.locationId', '=', locationId)
    .where('guestOrder.status', 'in', KITCHEN_ORDER_STATUSES)
    .where('guestOrder.createdAt', '>=', since)
    .where('guestOrderLine.bumpedAt', 'is not', null)
    .where('guestOrderLine.cancelledAt', 'is', null)
    .orderBy('guestOrderLine.bumpedAt', 'desc')
    .limit(limit)
    .execute();
}

/** One line with what a bump or a take-back checks of its order. */
export function findLineWithOrder(db: Kysely<Database>, restaurantId: string, lineId: string) {
  return tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .innerJoin('guestOrder', (join) => join.onRef('guestOrder.id', '=', 'guestOrderLine.orderId').onRef('guestOrder.restaurantId', '=', 'guestOrderLine.restaurantId'))
    .select([
      'guestOrderLine.id',
      'guestOrderLine.orderId',
      'guestOrderLine.stationId',
      'guestOrderLine.bumpedAt',
      'guestOrderLine.cancelledAt',
      'guestOrderLine.nameRo',
      'guestOrderLine.quantity',
      'guestOrder.status',
      'guestOrder.locationId',
      'guestOrder.number',
    ])
    .where('guestOrderLine.id', '=', lineId)
    .executeTakeFirst();
}

/** Marks lines done on the display, those still open only: how many it marked. */
export async function bumpLines(db: Kysely<Database>, restaurantId: string, lineIds: readonly string[], now: string): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await tenant(db, restaurantId)
    .updateTable('guestOrderLine')
    .set({ bumpedAt: now })
    .where('id', 'in', lineIds)
    .where('bumpedAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Brings bumped lines back to the display. */
export async function unbumpLines(db: Kysely<Database>, restaurantId: string, lineIds: readonly string[]): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await tenant(db, restaurantId)
    .updateTable('guestOrderLine')
    .set({ bumpedAt: null })
    .where('id', 'in', lineIds)
    .where('bumpedAt', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes a line back if it is not already: false when it was. */
export async function cancelLine(db: Kysely<Database>, restaurantId: string, lineId: string, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('guestOrderLine')
    .set({ cancelledAt: now })
    .where('id', '=', lineId)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An order's total from its lines not taken back. */
export async function sumOpenLines(db: Kysely<Database>, restaurantId: string, orderId: string): Promise<number> {
  const lines = await tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .select(['unitPriceMinor', 'quantity'])
    .where('orderId', '=', orderId)
    .where('cancelledAt', 'is', null)
    .execute();
  return lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
}

export async function setOrderTotal(db: Kysely<Database>, restaurantId: string, orderId: string, totalMinor: number, now: string): Promise<void> {
  await tenant(db, restaurantId).updateTable('guestOrder').set({ totalMinor, updatedAt: now }).where('id', '=', orderId).execute();
}
