import { getPublicUrl } from '#app/env.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import {
  countLocationPrinters,
  countWaitingJobs,
  deletePrinter,
  findPrinter,
  findRestaurantTimeZone,
  insertPrinter,
  listPrinters,
  listStationChoices,
  replacePrinterToken,
} from './printer.repo.server.ts';
import { newPrinterToken } from './printer-token.server.ts';
import type { PrinterInput } from './printing.schema.ts';
import { ONLINE_WITHIN_MS, PRINTER_LIMITS, printerPollPath, type PrinterView, type StationChoice } from './printing.types.ts';

/** The address a printer polls: the public address (PUBLIC_URL), never the host the owner's request came to, with the token. */
const pollAddress = (token: string) => `${getPublicUrl()}${printerPollPath(token)}`;

/**
 * A location's printers (issue 36 item 3, decision 0036), on the ordering settings page: owners and
 * managers ('orders.settings'). A printer's token is shown once, when it is made; "Token nou"
 * replaces it and the old one stops working at once.
 */

export interface PrintersPage {
  printers: PrinterView[];
  stations: StationChoice[];
}

export async function getPrinters(scope: RestaurantScope, { locale, now = new Date() }: { locale: Locale; now?: Date }): Promise<PrintersPage> {
  authorize(scope, 'orders.settings');
  const [printers, waiting, stations, timeZone] = await Promise.all([
    listPrinters(scope.db, scope.restaurantId),
    countWaitingJobs(scope.db, scope.restaurantId),
    listStationChoices(scope.db, scope.restaurantId),
    findRestaurantTimeZone(scope.db, scope.restaurantId),
  ]);
  const clock = (iso: string) => {
    const { date, minutes } = localMoment(Date.parse(iso), timeZone ?? 'Europe/Bucharest');
    return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
  return {
    printers: printers.map((printer) => ({
      id: printer.id,
      locationId: printer.locationId,
      stationId: printer.stationId,
      name: printer.name,
      kind: printer.kind,
      paperWidth: printer.paperWidth,
      lastPollAt: printer.lastPollAt,
      lastPollLocal: printer.lastPollAt ? clock(printer.lastPollAt) : null,
      online: printer.lastPollAt !== null && now.getTime() - Date.parse(printer.lastPollAt) <= ONLINE_WITHIN_MS,
      waiting: waiting.get(printer.id) ?? 0,
    })),
    stations: stations.map((station) => ({ id: station.id, locationId: station.locationId, name: localized(station.nameRo, station.nameEn, locale) })),
  };
}

/** Adds a printer to a location, for one of its stations or (none) the bill copy; returns its token, shown once. */
export async function addPrinter(scope: RestaurantScope, input: PrinterInput): Promise<{ printerId: string; token: string; address: string }> {
  authorize(scope, 'orders.settings');
  return scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const r = inTrx.restaurantId;
    if (!(await listAllLocations(inTrx.db, r)).some((location) => location.id === input.locationId)) throw new AppError('not-found');
    if (input.stationId) {
      const stations = await listStationChoices(inTrx.db, r);
      if (!stations.some((station) => station.id === input.stationId && station.locationId === input.locationId)) throw new AppError('not-found');
    }
    if ((await countLocationPrinters(inTrx.db, r, input.locationId)) >= PRINTER_LIMITS.maxPerLocation)
      throw new AppError('printer-limit-reached', { max: PRINTER_LIMITS.maxPerLocation });
    const { token, tokenHash } = newPrinterToken();
    const stamp = new Date().toISOString();
    const printerId = newId();
    await insertPrinter(inTrx.db, r, {
      id: printerId,
      locationId: input.locationId,
      stationId: input.stationId,
      name: input.name,
      kind: 'star-cloudprnt',
      tokenHash,
      paperWidth: input.paperWidth,
      createdAt: stamp,
      updatedAt: stamp,
    });
    await recordAudit(inTrx, {
      action: 'printer.create',
      target: { type: 'printer', id: printerId },
      after: { name: input.name, locationId: input.locationId, stationId: input.stationId },
    });
    return { printerId, token, address: pollAddress(token) };
  });
}

/** A new token for a printer: the old one is refused from now on. */
export async function renewPrinterToken(scope: RestaurantScope, printerId: string): Promise<{ token: string; address: string }> {
  authorize(scope, 'orders.settings');
  return scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const { token, tokenHash } = newPrinterToken();
    if (!(await replacePrinterToken(inTrx.db, inTrx.restaurantId, printerId, tokenHash, new Date().toISOString()))) throw new AppError('not-found');
    await recordAudit(inTrx, { action: 'printer.token', target: { type: 'printer', id: printerId } });
    return { token, address: pollAddress(token) };
  });
}

/** Removes a printer and its queue. */
export async function removePrinter(scope: RestaurantScope, printerId: string): Promise<{ name: string }> {
  authorize(scope, 'orders.settings');
  return scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const printer = await findPrinter(inTrx.db, inTrx.restaurantId, printerId);
    if (!printer || !(await deletePrinter(inTrx.db, inTrx.restaurantId, printerId))) throw new AppError('not-found');
    await recordAudit(inTrx, { action: 'printer.delete', target: { type: 'printer', id: printerId }, before: { name: printer.name } });
    return { name: printer.name };
  });
}
