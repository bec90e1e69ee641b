import { describe, expect, it } from 'vitest';
import { answerCloudPrnt } from '#app/modules/printing/cloudprnt-http.server.ts';
import { pollCloudPrnt, PRINTER_RATE_RULE } from '#app/modules/printing/cloudprnt.service.server.ts';
import { materialiseQueue } from '#app/modules/printing/print-queue.server.ts';
import { renewPrinterToken } from '#app/modules/printing/printer.service.server.ts';
import { hashPrinterToken } from '#app/modules/printing/printer-token.server.ts';
import { insertOrder } from '#tests/factories/orders.ts';
import { CloudPrntPrinter } from '#tests/support/cloudprnt-printer.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';
import { printingWorld } from '#tests/support/printing-world.ts';
import { testDialect } from '#tests/support/test-database.ts';
import type { TicketPayload } from './printing.types.ts';

/**
 * Printers that print by themselves (issue 36 items 3 and 4): an emulated Star CloudPRNT printer
 * polls the route's handler; a ticket is 'printed' only once the printer confirms it, an offline
 * printer gets its queue once when it comes back, and a wrong or revoked token learns nothing.
 */
useFileWorld();

const world = (label: string) => printingWorld(db, (restaurantId) => scopes.owner(restaurantId), `${testDialect}-${label}`);
const jobsOf = (printerId: string) =>
  db.selectFrom('printJob').select(['id', 'orderId', 'kind', 'dedupeKey', 'status', 'payload', 'attempts']).where('printerId', '=', printerId).orderBy('createdAt').execute();
const payloadOf = (job: { payload: string }) => JSON.parse(job.payload) as TicketPayload;

