import { newPrinterToken } from '#app/modules/printing/printer-token.server.ts';
import { addPrinter, getPrinters, removePrinter, renewPrinterToken } from '#app/modules/printing/printer.service.server.ts';
import { newId } from '#tests/factories/builders.ts';
import type { ServiceRow } from './service-matrix.ts';
import type { ServiceWorld } from './service-world.ts';

/** The printers of a location (issue 36, decision 0036): owners and managers, on the ordering settings page. */
const P = 'printing/';

/** A printer of restaurant A's location, made for the call (the call may remove it). */
async function printerOfA(w: ServiceWorld): Promise<string> {
  const id = newId();
  const stamp = new Date().toISOString();
  await w.db
    .insertInto('printer')
    .values({
      id,
      restaurantId: w.a.id,
      locationId: w.a.locationId,
      stationId: null,
      name: 'Casa',
      kind: 'star-cloudprnt',
      tokenHash: newPrinterToken().tokenHash,
      paperWidth: 48,
      lastPollAt: null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
  return id;
}

export const PRINTING_SERVICE_ROWS: ServiceRow[] = [
  { service: `${P}printer.service.server.ts#getPrinters`, permission: 'orders.settings', namesRows: false, call: (s) => getPrinters(s, { locale: 'ro' }) },
  {
    service: `${P}printer.service.server.ts#addPrinter`,
    permission: 'orders.settings',
    call: (s, w) => addPrinter(s, { locationId: w.a.locationId, name: 'Bucătărie', stationId: null, paperWidth: 48 }),
  },
  { service: `${P}printer.service.server.ts#renewPrinterToken`, permission: 'orders.settings', call: async (s, w) => renewPrinterToken(s, await printerOfA(w)) },
  { service: `${P}printer.service.server.ts#removePrinter`, permission: 'orders.settings', call: async (s, w) => removePrinter(s, await printerOfA(w)) },
];
