import * as guestOrders from '#app/modules/ordering/guest-order.repo.server.ts';
import * as orderBoard from '#app/modules/ordering/order-board.repo.server.ts';
import * as orderingSettings from '#app/modules/ordering/ordering-settings.repo.server.ts';
import * as tableCalls from '#app/modules/ordering/table-calls.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Orders and reservations (issue 25, decision 0032): each location's settings, the guest's orders, the staff's orders board. */

const order = (f: { location: string; table: { id: string; label?: string }; now: string }) => ({
  id: 'order-capture', locationId: f.location, token: 'tok-capture-0123456789abcdefghijk', serviceDay: '2026-11-27', number: 1, kind: 'dineIn' as const,
  tableId: f.table.id, tableLabel: 'Masa 1', status: 'received' as const, etaMinutes: null, declineReason: null, customerName: null, customerPhone: null,
  pickupTime: null, totalMinor: 2450, currency: 'RON', locale: 'ro', idempotencyKey: 'capture-key-0123456789', createdAt: f.now, updatedAt: f.now,
  acceptedAt: null, readyAt: null, closedAt: null, contactErasedAt: null,
});

const values = {
  ordersEnabled: 1, dineIn: 1, pickup: 0, reservationsEnabled: 0, slotMinutes: 30, maxPartySize: 8, leadMinutes: 60, daysAhead: 30,
  capacityPerSlot: 4, autoAccept: 0, guestNoteRo: null, guestNoteEn: null, orderCeiling: 60, reservationHourCeiling: 20, reservationDayCeiling: 100,
  reservationContactCeiling: 3,
} as const;

export const orderingCases: Record<string, RepositoryCases> = {
  'app/modules/ordering/ordering-settings.repo.server.ts': repository(orderingSettings, {
    listOrderingSettings: (f) => [f.db, f.r],
    findOrderingSettings: (f) => [f.db, f.r, f.location],
    saveOrderingSettings: (f) => [f.db, f.r, f.location, 3, values, f.now],
    setOrderingPaused: (f) => [f.db, f.r, f.location, true, f.now],
    markCeilingHit: (f) => [f.db, f.r, f.location, 'ordersCeilingAt', f.now, f.now],
  }),
  'app/modules/ordering/guest-order.repo.server.ts': repository(guestOrders, {
    listDishesForCart: (f) => [f.db, f.r, f.location, [f.product]],
    findDishLocation: (f) => [f.db, f.r, f.product],
    findDishTranslations: (f) => [f.db, f.r, f.product],
    findTableByCode: (f) => [f.db, f.r, f.table.code],
    isTableBlocked: (f) => [f.db, f.r, f.table.id, '2026-11-27'],
    lockOrderPlacement: (f) => [f.db, f.r],
    countOpenOrdersAtTable: (f) => [f.db, f.r, f.table.id],
    findOpenOrderAtTable: (f) => [f.db, f.r, f.table.id],
    countOrdersSince: (f) => [f.db, f.r, f.location, f.now],
    findOrderByIdempotencyKey: (f) => [f.db, f.r, 'capture-key-0123456789'],
    nextOrderNumber: (f) => [f.db, f.r, '2026-11-27'],
    insertGuestOrder: (f) => [f.db, f.r, order(f), [{ id: 'line-capture', orderId: 'order-capture', productId: f.product, nameRo: 'Ciorbă', nameEn: null, unitPriceMinor: 2450, quantity: 1, note: null, position: 0 }], [
      { id: 'line-option-capture', lineId: 'line-capture', orderId: 'order-capture', optionId: f.option, groupId: f.optionGroup, groupNameRo: 'Mărime', groupNameEn: null, nameRo: 'Mare', nameEn: null, priceMinor: 4500, pricing: 'set', position: 0 },
    ]],
    findGuestOrderByToken: (f) => [f.db, f.r, 'tok-capture-0123456789abcdefghijk'],
    findGuestOrderState: (f) => [f.db, f.r, 'tok-capture-0123456789abcdefghijk'],
  }),
  'app/modules/ordering/table-calls.repo.server.ts': repository(tableCalls, {
    listOpenTableCalls: (f) => [f.db, f.r, f.location, 50],
    insertTableCall: (f) => [
      f.db,
      f.r,
      { id: 'call-capture', locationId: f.location, tableId: f.table.id, tableLabel: 'Masa 1', kind: 'waiter', locale: 'ro', createdAt: f.now, clearedAt: null, clearedBy: null },
    ],
    findTableCall: (f) => [f.db, f.r, 'call-capture'],
    clearOpenTableCall: (f) => [f.db, f.r, 'call-capture', 'user-capture', f.now],
  }),
  'app/modules/ordering/order-board.repo.server.ts': repository(orderBoard, {
    findBoardRestaurant: (f) => [f.db, f.r],
    listOrdersOfDay: (f) => [f.db, f.r, '2026-11-27', f.location, 500],
    sumOrdersOfDay: (f) => [f.db, f.r, '2026-11-27', f.location],
    listLinesOfOrders: (f) => [f.db, f.r, ['no-such-order']],
    listLineOptionsOfOrders: (f) => [f.db, f.r, ['no-such-order']],
    findOrder: (f) => [f.db, f.r, 'no-such-order'],
    moveOrder: (f) => [f.db, f.r, 'no-such-order', 'received', { status: 'accepted', etaMinutes: 10, acceptedAt: f.now, updatedAt: f.now }],
    insertTableBlock: (f) => [f.db, f.r, f.table.id, '2026-11-27', f.now],
  }),
};
