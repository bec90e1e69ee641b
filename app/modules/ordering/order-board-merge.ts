import { MAX_BOARD_ORDERS, OPEN_ORDER_STATUSES, type BoardOrder, type BoardRows, type OrderBoard } from './order-board.types.ts';

/**
 * How a board's list is arranged, on the server and in the browser alike (issue 25, issue 26's
 * "the same discipline for the staff's live orders board"): the day's newest MAX_BOARD_ORDERS
 * orders, open ones first, each group newest first. A board that merges the rows a live event
 * named (`mergeBoardRows`) arranges them as a whole read of the board would. Pure, safe for ui/.
 */

const isOpen = (order: Pick<BoardOrder, 'status'>) => (OPEN_ORDER_STATUSES as readonly string[]).includes(order.status);

/** Open orders first, then the rest, keeping each group's order. */
export function openFirst<T extends Pick<BoardOrder, 'status'>>(orders: readonly T[]): T[] {
  return [...orders.filter(isOpen), ...orders.filter((order) => !isOpen(order))];
}

/** Newest first as the board's query reads them: placed later first, then the higher number. */
function newestFirst(a: BoardOrder, b: BoardOrder): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.number - a.number;
}

/**
 * The board after reading the rows some events named: each order replaces the one of the same id
 * or joins the list, the list is arranged again, and the totals are the ones read with the rows.
 * Applying the same rows twice changes nothing (an event may arrive twice: decision 0031). Rows
 * of another day are not merged: the caller reads the whole board (a new day began).
 */
export function mergeBoardRows(board: OrderBoard, rows: BoardRows): OrderBoard {
  if (rows.serviceDay !== board.serviceDay) return board;
  const byId = new Map(board.orders.map((order) => [order.id, order]));
  for (const order of rows.orders) {
    if (order.serviceDay !== board.serviceDay) continue;
    if (board.locationId && order.locationId !== board.locationId) continue;
    byId.set(order.id, order);
  }
  const orders = openFirst([...byId.values()].sort(newestFirst).slice(0, MAX_BOARD_ORDERS));
  return { ...board, orders, totals: rows.totals };
}

/** How many orders wait to be accepted: the count in the tab's title. */
export function waitingCount(board: Pick<OrderBoard, 'orders'>): number {
  return board.orders.filter((order) => order.status === 'received').length;
}
