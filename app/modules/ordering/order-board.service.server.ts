import type { GuestOrder, GuestOrderLine, GuestOrderLineOption, OrderStatus } from '#app/db/schema.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import {
  findBoardRestaurant,
  findOrder,
  insertTableBlock,
  listLineOptionsOfOrders,
  listLinesOfOrders,
  listOrdersOfDay,
  moveOrder,
  sumOrdersOfDay,
} from './order-board.repo.server.ts';
import { flaggedAllergens, lineOptionView } from './order-line-details.ts';
import type { AcceptOrderInput, DeclineOrderInput, MoveOrderInput } from './order-board.schema.ts';
import { renderOrderTicketPdf } from './order-board-ticket.server.ts';
import { ceilingHitRecently } from './guest-ceilings.server.ts';
import { openFirst } from './order-board-merge.ts';
import {
  canMoveOrder,
  MAX_BOARD_ORDERS,
  MAX_BOARD_ROWS_READ,
  type BoardLocation,
  type BoardOrder,
  type BoardRows,
  type BoardTotals,
  type OrderBoard,
} from './order-board.types.ts';
import { listOrderingSettings } from './ordering-settings.repo.server.ts';
import { ORDER_STATUSES, type OrderLiveEvent } from './ordering.types.ts';

/**
 * The staff's orders board (issue 25 items 4 and 8, decision 0032): today's orders and the moves a
 * kitchen makes (accept with minutes, decline with a reason, ready, served). Each move is one
 * conditional update in a transaction with its audit row and, last, its live event (decision 0031);
 * the boards are woken after the commit. A move on an order a colleague moved first is a 409 that
 * changes nothing; an order of another restaurant is not found.
 */

async function restaurantOf(scope: RestaurantScope) {
  const restaurant = await findBoardRestaurant(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  return restaurant;
}

const localTime = (iso: string, timeZone: string) => {
  const { minutes } = localMoment(Date.parse(iso), timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** Some orders' lines, each with its chosen options, grouped by order. */
interface OrderLines {
  lines: Map<string, GuestOrderLine[]>;
  options: Map<string, GuestOrderLineOption[]>;
}

async function readLines(scope: RestaurantScope, orderIds: readonly string[]): Promise<OrderLines> {
  const [lines, options] = await Promise.all([listLinesOfOrders(scope.db, scope.restaurantId, orderIds), listLineOptionsOfOrders(scope.db, scope.restaurantId, orderIds)]);
  return { lines: Map.groupBy(lines, (line) => line.orderId), options: Map.groupBy(options, (option) => option.lineId) };
}

function toBoardOrder(order: GuestOrder, read: OrderLines, locationName: string, timeZone: string, locale: Locale): BoardOrder {
  const allergies = parseAllergenList(order.allergies);
  return {
    id: order.id,
    number: order.number,
    serviceDay: order.serviceDay,
    locationId: order.locationId,
    locationName,
    kind: order.kind,
    tableLabel: order.tableLabel,
    canBlockTable: order.kind === 'dineIn' && order.tableId !== null,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    pickupTime: order.pickupTime,
    status: order.status,
    etaMinutes: order.etaMinutes,
    declineReason: order.declineReason,
    totalMinor: order.totalMinor,
    currency: order.currency,
    placedAt: localTime(order.createdAt, timeZone),
    createdAt: order.createdAt,
    allergies,
    allergyNote: order.allergyNote,
    lines: (read.lines.get(order.id) ?? []).map((line) => ({
      id: line.id,
      name: localized(line.nameRo, line.nameEn, locale),
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      note: line.note,
      options: (read.options.get(line.id) ?? []).map((option) => lineOptionView(option, locale)),
      flagged: flaggedAllergens(line.allergens, allergies),
      cancelled: line.cancelledAt !== null,
    })),
  };
}

/** The day's count and sum per state, and what the day took: every order but the declined ones. */
function totalsOf(sums: readonly { status: OrderStatus; count: number; totalMinor: number }[]): BoardTotals {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, { count: 0, totalMinor: 0 }])) as BoardTotals['byStatus'];
  for (const sum of sums) byStatus[sum.status] = { count: sum.count, totalMinor: sum.totalMinor };
  const taken = sums.filter((row) => row.status !== 'declined');
  return { count: taken.reduce((sum, row) => sum + row.count, 0), totalMinor: taken.reduce((sum, row) => sum + row.totalMinor, 0), byStatus };
}

