/**
 * Calls from the table (issue 36 item 5, decision 0036): a guest at a table whose QR code opened the
 * menu calls the waiter or asks for the bill (cash or card); the staff see it live on the board and
 * the kitchen display with the table's name, and clear it with a tap. Plain types, safe for ui/.
 */

export const TABLE_CALL_KINDS = ['waiter', 'bill-cash', 'bill-card'] as const;
export type TableCallKindName = (typeof TABLE_CALL_KINDS)[number];

export function isTableCallKind(value: unknown): value is TableCallKindName {
  return typeof value === 'string' && (TABLE_CALL_KINDS as readonly string[]).includes(value);
}

/** One call per table per this many seconds, whatever its kind. */
export const TABLE_CALL_INTERVAL_SECONDS = 120;

/** A call as the staff see it: no guest's data beyond the table and the language they read. */
export interface TableCallView {
  id: string;
  locationId: string;
  tableLabel: string;
  kind: TableCallKindName;
  /** when it was made (UTC, ISO) */
  createdAt: string;
  /** local 'HH:MM' in the restaurant's time zone */
  calledAt: string;
}

/** What a calls event says: which call and where, never who. */
export type TableCallLiveEvent = { type: 'table.called' | 'table.cleared'; payload: { callId: string; locationId: string } };
