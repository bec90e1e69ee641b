import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, GuestOrder, GuestOrderLine } from '#app/db/schema.ts';
import { tenant, type TenantInsert } from '#app/db/tenant.ts';

/**
 * The guest side of orders (decision 0032): the dishes a cart names as the menu shows them now, the
 * table a QR code names, and the orders themselves. Every query is one restaurant's (decision 0030).
 * The staff board reads the same tables through its own repository (order-board.*).
 */

/**
 * What an order line needs of a dish of one location, shown or not (a dish hidden meanwhile is
 * refused by its name): its price, its allergens and traces, and whether the dish, its category and its
 * location are visible.
 */
export function listDishesForCart(db: Kysely<Database>, restaurantId: string, locationId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId)
    .selectFrom('product')
    .innerJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').onRef('category.restaurantId', '=', 'product.restaurantId'))
    .innerJoin('location', (join) => join.onRef('location.id', '=', 'category.locationId').onRef('location.restaurantId', '=', 'product.restaurantId'))
    .select([
      'product.id',
      'product.nameRo',
      'product.nameEn',
      'product.priceMinor',
      'product.currency',
      'product.available',
      'product.soldOutUntil',
      'product.servedFrom',
      'product.servedUntil',
      'product.allergens',
      'product.traces',
      'product.visible',
      'category.visible as categoryVisible',
      'category.schedule as categorySchedule',
      'location.visible as locationVisible',
    ])
    .where('product.id', 'in', [...new Set(productIds)])
    .where('category.locationId', '=', locationId)
    .execute();
}

/** The location a dish is on (the "Adaugă" form names the dish only); undefined for a dish not shown. */
export async function findDishLocation(db: Kysely<Database>, restaurantId: string, productId: string): Promise<string | undefined> {
  const row = await tenant(db, restaurantId)
    .selectFrom('product')
    .innerJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').onRef('category.restaurantId', '=', 'product.restaurantId'))
    .select('category.locationId')
    .where('product.id', '=', productId)
    .where('product.visible', '=', 1)
    .where('category.visible', '=', 1)
    .executeTakeFirst();
  return row?.locationId;
}

/** A dish's texts in the menu's languages beyond ro/en (its `translations`), for its page read in one of them. */
export async function findDishTranslations(db: Kysely<Database>, restaurantId: string, productId: string): Promise<string | undefined> {
  const row = await tenant(db, restaurantId).selectFrom('product').select('translations').where('id', '=', productId).executeTakeFirst();
  return row?.translations;
}

/** The table a QR code names (a removed table's code names nothing). */
export function findTableByCode(db: Kysely<Database>, restaurantId: string, code: string) {
  return tenant(db, restaurantId).selectFrom('diningTable').select(['id', 'locationId', 'label']).where('code', '=', code).executeTakeFirst();
}

