import type { OrderKind } from '#app/db/schema.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { LineOptionView } from './order-line-details.ts';

/**
 * The kitchen display (issue 36 item 2, decision 0036): one screen per station, a ticket per order's
 * lines at that station, still to make. Plain types, safe for ui/.
 */

/** The orders a kitchen still works on: neither ready, served nor declined. */
export const KITCHEN_ORDER_STATUSES = ['received', 'accepted'] as const;
/** A display shows orders placed in the last day at most, and at most this many. */
export const KITCHEN_LOOKBACK_HOURS = 24;
export const MAX_KITCHEN_ORDERS = 200;

/** A screen the display can show: a station, or a location without stations as one "Bucătărie". */
export interface KitchenScreen {
  /** the station's id; null: the location has no stations */
  stationId: string | null;
  locationId: string;
  /** null for a location without stations (the page says "Bucătărie"/"Kitchen") */
  name: string | null;
  locationName: string;
  warnMinutes: number;
  lateMinutes: number;
}

export interface KitchenLine {
  id: string;
  name: string;
  quantity: number;
  note: string | null;
  options: LineOptionView[];
  /** the order's declared allergies this line contains */
  flagged: AllergenKey[];
}

/** One order's lines at the station. */
export interface KitchenTicket {
  orderId: string;
  number: number;
  kind: OrderKind;
  tableLabel: string | null;
  customerName: string | null;
  pickupTime: string | null;
  /** the table's earlier order was still open: "ADĂUGAT" */
  added: boolean;
  /** when it was placed (UTC, ISO): the display counts the wait from it */
  placedAt: string;
  allergies: AllergenKey[];
  allergyNote: string | null;
  lines: KitchenLine[];
}

export interface KitchenDisplay {
  /** the screen shown; null: the chooser (several screens, none named) */
  screen: KitchenScreen | null;
  screens: KitchenScreen[];
  /** oldest first */
  tickets: KitchenTicket[];
  /** each dish still to make at the station, and how many, most first */
  allDay: { name: string; quantity: number }[];
  /** the ticket bumped last at this station, which "recall" brings back */
  lastBumped: { orderId: string; number: number } | null;
  /** the server's clock when read (ISO): the page's wait times start from it */
  now: string;
}
