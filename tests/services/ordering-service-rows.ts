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
import { clearTableCall, getOpenTableCalls } from '#app/modules/ordering/table-calls.service.server.ts';
import { addStation, deleteStation, getStationsPage, moveStation, setCategoryStation, updateStation } from '#app/modules/kitchen/stations.service.server.ts';
import { bumpKitchenLine, bumpKitchenTicket, getKitchenDisplay, recallKitchenTicket } from '#app/modules/ordering/kitchen-display.service.server.ts';
import { takeBackOrderLine } from '#app/modules/ordering/order-line-take-back.service.server.ts';
import type { ServiceRow } from './service-matrix.ts';

/**
 * The rows of the ordering and reservation services (issue 25, decision 0032), with restaurant A's
 * location and today's order: B's owner naming them is refused or shown nothing of A's, and A's rows
 * stay as they were (issue 34 item 4: before, they named no row and skipped that case).
 */
const O = 'ordering/';
const K = 'kitchen/';
const station = { nameRo: 'Bar', nameEn: null, warnMinutes: 5, lateMinutes: 15 };
const settingsInput = (locationId: string) => ({
  locationId,
  version: 1,
  ordersEnabled: true,
  dineIn: true,
  pickup: false,
  reservationsEnabled: false,
  slotMinutes: 30,
  maxPartySize: 8,
  leadMinutes: 60,
  daysAhead: 30,
  capacityPerSlot: 4,
  autoAccept: false,
  guestNoteRo: 'schimbată',
  guestNoteEn: null,
  orderCeiling: 60,
  reservationHourCeiling: 20,
  reservationDayCeiling: 100,
  reservationContactCeiling: 3,
});

export const ORDERING_SERVICE_ROWS: ServiceRow[] = [
  {
    service: `${O}ordering-page.service.server.ts#getOrderingSettingsPage`,
    permission: 'orders.settings',
    namesRows: false,
    call: (s) => getOrderingSettingsPage(s, { locale: 'ro' }),
  },
  { service: `${O}ordering-settings.service.server.ts#getOrderingSettings`, permission: 'orders.settings', namesRows: false, call: (s) => getOrderingSettings(s) },
  {
    service: `${O}ordering-settings.service.server.ts#updateOrderingSettings`,
    permission: 'orders.settings',
    call: (s, w) => updateOrderingSettings(s, w.storage, settingsInput(w.a.locationId)),
  },
  // the staff's board
  { service: `${O}order-board.service.server.ts#getOrderBoard`, permission: 'orders.board', namesRows: false, call: (s) => getOrderBoard(s, { locale: 'ro' }) },
  { service: `${O}order-board.service.server.ts#getBoardOrder`, permission: 'orders.board', call: (s, w) => getBoardOrder(s, w.a.orderId, 'ro') },
  { service: `${O}order-board.service.server.ts#getBoardRows`, permission: 'orders.board', call: (s, w) => getBoardRows(s, { orderIds: [w.a.orderId], locale: 'ro' }) },
  {
    service: `${O}order-board.service.server.ts#acceptOrder`,
    permission: 'orders.board',
    call: (s, w) => acceptOrder(s, { orderId: w.a.orderId, status: 'received', minutes: 10 }),
  },
  {
    service: `${O}order-board.service.server.ts#declineOrder`,
    permission: 'orders.board',
    call: (s, w) => declineOrder(s, { orderId: w.a.orderId, status: 'received', reason: 'x', blockTable: true }),
  },
  { service: `${O}order-board.service.server.ts#markOrderReady`, permission: 'orders.board', call: (s, w) => markOrderReady(s, { orderId: w.a.orderId, status: 'accepted' }) },
  { service: `${O}order-board.service.server.ts#markOrderServed`, permission: 'orders.board', call: (s, w) => markOrderServed(s, { orderId: w.a.orderId, status: 'ready' }) },
  { service: `${O}order-board.service.server.ts#renderOrderTicket`, permission: 'orders.board', call: (s, w) => renderOrderTicket(s, w.a.orderId, 'ro') },
  // the calls from the tables (issue 36)
  { service: `${O}table-calls.service.server.ts#getOpenTableCalls`, permission: 'orders.board', call: (s, w) => getOpenTableCalls(s, w.a.locationId) },
  { service: `${O}table-calls.service.server.ts#clearTableCall`, permission: 'orders.board', call: (s, w) => clearTableCall(s, w.a.tableCallId) },
  { service: `${O}ordering-settings.service.server.ts#setOrdersPaused`, permission: 'orders.board', call: (s, w) => setOrdersPaused(s, w.storage, w.a.locationId, true) },
  // the kitchen (issue 36): stations set up by owners and managers; the display and take-backs run by the staff
  { service: `${K}stations.service.server.ts#getStationsPage`, permission: 'orders.settings', namesRows: false, call: (s) => getStationsPage(s, { locale: 'ro' }) },
  { service: `${K}stations.service.server.ts#addStation`, permission: 'orders.settings', call: (s, w) => addStation(s, { locationId: w.a.locationId, ...station }) },
  { service: `${K}stations.service.server.ts#updateStation`, permission: 'orders.settings', call: (s, w) => updateStation(s, { stationId: w.a.stationId, ...station }) },
  { service: `${K}stations.service.server.ts#moveStation`, permission: 'orders.settings', call: (s, w) => moveStation(s, { stationId: w.a.stationId, direction: 'down' }) },
  { service: `${K}stations.service.server.ts#deleteStation`, permission: 'orders.settings', call: (s, w) => deleteStation(s, { stationId: w.a.stationId }) },
  {
    service: `${K}stations.service.server.ts#setCategoryStation`,
    permission: 'orders.settings',
    call: (s, w) => setCategoryStation(s, { categoryId: w.a.categoryId, stationId: w.a.stationId }),
  },
  {
    service: `${O}kitchen-display.service.server.ts#getKitchenDisplay`,
    permission: 'orders.board',
    call: (s, w) => getKitchenDisplay(s, { stationId: w.a.stationId }, { locale: 'ro' }),
  },
  { service: `${O}kitchen-display.service.server.ts#bumpKitchenLine`, permission: 'orders.board', call: (s, w) => bumpKitchenLine(s, w.a.orderLineId) },
  {
    service: `${O}kitchen-display.service.server.ts#bumpKitchenTicket`,
    permission: 'orders.board',
    call: (s, w) => bumpKitchenTicket(s, w.a.orderId, { stationId: w.a.stationId }),
  },
  { service: `${O}kitchen-display.service.server.ts#recallKitchenTicket`, permission: 'orders.board', call: (s, w) => recallKitchenTicket(s, { stationId: w.a.stationId }) },
  { service: `${O}order-line-take-back.service.server.ts#takeBackOrderLine`, permission: 'orders.board', call: (s, w) => takeBackOrderLine(s, w.a.orderLineId) },
];
