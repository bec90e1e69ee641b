import type { Kysely } from 'kysely';
import type { Printer } from '#app/db/schema-kitchen.ts';
import type { Database, GuestOrder, GuestOrderLine, GuestOrderLineOption } from '#app/db/schema.ts';
import { localized } from '#app/i18n/localized.ts';
import { flaggedAllergens, lineOptionView } from '#app/modules/ordering/order-line-details.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import { insertJobs, listJobsOfOrders, listOrderLineOptions, listOrderLines, listOrdersTakenBack, listOrdersWithoutTicket, type LineFilter } from './print-queue.repo.server.ts';
import { readPrinterPlace } from './printer.repo.server.ts';
import type { TicketLine, TicketPayload } from './printing.types.ts';

/**
 * The queue made from the orders' state (decision 0036), on each poll: a ticket for every order with
 * lines for this printer that it has none for yet ("ADĂUGAT" when the order adds to the table's
 * earlier one; the bill copy, with prices, on a printer of no station), and an "ANULAT" slip for each
 * line taken back, or for all of a declined order's, after its ticket (on the bill printer, after its bill
 * copy, with the price taken off). Each job under a unique
 * (printer, dedupe key): two processes polling at once queue it once. Nothing in placement or on the
 * board has to remember the printers, and a printer offline gets its queue when it polls again.
 */

/** Orders older than this are not queued: a printer offline a whole day does not print yesterday's tickets. */
export const QUEUE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Tickets queued per poll at most (the rest on the next polls, oldest first). */
const NEW_TICKETS_PER_POLL = 50;

const hhmm = (iso: string, timeZone: string) => {
  const { minutes } = localMoment(Date.parse(iso), timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

export async function materialiseQueue(db: Kysely<Database>, printer: Printer, now: Date): Promise<void> {
  const r = printer.restaurantId;
  const place = await readPrinterPlace(db, r, printer.locationId);
  if (!place.restaurant || !place.location) return;
  const sinceMs = Math.max(Date.parse(printer.createdAt), now.getTime() - QUEUE_WINDOW_MS);
  const station = printer.stationId === null ? null : place.stations.find((one) => one.id === printer.stationId);
  const filter: LineFilter = {
    printerId: printer.id,
    locationId: printer.locationId,
    stationId: printer.stationId,
    takesUnrouted: printer.stationId !== null && place.stations[0]?.id === printer.stationId,
    since: new Date(sinceMs).toISOString(),
  };
  const [fresh, takenBack] = await Promise.all([listOrdersWithoutTicket(db, r, filter, NEW_TICKETS_PER_POLL), listOrdersTakenBack(db, r, filter)]);
  if (fresh.length === 0 && takenBack.length === 0) return;
  const orderIds = [...fresh, ...takenBack].map((order) => order.id);
  const [lines, options, jobs] = await Promise.all([
    listOrderLines(db, r, orderIds),
    listOrderLineOptions(db, r, orderIds),
    listJobsOfOrders(
      db,
      r,
      printer.id,
      takenBack.map((order) => order.id),
    ),
  ]);
  const linesOf = Map.groupBy(lines, (line) => line.orderId);
  const optionsOf = Map.groupBy(options, (option) => option.lineId);
  const base = (order: GuestOrder): Omit<TicketPayload, 'kind' | 'lines'> => ({
    restaurantName: place.restaurant!.name,
    locationName: place.location!.nameRo,
    stationName: station?.nameRo ?? null,
    number: order.number,
    serviceDay: order.serviceDay,
    placedAt: hhmm(order.createdAt, place.restaurant!.timeZone),
    orderKind: order.kind,
    tableLabel: order.tableLabel,
    customerName: order.customerName,
    pickupTime: order.pickupTime,
    allergies: parseAllergenList(order.allergies),
    allergyNote: order.allergyNote,
    currency: order.currency,
  });
  const forPrinter = (line: GuestOrderLine) => printer.stationId === null || line.stationId === printer.stationId || (filter.takesUnrouted && line.stationId === null);
  const toLine = (line: GuestOrderLine, order: GuestOrder, bill: boolean): TicketLine => {
    const chosen: GuestOrderLineOption[] = optionsOf.get(line.id) ?? [];
    return {
      id: line.id,
      quantity: line.quantity,
      name: localized(line.nameRo, line.nameEn, 'ro'),
      options: chosen.map((option) => lineOptionView(option, 'ro')).map(({ group, name }) => ({ group, name })),
      note: line.note,
      flagged: flaggedAllergens(line.allergens, parseAllergenList(order.allergies)),
      ...(bill ? { totalMinor: line.unitPriceMinor * line.quantity } : {}),
    };
  };
  const bill = printer.stationId === null;
  const stamp = now.toISOString();
  const rows: Parameters<typeof insertJobs>[2][number][] = [];
  const queue = (order: GuestOrder, kind: TicketPayload['kind'], dedupeKey: string, ticketLines: TicketLine[], extra: Partial<TicketPayload> = {}) =>
    rows.push({
      id: newId(),
      printerId: printer.id,
      orderId: order.id,
      kind,
      dedupeKey,
      payload: JSON.stringify({ ...base(order), ...extra, kind, lines: ticketLines }),
      createdAt: stamp,
    });

  for (const order of fresh) {
    const mine = (linesOf.get(order.id) ?? []).filter((line) => line.cancelledAt === null && forPrinter(line));
    if (mine.length === 0) continue;
    const ticketLines = mine.map((line) => toLine(line, order, bill));
    if (bill) queue(order, 'bill', `bill:${order.id}`, ticketLines, { totalMinor: ticketLines.reduce((sum, line) => sum + (line.totalMinor ?? 0), 0) });
    else queue(order, order.addsToOrderId ? 'added' : 'ticket', `ticket:${order.id}`, ticketLines);
  }

  // the bill printer's slips carry the price taken off (negative) and keys of their own: `bill-cancel:`, `bill-declined:`
  const prefix = bill ? 'bill-' : '';
  const slip = (order: GuestOrder, dedupeKey: string, taken: GuestOrderLine[]) => {
    const slipLines = taken.map((line) => toLine(line, order, bill)).map((line) => (line.totalMinor === undefined ? line : { ...line, totalMinor: -line.totalMinor }));
    queue(order, 'cancelled', dedupeKey, slipLines, bill ? { totalMinor: slipLines.reduce((sum, line) => sum + (line.totalMinor ?? 0), 0) } : {});
  };
  const jobsOf = Map.groupBy(jobs, (job) => job.orderId ?? '');
  for (const order of takenBack) {
    const held = jobsOf.get(order.id) ?? [];
    const ticket = held.find((job) => job.kind === 'ticket' || job.kind === 'added' || job.kind === 'bill');
    if (!ticket) continue;
    const keys = new Set(held.map((job) => job.dedupeKey));
    if (keys.has(`${prefix}declined:${order.id}`)) continue;
    const printed = new Set((JSON.parse(ticket.payload) as TicketPayload).lines.map((line) => line.id));
    const orderLines = (linesOf.get(order.id) ?? []).filter((line) => printed.has(line.id) && !keys.has(`${prefix}cancel:${line.id}`));
    if (order.status === 'declined') {
      if (orderLines.length > 0) slip(order, `${prefix}declined:${order.id}`, orderLines);
      continue;
    }
    for (const line of orderLines.filter((one) => one.cancelledAt !== null)) slip(order, `${prefix}cancel:${line.id}`, [line]);
  }
  await insertJobs(db, r, rows);
}