/**
 * The board: the restaurant's orders of its local day (the `serviceDay` they were placed on), open
 * ones first and each group newest first, with their lines; the day's totals per state; every
 * location with its pause switch and, when its ceiling refused a guest lately, when (issue 33). `locationId` narrows orders and totals to one location (an
 * unknown one narrows to nothing).
 */
export async function getOrderBoard(scope: RestaurantScope, options: { locale: Locale; locationId?: string | null; now?: Date }): Promise<OrderBoard> {
  authorize(scope, 'orders.board');
  const restaurant = await restaurantOf(scope);
  const now = options.now ?? new Date();
  const serviceDay = localMoment(now.getTime(), restaurant.timeZone).date;
  const locationId = options.locationId || null;
  const [locations, settings, orders, sums] = await Promise.all([
    listAllLocations(scope.db, scope.restaurantId),
    listOrderingSettings(scope.db, scope.restaurantId),
    listOrdersOfDay(scope.db, scope.restaurantId, serviceDay, locationId, MAX_BOARD_ORDERS),
    sumOrdersOfDay(scope.db, scope.restaurantId, serviceDay, locationId),
  ]);
  const lines = await readLines(
    scope,
    orders.map((order) => order.id),
  );
  const names = new Map(locations.map((location) => [location.id, localized(location.nameRo, location.nameEn, options.locale)]));
  const settingsOf = new Map(settings.map((row) => [row.locationId, row]));
  const boardLocations: BoardLocation[] = [...locations]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((location) => {
      const row = settingsOf.get(location.id);
      const ceilingHitAt = row && ceilingHitRecently(row.ordersCeilingAt, now) ? localTime(row.ordersCeilingAt!, restaurant.timeZone) : null;
      const ordering = row ? { enabled: row.ordersEnabled === 1, paused: row.paused === 1, ceiling: row.orderCeiling, ceilingHitAt } : null;
      return { id: location.id, name: names.get(location.id)!, ordering };
    });
  return {
    serviceDay,
    currency: restaurant.currency,
    locations: boardLocations,
    locationId,
    orders: openFirst(orders.map((order) => toBoardOrder(order, lines, names.get(order.locationId) ?? '', restaurant.timeZone, options.locale))),
    totals: totalsOf(sums),
  };
}

/**
 * What a board reads after live events instead of reading itself again (issue 26: only what
 * changed): the orders the events named, as the board shows them, those of today and of the
 * board's location filter (an order of another restaurant is simply not found), and the day's
 * totals in that filter. At most MAX_BOARD_ROWS_READ ids; the board reads itself whole beyond.
 */
export async function getBoardRows(scope: RestaurantScope, options: { orderIds: readonly string[]; locale: Locale; locationId?: string | null; now?: Date }): Promise<BoardRows> {
  authorize(scope, 'orders.board');
  if (options.orderIds.length > MAX_BOARD_ROWS_READ) throw new AppError('invalid-input');
  const restaurant = await restaurantOf(scope);
  const serviceDay = localMoment((options.now ?? new Date()).getTime(), restaurant.timeZone).date;
  const locationId = options.locationId || null;
  const [found, locations, sums] = await Promise.all([
    Promise.all([...new Set(options.orderIds)].map((id) => findOrder(scope.db, scope.restaurantId, id))),
    listAllLocations(scope.db, scope.restaurantId),
    sumOrdersOfDay(scope.db, scope.restaurantId, serviceDay, locationId),
  ]);
  const orders = found.filter((order): order is GuestOrder => order !== undefined && order.serviceDay === serviceDay && (!locationId || order.locationId === locationId));
  const lines = await readLines(
    scope,
    orders.map((order) => order.id),
  );
  const names = new Map(locations.map((location) => [location.id, localized(location.nameRo, location.nameEn, options.locale)]));
  return {
    serviceDay,
    orders: orders.map((order) => toBoardOrder(order, lines, names.get(order.locationId) ?? '', restaurant.timeZone, options.locale)),
    totals: totalsOf(sums),
  };
}

/** One order as the board shows it (a row refreshed after an event, the ticket); another restaurant's is not found. */
export async function getBoardOrder(scope: RestaurantScope, orderId: string, locale: Locale): Promise<BoardOrder> {
  authorize(scope, 'orders.board');
  const restaurant = await restaurantOf(scope);
  const order = await findOrder(scope.db, scope.restaurantId, orderId);
  if (!order) throw new AppError('not-found');
  const [lines, locations] = await Promise.all([readLines(scope, [order.id]), listAllLocations(scope.db, scope.restaurantId)]);
  const location = locations.find((one) => one.id === order.locationId);
  return toBoardOrder(order, lines, location ? localized(location.nameRo, location.nameEn, locale) : '', restaurant.timeZone, locale);
}

