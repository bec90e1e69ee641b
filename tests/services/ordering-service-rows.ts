import { getOrderingSettings, setOrdersPaused, updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import {
  acceptOrder,
  declineOrder,
  getBoardOrder,
  getBoardRows,
  getOrderBoard,
  markOrderReady,
  markOrderServed,
  renderOrderTicket,
} from '#app/modules/ordering/order-board.service.server.ts';
import { getOrderingSettingsPage } from '#app/modules/ordering/ordering-page.service.server.ts';
import type { ServiceRow } from './service-matrix.ts';

/**
 * The rows of the ordering and reservation services (issue 25, decision 0032). Their ids name no row
 * of restaurant A: another restaurant's location is refused by the module's own tests
 * (app/modules/ordering/*.int.test.ts).
 */
const O = 'ordering/';
const settingsInput = {
  locationId: 'no-such-location', version: 0, ordersEnabled: true, dineIn: true, pickup: false, reservationsEnabled: false, slotMinutes: 30,
  maxPartySize: 8, leadMinutes: 60, daysAhead: 30, capacityPerSlot: 4, autoAccept: false, guestNoteRo: null, guestNoteEn: null,
  orderCeiling: 60, reservationHourCeiling: 20, reservationDayCeiling: 100, reservationContactCeiling: 3,
};

export const ORDERING_SERVICE_ROWS: ServiceRow[] = [
  { service: `${O}ordering-page.service.server.ts#getOrderingSettingsPage`, permission: 'orders.settings', namesRows: false, call: (s) => getOrderingSettingsPage(s, { locale: 'ro' }) },
  { service: `${O}ordering-settings.service.server.ts#getOrderingSettings`, permission: 'orders.settings', namesRows: false, call: (s) => getOrderingSettings(s) },
  { service: `${O}ordering-settings.service.server.ts#updateOrderingSettings`, permission: 'orders.settings', namesRows: false, call: (s, w) => updateOrderingSettings(s, w.storage, settingsInput) },
  // the staff's board: its ids name no order of A (A's orders are refused to B by order-board.int.test.ts)
  { service: `${O}order-board.service.server.ts#getOrderBoard`, permission: 'orders.board', namesRows: false, call: (s) => getOrderBoard(s, { locale: 'ro' }) },
  { service: `${O}order-board.service.server.ts#getBoardOrder`, permission: 'orders.board', namesRows: false, call: (s) => getBoardOrder(s, 'no-such-order', 'ro') },
  { service: `${O}order-board.service.server.ts#getBoardRows`, permission: 'orders.board', namesRows: false, call: (s) => getBoardRows(s, { orderIds: ['no-such-order'], locale: 'ro' }) },
  { service: `${O}order-board.service.server.ts#acceptOrder`, permission: 'orders.board', namesRows: false, call: (s) => acceptOrder(s, { orderId: 'no-such-order', status: 'received', minutes: 10 }) },
  { service: `${O}order-board.service.server.ts#declineOrder`, permission: 'orders.board', namesRows: false, call: (s) => declineOrder(s, { orderId: 'no-such-order', status: 'received', reason: 'x', blockTable: true }) },
  { service: `${O}order-board.service.server.ts#markOrderReady`, permission: 'orders.board', namesRows: false, call: (s) => markOrderReady(s, { orderId: 'no-such-order', status: 'accepted' }) },
  { service: `${O}order-board.service.server.ts#markOrderServed`, permission: 'orders.board', namesRows: false, call: (s) => markOrderServed(s, { orderId: 'no-such-order', status: 'ready' }) },
  { service: `${O}order-board.service.server.ts#renderOrderTicket`, permission: 'orders.board', namesRows: false, call: (s) => renderOrderTicket(s, 'no-such-order', 'ro') },
  { service: `${O}ordering-settings.service.server.ts#setOrdersPaused`, permission: 'orders.board', namesRows: false, call: (s, w) => setOrdersPaused(s, w.storage, 'no-such-location', true) },
];
