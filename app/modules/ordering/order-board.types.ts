import type { OrderKind, OrderStatus } from '#app/db/schema.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { LineOptionView } from './order-line-details.ts';

/**
 * The staff's orders board (issue 25, decision 0032): what a board shows, and the rules a transition
 * follows. Plain types and constants, safe for ui/.
 */

/** An order's states in the order a kitchen meets them. */
export const OPEN_ORDER_STATUSES = ['received', 'accepted', 'ready'] as const satisfies readonly OrderStatus[];

/**
 * Where an order may go from each state: received → accepted | declined, accepted → ready | served
 * | declined, ready → served. Served and declined are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ['accepted', 'declined'],
  accepted: ['ready', 'served', 'declined'],
  ready: ['served'],
  served: [],
  declined: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The kitchen's estimate when accepting, in minutes. */
export const ETA_MINUTES = { min: 1, max: 240 } as const;
/** What the guest reads when an order is declined. */
export const MAX_DECLINE_REASON = 200;
/** A board shows at most this many orders of the day (a busy day stays one page; totals count them all). */
export const MAX_BOARD_ORDERS = 500;

export interface BoardOrderLine {
  id: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  note: string | null;
  /** the options the guest chose, in the order of the dish's groups (issue 35) */
  options: LineOptionView[];
  /** the order's declared allergies this line contains (its dish's and options' allergens and traces): the line is flagged */
  flagged: AllergenKey[];
  /** taken back by the staff (issue 36): struck through, out of the total */
  cancelled: boolean;
}

/** One order as the staff see it: what to cook and for whom (a pickup's name and phone, nothing more). */
export interface BoardOrder {
  id: string;
  number: number;
  serviceDay: string;
  locationId: string;
  locationName: string;
  kind: OrderKind;
  /** dine-in: the table's label as it was when the guest ordered */
  tableLabel: string | null;
  /** dine-in with a table still known: the staff may block its code for the day when declining */
  canBlockTable: boolean;
  customerName: string | null;
  customerPhone: string | null;
  pickupTime: string | null;
  status: OrderStatus;
  etaMinutes: number | null;
  declineReason: string | null;
  totalMinor: number;
  currency: string;
  /** local 'HH:MM' in the restaurant's time zone */
  placedAt: string;
  /** when it was placed (UTC, ISO): the board's order, newest first */
  createdAt: string;
  /** the EU-14 allergies the guest asked the kitchen to know of (health data: empty once erased with the contact) */
  allergies: AllergenKey[];
  /** the guest's own words about them */
  allergyNote: string | null;
  lines: BoardOrderLine[];
}

/** A location on the board: its name, and its pause switch when ordering was ever set up there. */
export interface BoardLocation {
  id: string;
  name: string;
  /**
   * null: ordering never configured here (the switch has nothing to pause). `ceiling`: the orders it
   * takes in 10 minutes, and when that ceiling last refused a guest ('HH:MM' local) if recently
   */
  ordering: { enabled: boolean; paused: boolean; ceiling: number; ceilingHitAt: string | null } | null;
}

export interface BoardTotals {
  /** every order of the day but the declined ones (in the location filter) */
  count: number;
  totalMinor: number;
  byStatus: Record<OrderStatus, { count: number; totalMinor: number }>;
}

export interface OrderBoard {
  /** the restaurant's local day the board shows, 'YYYY-MM-DD' */
  serviceDay: string;
  currency: string;
  locations: BoardLocation[];
  /** the location filter, when one is chosen */
  locationId: string | null;
  /** open orders first, then the rest, each group newest first */
  orders: BoardOrder[];
  totals: BoardTotals;
}

/** A board reads at most this many orders at once after live events (more waiting: it reads the whole board). */
export const MAX_BOARD_ROWS_READ = 50;

/**
 * What a board reads after live events (decision 0031): the orders the events named, as the board
 * shows them, those of its day and location filter only (an order of another location or day is
 * left out), and the day's totals read again with them, so the totals are never older than a row.
 */
export interface BoardRows {
  serviceDay: string;
  orders: BoardOrder[];
  totals: BoardTotals;
}
