import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { hashPrinterToken } from '#app/modules/printing/printer-token.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { insertOrder } from '#tests/factories/orders.ts';
import { CloudPrntPrinter } from '#tests/support/cloudprnt-printer.ts';

/**
 * `npm run bench:orders`, step 5 (issue 36): printers that print by themselves. The location's first
 * station (made when it has none), a kitchen printer polling process 1 and a bill printer polling process 2 (emulated Star
 * CloudPRNT printers, tests/support/cloudprnt-printer.ts, every 2 s, over HTTP); 200 orders placed
 * 400 ms apart; the bill printer is offline for 30 s in the middle. Reports order → printed on the
 * kitchen printer (p50/p99, target p99 ≤ 5 s) and, on both printers, tickets lost and printed twice.
 */
const ORDERS = 200;
const SPACING_MS = 400;
const POLL_MS = 2000;
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchPrinting(
  db: Kysely<Database>,
  place: { restaurantId: string; locationId: string; tables: { id: string; label: string }[]; bases: [string, string] },
): Promise<void> {
  const { restaurantId, locationId } = place;
  const stamp = new Date().toISOString();
  // the location's first station (the demo's Bucătărie), or one made for the step
  const first = await db.selectFrom('station').select('id').where('restaurantId', '=', restaurantId).where('locationId', '=', locationId).orderBy('sortOrder').executeTakeFirst();
  const station = first?.id ?? newId();
  if (!first) {
    await db
      .insertInto('station')
      .values({ id: station, restaurantId, locationId, nameRo: 'Bucătărie', nameEn: 'Kitchen', sortOrder: 0, createdAt: stamp, updatedAt: stamp })
      .execute();
  }
  const printer = async (name: string, stationId: string | null, base: string) => {
    const token = `bench-${newId()}`;
    const id = newId();
    await db
      .insertInto('printer')
      .values({
        id,
        restaurantId,
        locationId,
        stationId,
        name,
        kind: 'star-cloudprnt',
        tokenHash: hashPrinterToken(token),
        paperWidth: 48,
        lastPollAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    return { id, device: new CloudPrntPrinter({ url: `${base}/api/print/${token}`, send: (request) => fetch(request) }) };
  };
  const kitchen = await printer('Bucătărie', station, place.bases[0]);
  const bill = await printer('Casa', null, place.bases[1]);
  kitchen.device.start(POLL_MS);
  bill.device.start(POLL_MS);
  const placedAt = new Map<string, number>();
  const outage = (async () => {
    await pause((ORDERS * SPACING_MS) / 3);
    bill.device.offline = true;
    await pause(30_000);
    bill.device.offline = false;
  })();
  for (let i = 0; i < ORDERS; i++) {
    const started = performance.now();
    const { order } = await insertOrder(db, {
      restaurantId,
      locationId,
      table: place.tables[i % place.tables.length]!,
      lines: [
        { nameRo: 'Ciorbă de burtă', unitPriceMinor: 2450, quantity: 2, note: 'fără ardei iute', stationId: station },
        { nameRo: 'Papanași', unitPriceMinor: 2800, quantity: 1, stationId: null },
      ],
    });
    placedAt.set(order.id, performance.now());
    await pause(Math.max(0, SPACING_MS - (performance.now() - started)));
  }
  await outage;
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && (kitchen.device.printed.length < ORDERS || bill.device.printed.length < ORDERS)) await pause(500);
  await Promise.all([kitchen.device.stop(), bill.device.stop()]);

  const jobs = await db.selectFrom('printJob').select(['id', 'printerId', 'orderId']).where('restaurantId', '=', restaurantId).execute();
  const orderOf = new Map(jobs.map((job) => [job.id, job.orderId]));
  for (const [name, one] of [
    ['kitchen (process 1)', kitchen],
    ['bill, offline 30 s (process 2)', bill],
  ] as const) {
    const printedOrders = one.device.printed.map((ticket) => orderOf.get(ticket.jobToken) ?? '?');
    const distinct = new Set(printedOrders);
    const lost = [...placedAt.keys()].filter((id) => !distinct.has(id)).length;
    const twice = printedOrders.length - distinct.size;
    const latencies = one.device.printed.map((ticket) => ticket.at - (placedAt.get(orderOf.get(ticket.jobToken) ?? '') ?? ticket.at)).sort((x, y) => x - y);
    console.log(
      `printer ${name}: ${distinct.size} of ${ORDERS} orders printed, ${lost} lost, ${twice} printed twice (target 0 and 0); order → printed p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms${one === kitchen ? ' (target p99 ≤ 5000 ms)' : ''}; refusals ${one.device.refusals.length}`,
    );
  }
}
