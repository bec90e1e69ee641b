import { describe, expect, it } from 'vitest';
import { mergeBoardRows, openFirst, waitingCount } from './order-board-merge.ts';
import { MAX_BOARD_ORDERS, type BoardOrder, type BoardTotals, type OrderBoard } from './order-board.types.ts';

const DAY = '2026-11-27';

function order(number: number, status: BoardOrder['status'], overrides: Partial<BoardOrder> = {}): BoardOrder {
  return {
    id: `order-${number}`,
    number,
    serviceDay: DAY,
    locationId: 'salon',
    locationName: 'Salon',
    kind: 'dineIn',
    tableLabel: 'Masa 1',
    canBlockTable: true,
    customerName: null,
    customerPhone: null,
    pickupTime: null,
    status,
    etaMinutes: null,
    declineReason: null,
    totalMinor: 1000 * number,
    currency: 'RON',
    placedAt: '12:00',
    createdAt: `${DAY}T10:${String(number).padStart(2, '0')}:00.000Z`,
    allergies: [],
    allergyNote: null,
    lines: [],
    ...overrides,
  };
}

const totals = (count: number): BoardTotals => ({
  count,
  totalMinor: count * 1000,
  byStatus: {
    received: { count, totalMinor: count * 1000 },
    accepted: { count: 0, totalMinor: 0 },
    ready: { count: 0, totalMinor: 0 },
    served: { count: 0, totalMinor: 0 },
    declined: { count: 0, totalMinor: 0 },
  },
});

function board(orders: BoardOrder[], locationId: string | null = null): OrderBoard {
  return { serviceDay: DAY, currency: 'RON', locations: [], locationId, orders: openFirst(orders), totals: totals(orders.length) };
}

const numbers = (b: OrderBoard) => b.orders.map((o) => `${o.number}:${o.status}`);

describe('a board merging the rows its live events named (issue 26)', () => {
  it('puts a new order first among the open ones and takes the totals read with it', () => {
    const before = board([order(1, 'served'), order(2, 'accepted')]);
    const after = mergeBoardRows(before, { serviceDay: DAY, orders: [order(3, 'received')], totals: totals(3) });
    expect(numbers(after)).toEqual(['3:received', '2:accepted', '1:served']);
    expect(after.totals).toEqual(totals(3));
    expect(waitingCount(after)).toBe(1);
  });

  it('moves a changed order to its group, as a whole read arranges it, and applying it twice changes nothing', () => {
    const before = board([order(1, 'received'), order(2, 'received'), order(3, 'served')]);
    const rows = { serviceDay: DAY, orders: [order(2, 'served')], totals: totals(3) };
    const once = mergeBoardRows(before, rows);
    expect(numbers(once)).toEqual(['1:received', '3:served', '2:served']);
    expect(mergeBoardRows(once, rows)).toEqual(once);
  });

  it('leaves out an order of another location than the filter, and rows of another day', () => {
    const before = board([order(1, 'received')], 'salon');
    expect(numbers(mergeBoardRows(before, { serviceDay: DAY, orders: [order(2, 'received', { locationId: 'terasa' })], totals: totals(1) }))).toEqual(['1:received']);
    const nextDay = mergeBoardRows(before, { serviceDay: '2026-11-28', orders: [order(5, 'received', { serviceDay: '2026-11-28' })], totals: totals(1) });
    expect(nextDay).toBe(before);
  });

  it('keeps the newest orders of the day as the board query does', () => {
    const full = board(Array.from({ length: MAX_BOARD_ORDERS }, (_, i) => order(i + 1, 'served', { createdAt: `${DAY}T08:00:00.${String(i).padStart(3, '0')}Z` })));
    const after = mergeBoardRows(full, {
      serviceDay: DAY,
      orders: [order(MAX_BOARD_ORDERS + 1, 'received', { createdAt: `${DAY}T09:00:00.000Z` })],
      totals: totals(MAX_BOARD_ORDERS + 1),
    });
    expect(after.orders).toHaveLength(MAX_BOARD_ORDERS);
    expect(after.orders[0]!.number).toBe(MAX_BOARD_ORDERS + 1);
    // the oldest went
    expect(after.orders.some((o) => o.number === 1)).toBe(false);
  });
});
