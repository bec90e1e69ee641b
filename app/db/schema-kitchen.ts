import type { ColumnType, Selectable } from 'kysely';

/**
 * The kitchen's tables (issue 36, migration 0028, decision 0036): stations, printers and their
 * queue, calls from the table. Instants are ISO-8601 UTC text, as everywhere (decision 0002).
 */

/** A location's station ("Bucătărie", "Bar"), in order: the first takes categories without one. */
export interface StationTable {
  id: string;
  restaurantId: string;
  locationId: string;
  nameRo: string;
  nameEn: string | null;
  sortOrder: ColumnType<number, number | undefined, number>;
  /** a ticket waiting this long turns amber on the kitchen display, then red at `lateMinutes` */
  warnMinutes: ColumnType<number, number | undefined, number>;
  lateMinutes: ColumnType<number, number | undefined, number>;
  createdAt: string;
  updatedAt: string;
}
export type Station = Selectable<StationTable>;

export type PrinterKind = 'star-cloudprnt' | 'epson-sdp';

/** A printer that polls for its tickets; its token is kept as a SHA-256 hash only. */
export interface PrinterTable {
  id: string;
  restaurantId: string;
  locationId: string;
  /** null: the bill printer (a copy with prices), else the station whose tickets it prints */
  stationId: string | null;
  name: string;
  kind: ColumnType<PrinterKind, PrinterKind | undefined, PrinterKind>;
  tokenHash: string;
  /** characters per line: 48 on 80 mm paper, 32 on 58 mm */
  paperWidth: ColumnType<number, number | undefined, number>;
  lastPollAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export type Printer = Selectable<PrinterTable>;

export type PrintJobKind = 'ticket' | 'added' | 'cancelled' | 'bill';
export type PrintJobStatus = 'queued' | 'sent' | 'printed';

/** A ticket queued for one printer, at most once per `dedupeKey`. */
export interface PrintJobTable {
  id: string;
  restaurantId: string;
  printerId: string;
  orderId: string | null;
  kind: PrintJobKind;
  dedupeKey: string;
  /** the ticket as the renderer takes it (JSON), fixed when queued */
  payload: string;
  status: ColumnType<PrintJobStatus, PrintJobStatus | undefined, PrintJobStatus>;
  /** the name the printer was given for the job when it fetched it; it confirms with it */
  jobToken: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: string;
  sentAt: string | null;
  printedAt: string | null;
}
export type PrintJob = Selectable<PrintJobTable>;

export type TableCallKind = 'waiter' | 'bill-cash' | 'bill-card';

/** "Cheamă ospătarul" / "Cere nota" from a table's menu, open until the staff clear it. */
export interface TableCallTable {
  id: string;
  restaurantId: string;
  locationId: string;
  tableId: string;
  /** the table's label when the guest called */
  tableLabel: string;
  kind: TableCallKind;
  /** the guest's language */
  locale: string;
  createdAt: string;
  clearedAt: string | null;
  /** the user who cleared it */
  clearedBy: string | null;
}
export type TableCall = Selectable<TableCallTable>;