/** Whether the staff blocked the table for the local day ("decline and block this table code for today"). */
export async function isTableBlocked(db: Kysely<Database>, restaurantId: string, tableId: string, day: string): Promise<boolean> {
  const row = await tenant(db, restaurantId).selectFrom('tableBlock').select('tableId').where('tableId', '=', tableId).where('day', '=', day).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the restaurant's placement lock for the rest of the transaction, so the checks that count
 * rows (a table's open orders, the location's ceiling) and the insert they allow are one step:
 * twelve guests sending at once are counted one after the other (issue 33 item 4). PostgreSQL: a
 * transaction advisory lock per restaurant; SQLite writes one transaction at a time already.
 */
export async function lockOrderPlacement(trx: Kysely<Database>, restaurantId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext('bucate_order_placement'), hashtext(${restaurantId}))`.execute(trx);
  }
}

/** A table's orders the kitchen has not finished: received or accepted. */
export async function countOpenOrdersAtTable(db: Kysely<Database>, restaurantId: string, tableId: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('tableId', '=', tableId)
    .where('status', 'in', ['received', 'accepted'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The table's most recent order still open in the kitchen (received, accepted or ready), if any. */
export async function findOpenOrderAtTable(db: Kysely<Database>, restaurantId: string, tableId: string): Promise<string | null> {
  const row = await tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select('id')
    .where('tableId', '=', tableId)
    .where('status', 'in', ['received', 'accepted', 'ready'])
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A location's orders placed at or after `since` (ISO), whatever became of them: what its ceiling counts. */
export async function countOrdersSince(db: Kysely<Database>, restaurantId: string, locationId: string, since: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('locationId', '=', locationId)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The order a cart already placed (its idempotency key), if any. */
export function findOrderByIdempotencyKey(db: Kysely<Database>, restaurantId: string, key: string) {
  return tenant(db, restaurantId).selectFrom('guestOrder').select(['id', 'token', 'number', 'status', 'locationId']).where('idempotencyKey', '=', key).executeTakeFirst();
}

/**
 * The next number of the restaurant's local day (1 for the first order of the day), in the
 * placement's transaction. On PostgreSQL concurrent placements would all read the same max under
 * READ COMMITTED and all but one fail on the number's index (`npm run bench:orders` saw 16 of 50
 * sends exhaust their retries): a lock per restaurant and day, held until the commit, takes them
 * one at a time. SQLite writes one transaction at a time already.
 */
export async function nextOrderNumber(db: Kysely<Database>, restaurantId: string, serviceDay: string): Promise<number> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext('bucate_order_number'), hashtext(${`${restaurantId}:${serviceDay}`}))`.execute(db);
  }
  const row = await tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select((eb) => eb.fn.max<number | string | null>('number').as('last'))
    .where('serviceDay', '=', serviceDay)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Writes an order, its lines and their chosen options (the caller's transaction). */
export async function insertGuestOrder(
  db: Kysely<Database>,
  restaurantId: string,
  order: TenantInsert<'guestOrder'>,
  lines: readonly TenantInsert<'guestOrderLine'>[],
  options: readonly TenantInsert<'guestOrderLineOption'>[] = [],
): Promise<void> {
  const orders = tenant(db, restaurantId);
  await orders.insertInto('guestOrder', order).execute();
  if (lines.length > 0) await orders.insertInto('guestOrderLine', lines).execute();
  if (options.length > 0) await orders.insertInto('guestOrderLineOption', options).execute();
}

/** What the guest's own page shows of an order: never the name or the phone. */
export type GuestOrderView = Pick<
  GuestOrder,
  | 'id'
  | 'locationId'
  | 'serviceDay'
  | 'number'
  | 'kind'
  | 'tableLabel'
  | 'status'
  | 'etaMinutes'
  | 'declineReason'
  | 'pickupTime'
  | 'totalMinor'
  | 'currency'
  | 'locale'
  | 'createdAt'
  | 'updatedAt'
  | 'allergies'
  | 'allergyNote'
> & { lines: Pick<GuestOrderLine, 'id' | 'nameRo' | 'nameEn' | 'unitPriceMinor' | 'quantity' | 'note' | 'allergens' | 'cancelledAt'>[] };

/** An order by its token, for the guest's page; undefined for a token of no order of this restaurant. */
export async function findGuestOrderByToken(db: Kysely<Database>, restaurantId: string, token: string): Promise<GuestOrderView | undefined> {
  const orders = tenant(db, restaurantId);
  const order = await orders
    .selectFrom('guestOrder')
    .select([
      'id',
      'locationId',
      'serviceDay',
      'number',
      'kind',
      'tableLabel',
      'status',
      'etaMinutes',
      'declineReason',
      'pickupTime',
      'totalMinor',
      'currency',
      'locale',
      'createdAt',
      'updatedAt',
      'allergies',
      'allergyNote',
    ])
    .where('token', '=', token)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await orders
    .selectFrom('guestOrderLine')
    .select(['id', 'nameRo', 'nameEn', 'unitPriceMinor', 'quantity', 'note', 'allergens', 'cancelledAt'])
    .where('orderId', '=', order.id)
    .orderBy('position')
    .execute();
  return { ...order, lines };
}

/** An order's state only, by its token: what the guest's live stream compares on each wake-up. */
export function findGuestOrderState(db: Kysely<Database>, restaurantId: string, token: string) {
  return tenant(db, restaurantId).selectFrom('guestOrder').select(['status', 'etaMinutes', 'declineReason', 'updatedAt']).where('token', '=', token).executeTakeFirst();
}
