import { addPrinter, getPrinters, removePrinter, renewPrinterToken } from '#app/modules/printing/printer.service.server.ts';
import type { ServiceRow } from './service-matrix.ts';

/** The printers of a location (issue 36, decision 0036): owners and managers, on the ordering settings page. */
const P = 'printing/';

export const PRINTING_SERVICE_ROWS: ServiceRow[] = [
  { service: `${P}printer.service.server.ts#getPrinters`, permission: 'orders.settings', namesRows: false, call: (s) => getPrinters(s, { locale: 'ro' }) },
  {
    service: `${P}printer.service.server.ts#addPrinter`,
    permission: 'orders.settings',
    call: (s, w) => addPrinter(s, { locationId: w.a.locationId, name: 'Bucătărie', stationId: null, paperWidth: 48 }),
  },
  { service: `${P}printer.service.server.ts#renewPrinterToken`, permission: 'orders.settings', call: (s, w) => renewPrinterToken(s, w.a.printerId) },
  { service: `${P}printer.service.server.ts#removePrinter`, permission: 'orders.settings', call: (s, w) => removePrinter(s, w.a.printerId) },
];
