import type { Kysely, Updateable } from 'kysely';
import type { Database, GuestOrder, GuestOrderLine, GuestOrderLineOption, GuestOrderTable, OrderStatus } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** The staff's orders board (issue 25): queries only, each held to one restaurant (decision 0030). */

/** What the board and the kitchen ticket print of the restaurant itself. */
export function findBoardRestaurant(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['name', 'slug', 'timeZone', 'currency']).executeTakeFirst();
}

/** One local day's orders, newest first, in one location or all, at most `limit`. */
export function listOrdersOfDay(db: Kysely<Database>, restaurantId: string, serviceDay: string, locationId: string | null, limit: number): Promise<GuestOrder[]> {
  let query = tenant(db, restaurantId).selectFrom('guestOrder').selectAll().where('serviceDay', '=', serviceDay);
  if (locationId) query = query.where('locationId', '=', locationId);
  return query.orderBy('createdAt', 'desc').orderBy('number', 'desc').limit(limit).execute();
}

/** The day's count and sum per state (in one location or all). */
export async function sumOrdersOfDay(db: Kysely<Database>, restaurantId: string, serviceDay: string, locationId: string | null) {
  let query = tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select((eb) => ['status', eb.fn.countAll().as('count'), eb.fn.sum<number | string | null>('totalMinor').as('totalMinor')])
    .where('serviceDay', '=', serviceDay);
  if (locationId) query = query.where('locationId', '=', locationId);
  const rows = await query.groupBy('status').execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count), totalMinor: Number(row.totalMinor ?? 0) }));
}

/** The lines of some orders, in each order's own sequence. */
export function listLinesOfOrders(db: Kysely<Database>, restaurantId: string, orderIds: readonly string[]): Promise<GuestOrderLine[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('guestOrderLine').selectAll().where('orderId', 'in', orderIds).orderBy('orderId').orderBy('position').execute();
}

/**
 * The options chosen on some orders' lines (issue 35), each line's in the order the guest saw its
 * groups: the names and price the guest confirmed, kept when the option itself is deleted.
 */
export function listLineOptionsOfOrders(db: Kysely<Database>, restaurantId: string, orderIds: readonly string[]): Promise<GuestOrderLineOption[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('guestOrderLineOption').selectAll().where('orderId', 'in', orderIds).orderBy('lineId').orderBy('position').execute();
}

export function findOrder(db: Kysely<Database>, restaurantId: string, orderId: string): Promise<GuestOrder | undefined> {
  return tenant(db, restaurantId).selectFrom('guestOrder').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/**
 * Moves an order on if it is still in `from`: false when a colleague moved it first (nothing is
 * written). The condition is the update's own, so two boards pressing at once change it once.
 */
export async function moveOrder(
  db: Kysely<Database>,
  restaurantId: string,
  orderId: string,
  from: OrderStatus,
  values: Updateable<GuestOrderTable> & { status: OrderStatus; updatedAt: string },
): Promise<boolean> {
  const result = await tenant(db, restaurantId).updateTable('guestOrder').set(values).where('id', '=', orderId).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** "Block this table code for today": once per table and day (a second block is no change). */
export async function insertTableBlock(db: Kysely<Database>, restaurantId: string, tableId: string, day: string, now: string): Promise<void> {
  await tenant(db, restaurantId)
    .insertInto('tableBlock', { tableId, day, createdAt: now })
    .onConflict((conflict) => conflict.columns(['tableId', 'day']).doNothing())
    .execute();
}