type Move = {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  values?: Partial<Pick<GuestOrder, 'etaMinutes' | 'declineReason' | 'acceptedAt' | 'readyAt' | 'closedAt'>>;
  blockTable?: boolean;
};

/**
 * One move: the order must be this restaurant's (else not found), still in the state the board
 * showed (else 'order-changed'), and the move allowed from it (else 'order-transition'). The update
 * repeats the state as its condition, so of two colleagues pressing at once one wins.
 */
async function move(scope: RestaurantScope, change: Move): Promise<{ number: number }> {
  const { restaurantId } = scope;
  const moved = await scope.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, restaurantId, change.orderId);
    if (!order) throw new AppError('not-found');
    if (order.status !== change.from) throw new AppError('order-changed', { number: order.number });
    if (!canMoveOrder(change.from, change.to)) throw new AppError('order-transition', { number: order.number });
    const now = new Date().toISOString();
    if (!(await moveOrder(trx, restaurantId, order.id, change.from, { ...change.values, status: change.to, updatedAt: now }))) {
      throw new AppError('order-changed', { number: order.number });
    }
    let blockedTable: string | null = null;
    if (change.blockTable && order.kind === 'dineIn' && order.tableId) {
      const restaurant = await restaurantOf(withDb(scope, trx));
      const today = localMoment(Date.now(), restaurant.timeZone).date;
      await insertTableBlock(trx, restaurantId, order.tableId, today, now);
      blockedTable = order.tableId;
    }
    await recordAudit(withDb(scope, trx), {
      action: `order.${change.to}`,
      target: { type: 'order', id: order.id },
      before: { status: order.status },
      after: { status: change.to, ...change.values, ...(blockedTable ? { blockedTable, tableLabel: order.tableLabel } : {}) },
    });
    const event: OrderLiveEvent = { type: 'order.updated', payload: { orderId: order.id, status: change.to, locationId: order.locationId } };
    // last: on PostgreSQL it holds the channel's lock until the commit (decision 0031)
    await appendLiveEvent(trx, { restaurantId, channel: 'orders', ...event });
    return { number: order.number };
  });
  publishLive(restaurantId, 'orders');
  return moved;
}

/** Accepts a received order with the kitchen's estimate (1–240 minutes), which the guest sees. */
export async function acceptOrder(scope: RestaurantScope, input: AcceptOrderInput): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  return move(scope, { orderId: input.orderId, from: input.status, to: 'accepted', values: { etaMinutes: input.minutes, acceptedAt: new Date().toISOString() } });
}

/**
 * Declines a received or accepted order with the reason the guest reads (at most 200 characters);
 * optionally blocks the order's table code for the rest of the restaurant's local day (a prank from
 * a table stops there; decision 0032). A pickup order has no table to block.
 */
export async function declineOrder(scope: RestaurantScope, input: DeclineOrderInput): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  return move(scope, {
    orderId: input.orderId,
    from: input.status,
    to: 'declined',
    values: { declineReason: input.reason, closedAt: new Date().toISOString() },
    blockTable: input.blockTable,
  });
}

/** The kitchen is done: the order waits to be served or picked up. */
export async function markOrderReady(scope: RestaurantScope, input: MoveOrderInput): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  return move(scope, { orderId: input.orderId, from: input.status, to: 'ready', values: { readyAt: new Date().toISOString() } });
}

/** Served at the table or handed over: the order is closed. */
export async function markOrderServed(scope: RestaurantScope, input: MoveOrderInput): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  return move(scope, { orderId: input.orderId, from: input.status, to: 'served', values: { closedAt: new Date().toISOString() } });
}

/** The kitchen ticket of one order: an 80 mm receipt PDF in the member's language. */
export async function renderOrderTicket(scope: RestaurantScope, orderId: string, locale: Locale): Promise<{ body: Buffer; filename: string }> {
  authorize(scope, 'orders.board');
  const restaurant = await restaurantOf(scope);
  const order = await getBoardOrder(scope, orderId, locale);
  const body = await renderOrderTicketPdf({ restaurantName: restaurant.name, order, locale, printedAt: localTime(new Date().toISOString(), restaurant.timeZone) });
  return { body, filename: `comanda-${order.serviceDay}-${order.number}.pdf` };
}
