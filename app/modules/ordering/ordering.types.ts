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
export type ReservationLiveEvent = { type: 'reservation.requested' | 'reservation.updated'; payload: { reservationId: string; status: string; locationId: string } };

/** Contact details (names, phones, e-mails, notes) are erased this many days after the order or the reservation date. */
export const CONTACT_RETENTION_DAYS = 30;
