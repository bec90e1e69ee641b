/**
 * The ordering and reservations contract (issue 25, decision 0032): plain types and constants,
 * safe for ui/ and the cart script.
 */

/** What a location offers guests, as the menu and the order forms read it. */
export interface LocationOrdering {
  locationId: string;
  ordersEnabled: boolean;
  dineIn: boolean;
  pickup: boolean;
  /** "pause orders now": the location takes no orders for the moment */
  paused: boolean;
  reservationsEnabled: boolean;
  slotMinutes: number;
  maxPartySize: number;
  leadMinutes: number;
  daysAhead: number;
  capacityPerSlot: number;
  autoAccept: boolean;
  guestNoteRo: string | null;
  guestNoteEn: string | null;
  /** ceilings (issue 33, decision 0032): orders taken in 10 minutes */
  orderCeiling: number;
  /** reservation requests taken in an hour, in a day, and from one contact (phone or e-mail) in a day */
  reservationHourCeiling: number;
  reservationDayCeiling: number;
  reservationContactCeiling: number;
  /** the row's version for the settings form (0: never saved) */
  version: number;
}

/** Every location starts here: nothing on, sensible numbers ready when the owner turns something on. */
export const DEFAULT_ORDERING: Omit<LocationOrdering, 'locationId'> = {
  ordersEnabled: false,
  dineIn: true,
  pickup: false,
  paused: false,
  reservationsEnabled: false,
  slotMinutes: 30,
  maxPartySize: 8,
  leadMinutes: 60,
  daysAhead: 30,
  capacityPerSlot: 4,
  autoAccept: false,
  guestNoteRo: null,
  guestNoteEn: null,
  // 300 pickup orders in 10 s from 30 addresses, a day's 92 places in 3.4 s from 12 (issue 33): a busy
  // kitchen's pace is far below these, an owner who needs more raises them within ORDERING_LIMITS
  orderCeiling: 60,
  reservationHourCeiling: 20,
  reservationDayCeiling: 100,
  reservationContactCeiling: 3,
  version: 0,
};

/** An order's states: received → accepted → ready → served, or declined (with a reason). */
export const ORDER_STATUSES = ['received', 'accepted', 'declined', 'ready', 'served'] as const;
export const RESERVATION_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'noShow'] as const;

/**
 * The live events (app/modules/live, channel 'orders' for orders and 'reservations' for
 * reservations). A payload names the row and its new status only, never contact details: a board
 * (or the guest's page) reads the row itself after the event.
 */
export type OrderLiveEvent = { type: 'order.placed' | 'order.updated'; payload: { orderId: string; status: string; locationId: string } };
/** Lines bumped or recalled on the kitchen display (issue 36): the displays read themselves again; the board has nothing to change. */
export type KitchenLiveEvent = { type: 'order.bumped'; payload: { orderId: string; locationId: string } };
/** A ceiling refused a guest at a location (at most one event per location and channel every CEILING_NOTICE_MINUTES). */
export type CeilingLiveEvent = { type: 'orders.ceiling' | 'reservations.ceiling'; payload: { locationId: string } };
export type ReservationLiveEvent = { type: 'reservation.requested' | 'reservation.updated'; payload: { reservationId: string; status: string; locationId: string } };

/** Contact details (names, phones, e-mails, notes) are erased this many days after the order or the reservation date. */
export const CONTACT_RETENTION_DAYS = 30;
