import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { PrintJob } from '#app/db/schema-kitchen.ts';
import type { Database, GuestOrder, GuestOrderLine, GuestOrderLineOption } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/**
 * A printer's queue (issue 36, decision 0036): the orders and lines it has no ticket for yet, the
 * jobs it holds, and their moves 'queued' → 'sent' → 'printed'. Each held to one restaurant.
 */

/** Which lines a printer prints: its station's (and, for the location's first station, lines routed to none); the bill printer all. */
export interface LineFilter {
  printerId: string;
  locationId: string;
  /** null: the bill printer */
  stationId: string | null;
  takesUnrouted: boolean;
  /** orders placed at or after this instant (ISO) */
  since: string;
}

type OrderEb = ExpressionBuilder<Database, 'guestOrder'>;

/** Lines of the outer order this printer prints and nobody took back. */
function linesAtStation(db: Kysely<Database>, restaurantId: string, filter: LineFilter) {
  let lines = tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .select('guestOrderLine.id')
    .where('guestOrderLine.orderId', '=', sql.ref<string>('guestOrder.id'))
    .where('guestOrderLine.cancelledAt', 'is', null);
  if (filter.stationId !== null) {
    const stationId = filter.stationId;
    lines = lines.where((eb) =>
      filter.takesUnrouted ? eb.or([eb('guestOrderLine.stationId', '=', stationId), eb('guestOrderLine.stationId', 'is', null)]) : eb('guestOrderLine.stationId', '=', stationId),
    );
  }
  return lines;
}

function jobsOfOrder(db: Kysely<Database>, restaurantId: string, printerId: string, kinds: readonly PrintJob['kind'][]) {
  return tenant(db, restaurantId)
    .selectFrom('printJob')
    .select('printJob.id')
    .where('printJob.printerId', '=', printerId)
    .where('printJob.orderId', '=', sql.ref<string>('guestOrder.id'))
    .where('printJob.kind', 'in', kinds);
}

/** Orders with lines for this printer that it has no ticket for yet (declined ones never get one), oldest first. */
export function listOrdersWithoutTicket(db: Kysely<Database>, restaurantId: string, filter: LineFilter, limit: number): Promise<GuestOrder[]> {
  return tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .selectAll()
    .where('locationId', '=', filter.locationId)
    .where('createdAt', '>=', filter.since)
    .where('status', '!=', 'declined')
    .where((eb: OrderEb) => eb.exists(linesAtStation(db, restaurantId, filter)))
    .where((eb: OrderEb) => eb.not(eb.exists(jobsOfOrder(db, restaurantId, filter.printerId, ['ticket', 'added', 'bill']))))
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

/** Orders this printer printed a ticket (or the bill copy) for that have since been declined or had a line taken back. */
export function listOrdersTakenBack(db: Kysely<Database>, restaurantId: string, filter: LineFilter): Promise<GuestOrder[]> {
  const cancelledLines = tenant(db, restaurantId)
    .selectFrom('guestOrderLine')
    .select('guestOrderLine.id')
    .where('guestOrderLine.orderId', '=', sql.ref<string>('guestOrder.id'))
    .where('guestOrderLine.cancelledAt', 'is not', null);
  return tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .selectAll()
    .where('locationId', '=', filter.locationId)
    .where('createdAt', '>=', filter.since)
    .where((eb: OrderEb) => eb.or([eb('status', '=', 'declined'), eb.exists(cancelledLines)]))
    .where((eb: OrderEb) => eb.exists(jobsOfOrder(db, restaurantId, filter.printerId, ['ticket', 'added', 'bill'])))
    .orderBy('createdAt')
    .execute();
}

/** The jobs this printer holds for some orders (to see which lines its tickets carried). */
export function listJobsOfOrders(
  db: Kysely<Database>,
  restaurantId: string,
  printerId: string,
  orderIds: readonly string[],
): Promise<Pick<PrintJob, 'orderId' | 'kind' | 'dedupeKey' | 'payload'>[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId)
    .selectFrom('printJob')
    .select(['orderId', 'kind', 'dedupeKey', 'payload'])
    .where('printerId', '=', printerId)
    .where('orderId', 'in', orderIds)
    .execute();
}

export function listOrderLines(db: Kysely<Database>, restaurantId: string, orderIds: readonly string[]): Promise<GuestOrderLine[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('guestOrderLine').selectAll().where('orderId', 'in', orderIds).orderBy('orderId').orderBy('position').execute();
}

export function listOrderLineOptions(db: Kysely<Database>, restaurantId: string, orderIds: readonly string[]): Promise<GuestOrderLineOption[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('guestOrderLineOption').selectAll().where('orderId', 'in', orderIds).orderBy('lineId').orderBy('position').execute();
}

/** Queues jobs; one already queued under the same (printer, dedupe key), by this process or another, is left as it is. */
export async function insertJobs(
  db: Kysely<Database>,
  restaurantId: string,
  rows: readonly Omit<PrintJob, 'restaurantId' | 'status' | 'jobToken' | 'attempts' | 'sentAt' | 'printedAt'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await tenant(db, restaurantId)
    .insertInto(
      'printJob',
      rows.map((row) => ({ ...row, status: 'queued' as const, attempts: 0, jobToken: null, sentAt: null, printedAt: null })),
    )
    .onConflict((conflict) => conflict.columns(['printerId', 'dedupeKey']).doNothing())
    .execute();
}

/** The oldest ticket not confirmed: queued, or fetched and never confirmed (sent again). */
export function findNextJob(db: Kysely<Database>, restaurantId: string, printerId: string): Promise<PrintJob | undefined> {
  return tenant(db, restaurantId)
    .selectFrom('printJob')
    .selectAll()
    .where('printerId', '=', printerId)
    .where('status', '!=', 'printed')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function findJob(db: Kysely<Database>, restaurantId: string, printerId: string, jobId: string): Promise<PrintJob | undefined> {
  return tenant(db, restaurantId).selectFrom('printJob').selectAll().where('printerId', '=', printerId).where('id', '=', jobId).executeTakeFirst();
}

/** The printer fetched the job: 'sent', named by `jobToken`, one more attempt. */
export async function markJobSent(db: Kysely<Database>, restaurantId: string, printerId: string, jobId: string, now: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('printJob')
    .set((eb) => ({ status: 'sent', jobToken: jobId, sentAt: now, attempts: eb('attempts', '+', 1) }))
    .where('printerId', '=', printerId)
    .where('id', '=', jobId)
    .where('status', '!=', 'printed')
    .execute();
}

/** The job the printer fetched last and has not confirmed (a printer that confirms without naming it). */
export function findLastSentJob(db: Kysely<Database>, restaurantId: string, printerId: string): Promise<PrintJob | undefined> {
  return tenant(db, restaurantId)
    .selectFrom('printJob')
    .selectAll()
    .where('printerId', '=', printerId)
    .where('status', '=', 'sent')
    .orderBy('sentAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The printer confirmed it printed the job it fetched: true when this moved it (a second confirmation moves nothing). */
export async function markJobPrinted(db: Kysely<Database>, restaurantId: string, printerId: string, jobToken: string, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('printJob')
    .set({ status: 'printed', printedAt: now })
    .where('printerId', '=', printerId)
    .where('jobToken', '=', jobToken)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The printer reported a failure for the job: queued again, printed on a later poll. */
export async function requeueJob(db: Kysely<Database>, restaurantId: string, printerId: string, jobToken: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('printJob')
    .set({ status: 'queued' })
    .where('printerId', '=', printerId)
    .where('jobToken', '=', jobToken)
    .where('status', '=', 'sent')
    .execute();
}
