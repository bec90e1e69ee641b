import type { PrinterKind, PrintJobKind } from '#app/db/schema-kitchen.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';

/**
 * Printers that print by themselves (issue 36 items 3 and 4, decision 0036): what the settings page
 * shows of a location's printers and what a queued ticket carries. Plain, safe for ui/.
 */

export const PRINTER_LIMITS = {
  /** printers per location */
  maxPerLocation: 8,
  maxName: 40,
  /** characters per line: 80 mm paper (48) or 58 mm (32) */
  paperWidths: [48, 32],
} as const;

/** A printer that polled within this long is shown online (three missed polls of the usual 5 s interval, and some). */
export const ONLINE_WITHIN_MS = 30_000;

/** A printer as the settings page shows it (never its token: only its hash is kept). */
export interface PrinterView {
  id: string;
  locationId: string;
  /** null: the bill printer (a copy with prices) */
  stationId: string | null;
  name: string;
  kind: PrinterKind;
  paperWidth: number;
  lastPollAt: string | null;
  /** the last poll in the restaurant's time, 'YYYY-MM-DD HH:MM' */
  lastPollLocal: string | null;
  online: boolean;
  /** tickets queued or fetched and not yet confirmed */
  waiting: number;
}

/** A station the printer form offers, in the page's language. */
export interface StationChoice {
  id: string;
  locationId: string;
  name: string;
}

/** One line of a ticket as printed. */
export interface TicketLine {
  id: string;
  quantity: number;
  name: string;
  options: { group: string; name: string }[];
  note: string | null;
  /** the guest's declared allergies this line contains */
  flagged: AllergenKey[];
  /** the bill printer's only: the line's total (negative on an "ANULAT" slip: the price taken off) */
  totalMinor?: number;
}

/** A ticket as queued (JSON in printJob.payload): fixed when queued, rendered when the printer fetches it. */
export interface TicketPayload {
  kind: PrintJobKind;
  restaurantName: string;
  locationName: string;
  stationName: string | null;
  number: number;
  serviceDay: string;
  /** local 'HH:MM' */
  placedAt: string;
  orderKind: 'dineIn' | 'pickup';
  tableLabel: string | null;
  customerName: string | null;
  pickupTime: string | null;
  allergies: AllergenKey[];
  allergyNote: string | null;
  lines: TicketLine[];
  /** the bill printer's only: the bill's total, or on an "ANULAT" slip the amount taken off (negative) */
  totalMinor?: number;
  currency: string;
}

/** The address a printer is told to poll, with its token (shown once). */
export function printerPollPath(token: string): string {
  return `/api/print/${token}`;
}
