import * as orderBoard from '#app/modules/ordering/order-board.repo.server.ts';
import * as orderingSettings from '#app/modules/ordering/ordering-settings.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Orders and reservations (issue 25, decision 0032): each location's settings, the staff's orders board. */

const values = {
  ordersEnabled: 1, dineIn: 1, pickup: 0, reservationsEnabled: 0, slotMinutes: 30, maxPartySize: 8, leadMinutes: 60, daysAhead: 30,
  capacityPerSlot: 4, autoAccept: 0, guestNoteRo: null, guestNoteEn: null,
} as const;

export const orderingCases: Record<string, RepositoryCases> = {
  'app/modules/ordering/ordering-settings.repo.server.ts': repository(orderingSettings, {
    listOrderingSettings: (f) => [f.db, f.r],
    findOrderingSettings: (f) => [f.db, f.r, f.location],
    saveOrderingSettings: (f) => [f.db, f.r, f.location, 3, values, f.now],
    setOrderingPaused: (f) => [f.db, f.r, f.location, true, f.now],
  }),
  'app/modules/ordering/order-board.repo.server.ts': repository(orderBoard, {
    findBoardRestaurant: (f) => [f.db, f.r],
    listOrdersOfDay: (f) => [f.db, f.r, '2026-11-27', f.location, 500],
    sumOrdersOfDay: (f) => [f.db, f.r, '2026-11-27', f.location],
    listLinesOfOrders: (f) => [f.db, f.r, ['no-such-order']],
    findOrder: (f) => [f.db, f.r, 'no-such-order'],
    moveOrder: (f) => [f.db, f.r, 'no-such-order', 'received', { status: 'accepted', etaMinutes: 10, acceptedAt: f.now, updatedAt: f.now }],
    insertTableBlock: (f) => [f.db, f.r, f.table.id, '2026-11-27', f.now],
  }),
};
