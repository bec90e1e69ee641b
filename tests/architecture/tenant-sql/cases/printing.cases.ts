import * as queue from '#app/modules/printing/print-queue.repo.server.ts';
import * as printers from '#app/modules/printing/printer.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Printers that print by themselves (issue 36, decision 0036): the printers, and the queue made from the orders' state. */
const filter = (f: { location: string }, stationId: string | null) => ({ printerId: 'printer-1', locationId: f.location, stationId, takesUnrouted: stationId !== null, since: '2026-01-01T00:00:00.000Z' });

export const printingCases: Record<string, RepositoryCases> = {
  'app/modules/printing/printer.repo.server.ts': repository(printers, {
    listPrinters: (f) => [f.db, f.r],
    findPrinter: (f) => [f.db, f.r, 'printer-1'],
    countLocationPrinters: (f) => [f.db, f.r, f.location],
    countWaitingJobs: (f) => [f.db, f.r],
    insertPrinter: (f) => [
      f.db,
      f.r,
      { id: 'printer-sql', locationId: f.location, stationId: null, name: 'Casa', kind: 'star-cloudprnt', tokenHash: 'hash-sql', paperWidth: 48, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
    ],
    replacePrinterToken: (f) => [f.db, f.r, 'printer-1', 'hash-2', '2026-01-01T00:00:00.000Z'],
    deletePrinter: (f) => [f.db, f.r, 'printer-1'],
    findPrinterByTokenHash: (f) => [f.db, 'hash-1'],
    markPrinterPolled: (f) => [f.db, f.r, 'printer-1', '2026-01-01T00:00:00.000Z'],
    listStationChoices: (f) => [f.db, f.r],
    readPrinterPlace: (f) => [f.db, f.r, f.location],
    findRestaurantTimeZone: (f) => [f.db, f.r],
  }),
  'app/modules/printing/print-queue.repo.server.ts': repository(queue, {
    listOrdersWithoutTicket: (f) => [f.db, f.r, filter(f, 'station-1'), 50],
    listOrdersTakenBack: (f) => [f.db, f.r, filter(f, 'station-1')],
    listJobsOfOrders: (f) => [f.db, f.r, 'printer-1', ['order-1']],
    listOrderLines: (f) => [f.db, f.r, ['order-1']],
    listOrderLineOptions: (f) => [f.db, f.r, ['order-1']],
    insertJobs: (f) => [f.db, f.r, [{ id: 'job-sql', printerId: f.printer, orderId: null, kind: 'ticket', dedupeKey: 'ticket:sql', payload: '{}', createdAt: '2026-01-01T00:00:00.000Z' }]],
    findNextJob: (f) => [f.db, f.r, 'printer-1'],
    findJob: (f) => [f.db, f.r, 'printer-1', 'job-1'],
    markJobSent: (f) => [f.db, f.r, 'printer-1', 'job-1', '2026-01-01T00:00:00.000Z'],
    findLastSentJob: (f) => [f.db, f.r, 'printer-1'],
    markJobPrinted: (f) => [f.db, f.r, 'printer-1', 'job-1', '2026-01-01T00:00:00.000Z'],
    requeueJob: (f) => [f.db, f.r, 'printer-1', 'job-1'],
  }),
};