describe(`CloudPRNT printers on ${testDialect}`, () => {
  it("prints each station's lines on its own printer, unrouted lines on the first station's, prices only on the bill copy", async () => {
    const w = await world('routes');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    const bar = await w.printerFor(w.bar, 'Bar');
    const bill = await w.printerFor(null, 'Casa');
    const { order } = await insertOrder(db, {
      restaurantId: w.restaurantId,
      locationId: w.locationId,
      table: w.table,
      allergies: ['milk'],
      lines: [
        { nameRo: 'Ciorbă de burtă', unitPriceMinor: 2450, quantity: 2, stationId: w.kitchen, note: 'fără ardei', allergens: ['milk'] },
        { nameRo: 'Limonadă', unitPriceMinor: 1500, quantity: 1, stationId: w.bar },
        { nameRo: 'Papanași', unitPriceMinor: 2800, quantity: 1, stationId: null },
      ],
    });
    expect(await kitchen.device.drain()).toBe(1);
    expect(await bar.device.drain()).toBe(1);
    expect(await bill.device.drain()).toBe(1);
    const [kitchenJob] = await jobsOf(kitchen.printerId);
    expect(kitchenJob).toMatchObject({ orderId: order.id, kind: 'ticket', status: 'printed' });
    const kitchenTicket = payloadOf(kitchenJob!);
    expect(kitchenTicket.lines.map((line) => [line.quantity, line.name, line.totalMinor])).toEqual([
      [2, 'Ciorbă de burtă', undefined],
      [1, 'Papanași', undefined],
    ]);
    expect(kitchenTicket.lines[0]).toMatchObject({ note: 'fără ardei', flagged: ['milk'] });
    expect(payloadOf((await jobsOf(bar.printerId))[0]!).lines.map((line) => line.name)).toEqual(['Limonadă']);
    const billTicket = payloadOf((await jobsOf(bill.printerId))[0]!);
    expect(billTicket).toMatchObject({ kind: 'bill', totalMinor: 2 * 2450 + 1500 + 2800 });
    expect(billTicket.lines.map((line) => line.totalMinor)).toEqual([4900, 1500, 2800]);
    // the printed bytes are StarPRNT in code page 852: "Ciorbă" with ă as 0xC7
    expect(kitchen.device.printed[0]!.bytes.includes(Buffer.from([0x43, 0x69, 0x6f, 0x72, 0x62, 0xc7]))).toBe(true);
    // nothing more: each ticket once
    expect(await kitchen.device.drain()).toBe(0);
  });

  it('marks a ticket printed only when the printer confirms, and sends a fetched but unconfirmed one again', async () => {
    const w = await world('confirm');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    await insertOrder(db, { restaurantId: w.restaurantId, locationId: w.locationId, table: w.table, lines: [{ nameRo: 'Sarmale', unitPriceMinor: 3200, stationId: w.kitchen }] });
    kitchen.device.dropNextConfirmation = true;
    expect(await kitchen.device.pollOnce()).toBe(false);
    expect((await jobsOf(kitchen.printerId)).map((job) => job.status)).toEqual(['sent']);
    // a failure code puts it back in the queue
    kitchen.device.nextCode = '520 Print failed';
    expect(await kitchen.device.pollOnce()).toBe(false);
    expect((await jobsOf(kitchen.printerId)).map((job) => job.status)).toEqual(['queued']);
    expect(await kitchen.device.drain()).toBe(1);
    expect((await jobsOf(kitchen.printerId)).map((job) => [job.status, job.attempts])).toEqual([['printed', 3]]);
    expect(kitchen.device.printed).toHaveLength(1);
  });

  it('gives a printer that was offline its queue once when it comes back', async () => {
    const w = await world('offline');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    kitchen.device.offline = true;
    for (let i = 0; i < 5; i++)
      await insertOrder(db, {
        restaurantId: w.restaurantId,
        locationId: w.locationId,
        table: w.table,
        lines: [{ nameRo: `Fel ${i}`, unitPriceMinor: 1000, stationId: w.kitchen }],
      });
    expect(await kitchen.device.drain()).toBe(0);
    expect(await jobsOf(kitchen.printerId)).toEqual([]);
    kitchen.device.offline = false;
    expect(await kitchen.device.drain()).toBe(5);
    expect(await kitchen.device.drain()).toBe(0);
    const jobs = await jobsOf(kitchen.printerId);
    expect(new Set(jobs.map((job) => job.orderId)).size).toBe(5);
    expect(jobs.every((job) => job.status === 'printed')).toBe(true);
  });

  it('prints ADĂUGAT with only the new lines, ANULAT for a line taken back and for a declined order it had printed', async () => {
    const w = await world('running');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    const first = await insertOrder(db, {
      restaurantId: w.restaurantId,
      locationId: w.locationId,
      table: w.table,
      lines: [
        { nameRo: 'Ciorbă', unitPriceMinor: 2000, stationId: w.kitchen },
        { nameRo: 'Mici', unitPriceMinor: 3000, quantity: 4, stationId: w.kitchen },
      ],
    });
    expect(await kitchen.device.drain()).toBe(1);
    const second = await insertOrder(db, {
      restaurantId: w.restaurantId,
      locationId: w.locationId,
      table: w.table,
      addsToOrderId: first.order.id,
      lines: [{ nameRo: 'Cartofi prăjiți', unitPriceMinor: 1200, stationId: w.kitchen }],
    });
    await db.updateTable('guestOrderLine').set({ cancelledAt: new Date().toISOString() }).where('id', '=', first.lines[1]!.id).execute();
    expect(await kitchen.device.drain()).toBe(2);
    // declined before the printer saw it: no ticket at all
    const unseen = await insertOrder(db, {
      restaurantId: w.restaurantId,
      locationId: w.locationId,
      table: w.table,
      status: 'declined',
      lines: [{ nameRo: 'Supă', unitPriceMinor: 1000, stationId: w.kitchen }],
    });
    await db.updateTable('guestOrder').set({ status: 'declined' }).where('id', '=', second.order.id).execute();
    expect(await kitchen.device.drain()).toBe(1);
    expect(await kitchen.device.drain()).toBe(0);
    const jobs = (await jobsOf(kitchen.printerId)).map((job) => ({ kind: job.kind, orderId: job.orderId, lines: payloadOf(job).lines.map((line) => line.name) }));
    expect(jobs).toEqual([
      { kind: 'ticket', orderId: first.order.id, lines: ['Ciorbă', 'Mici'] },
      expect.objectContaining({ orderId: expect.any(String) }),
      expect.objectContaining({ orderId: expect.any(String) }),
      { kind: 'cancelled', orderId: second.order.id, lines: ['Cartofi prăjiți'] },
    ]);
    expect(jobs.slice(1, 3)).toEqual(
      expect.arrayContaining([
        { kind: 'added', orderId: second.order.id, lines: ['Cartofi prăjiți'] },
        { kind: 'cancelled', orderId: first.order.id, lines: ['Mici'] },
      ]),
    );
    expect(jobs.some((job) => job.orderId === unseen.order.id)).toBe(false);
  });

  it('prints ANULAT on the bill printer too, with the price taken off, once, after its bill copy, under keys of its own', async () => {
    const w = await world('bill-cancel');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    const bill = await w.printerFor(null, 'Casa');
    const lines = [
      { nameRo: 'Ciorbă', unitPriceMinor: 2000, stationId: w.kitchen },
      { nameRo: 'Mici', unitPriceMinor: 1500, quantity: 2, stationId: w.kitchen },
    ];
    const first = await insertOrder(db, { restaurantId: w.restaurantId, locationId: w.locationId, table: w.table, lines });
    // taken back before the bill printer saw the order: its bill copy leaves the line out, and no slip follows
    const early = await insertOrder(db, { restaurantId: w.restaurantId, locationId: w.locationId, table: w.table, lines });
    await db.updateTable('guestOrderLine').set({ cancelledAt: new Date().toISOString() }).where('id', '=', early.lines[1]!.id).execute();
    expect(await bill.device.drain()).toBe(2);
    expect(await kitchen.device.drain()).toBe(2);
    await db.updateTable('guestOrderLine').set({ cancelledAt: new Date().toISOString() }).where('id', '=', first.lines[1]!.id).execute();
    // a declined order whose bill copy printed: every line it carried, taken off
    await db.updateTable('guestOrder').set({ status: 'declined' }).where('id', '=', early.order.id).execute();
    expect(await bill.device.drain()).toBe(2);
    expect(await bill.device.drain()).toBe(0);
    const slips = (await jobsOf(bill.printerId)).filter((job) => job.kind === 'cancelled');
    expect(slips.map((job) => job.dedupeKey).sort()).toEqual([`bill-cancel:${first.lines[1]!.id}`, `bill-declined:${early.order.id}`].sort());
    const slip = payloadOf(slips.find((job) => job.orderId === first.order.id)!);
    expect(slip.lines.map((line) => [line.quantity, line.name, line.totalMinor])).toEqual([[2, 'Mici', -3000]]);
    expect(slip.totalMinor).toBe(-3000);
    expect(payloadOf(slips.find((job) => job.orderId === early.order.id)!)).toMatchObject({ totalMinor: -2000, lines: [{ name: 'Ciorbă', totalMinor: -2000 }] });
    // as printed (StarPRNT, code page 852: the space in a price is 0xFF): the header, the amount taken off on the
    // line and as the total, each whole on one line
    const printed = Buffer.concat(bill.device.printed.slice(-2).map((ticket) => ticket.bytes)).toString('latin1');
    expect(printed.split('ANULAT')).toHaveLength(3);
    expect(printed.split('-30,00\u00ffRON')).toHaveLength(3);
    expect(printed.split('-20,00\u00ffRON')).toHaveLength(3);
    // the kitchen's own slips are unchanged: keys of its own, no prices
    expect(await kitchen.device.drain()).toBe(2);
    expect((await jobsOf(kitchen.printerId)).filter((job) => job.kind === 'cancelled').map((job) => [job.dedupeKey.split(':')[0], payloadOf(job).totalMinor])).toEqual(
      expect.arrayContaining([
        ['cancel', undefined],
        ['declined', undefined],
      ]),
    );
  });

  it('answers 401 to a wrong token and to a revoked one, and the new token works', async () => {
    const w = await world('tokens');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    await insertOrder(db, { restaurantId: w.restaurantId, locationId: w.locationId, table: w.table, lines: [{ nameRo: 'Ciorbă', unitPriceMinor: 2000, stationId: w.kitchen }] });
    const stranger = new CloudPrntPrinter({ url: 'http://bucate.test/api/print/not-a-token', send: (request) => answerCloudPrnt(db, request, 'not-a-token') });
    expect(await stranger.pollOnce()).toBe(false);
    expect(stranger.refusals).toEqual([401]);
    const renewed = await renewPrinterToken(w.scope, kitchen.printerId);
    expect(await kitchen.device.pollOnce()).toBe(false);
    expect(kitchen.device.refusals).toEqual([401]);
    const again = new CloudPrntPrinter({ url: renewed.address, send: (request) => answerCloudPrnt(db, request, renewed.token) });
    expect(await again.drain()).toBe(1);
    expect(renewed.address.endsWith(`/api/print/${renewed.token}`)).toBe(true);
  });

  it("limits a flood of polls: over the limit a token's polls get 429 until the window ends", async () => {
    const w = await world('flood');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    const now = new Date();
    expect((await pollCloudPrnt(db, kitchen.token, {}, now)).ok).toBe(true);
    // the window's count as a flood leaves it (the counter itself is the rate-limit module's, tested there)
    await db
      .updateTable('rateCounter')
      .set({ count: PRINTER_RATE_RULE.max })
      .where('key', '=', `printer:${hashPrinterToken(kitchen.token)}`)
      .execute();
    expect(await pollCloudPrnt(db, kitchen.token, {}, now)).toEqual({ ok: false, status: 429, retryAfterSeconds: PRINTER_RATE_RULE.windowSeconds });
    // an unknown token is counted the same way, then refused as unknown
    expect(await pollCloudPrnt(db, 'unknown', {}, now)).toEqual({ ok: false, status: 401 });
    const later = await pollCloudPrnt(db, kitchen.token, {}, new Date(now.getTime() + PRINTER_RATE_RULE.windowSeconds * 1000 + 1000));
    expect(later.ok).toBe(true);
  });

  it('queues a ticket once when two processes poll for the same printer at the same moment', async () => {
    const w = await world('race');
    const kitchen = await w.printerFor(w.kitchen, 'Bucătărie');
    for (let i = 0; i < 10; i++)
      await insertOrder(db, {
        restaurantId: w.restaurantId,
        locationId: w.locationId,
        table: w.table,
        lines: [{ nameRo: `Fel ${i}`, unitPriceMinor: 1000, stationId: w.kitchen }],
      });
    const printer = await db.selectFrom('printer').selectAll().where('id', '=', kitchen.printerId).executeTakeFirstOrThrow();
    await Promise.all(Array.from({ length: 6 }, () => materialiseQueue(db, printer, new Date())));
    const jobs = await jobsOf(kitchen.printerId);
    expect(jobs).toHaveLength(10);
    expect(new Set(jobs.map((job) => job.orderId)).size).toBe(10);
  });
});
