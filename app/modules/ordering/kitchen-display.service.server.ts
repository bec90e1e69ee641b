import type { Kysely } from 'kysely';
import type { Database, GuestOrder, GuestOrderLine } from '#app/db/schema.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { readRestaurantStations } from '#app/modules/kitchen/station-routing.server.ts';
import type { StationView } from '#app/modules/kitchen/stations.types.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { bumpLines, findLineWithOrder, listBumpedKitchenLines, listOpenKitchenOrders, unbumpLines } from './kitchen-display.repo.server.ts';
import { KITCHEN_LOOKBACK_HOURS, KITCHEN_ORDER_STATUSES, MAX_KITCHEN_ORDERS, type KitchenDisplay, type KitchenScreen, type KitchenTicket } from './kitchen-display.types.ts';
import { findOrder, listLineOptionsOfOrders, listLinesOfOrders } from './order-board.repo.server.ts';
import { flaggedAllergens, lineOptionView } from './order-line-details.ts';
import type { KitchenLiveEvent } from './ordering.types.ts';

/**
 * The kitchen display (issue 36 item 2, decision 0036): reads of orders, so they live here, not in
 * kitchen/. A screen is a station, or a location without stations as one "Bucătărie". A ticket is an
 * order's lines at the screen's station that are neither taken back nor bumped, of an order received
 * or accepted; a line without a station (its category named none, or its station was deleted) is the
 * location's first station's. Bumps and recalls are audited and announce an `order.bumped` event in
 * their transaction (decision 0031). The staff run it (`orders.board`).
 */

/** What names a screen: `?station=` or, for a location without stations, `?location=`. */
export interface ScreenKey {
  stationId?: string | null;
  locationId?: string | null;
}

interface Resolved {
  screen: KitchenScreen;
  /** whether a line routed to `stationId` is this screen's */
  takes: (stationId: string | null) => boolean;
}

async function screensOf(db: Kysely<Database>, restaurantId: string, locale: Locale): Promise<{ screens: KitchenScreen[]; stations: StationView[] }> {
  const [locations, stations] = await Promise.all([listAllLocations(db, restaurantId), readRestaurantStations(db, restaurantId)]);
  const screens = [...locations]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .flatMap((location): KitchenScreen[] => {
      const locationName = localized(location.nameRo, location.nameEn, locale);
      const own = stations.filter((station) => station.locationId === location.id);
      if (own.length === 0) return [{ stationId: null, locationId: location.id, name: null, locationName, warnMinutes: 10, lateMinutes: 20 }];
      return own.map((station) => ({
        stationId: station.id,
        locationId: location.id,
        name: localized(station.nameRo, station.nameEn, locale),
        locationName,
        warnMinutes: station.warnMinutes,
        lateMinutes: station.lateMinutes,
      }));
    });
  return { screens, stations };
}

/** The screen a key names (an unknown one is not found); with no key, the only screen, or none (the chooser). */
async function resolve(scope: RestaurantScope, key: ScreenKey, locale: Locale): Promise<{ screens: KitchenScreen[]; resolved: Resolved | null }> {
  const { screens, stations } = await screensOf(scope.db, scope.restaurantId, locale);
  let screen: KitchenScreen | undefined;
  if (key.stationId) screen = screens.find((one) => one.stationId === key.stationId);
  else if (key.locationId) screen = screens.find((one) => one.locationId === key.locationId && one.stationId === null);
  else if (screens.length === 1) screen = screens[0];
  else return { screens, resolved: null };
  if (!screen) throw new AppError('not-found');
  const chosen = screen;
  const ofLocation = stations.filter((station) => station.locationId === chosen.locationId);
  const first = ofLocation[0]?.id ?? null;
  const known = new Set(ofLocation.map((station) => station.id));
  const takes = (stationId: string | null) =>
    chosen.stationId === null || stationId === chosen.stationId || (chosen.stationId === first && (stationId === null || !known.has(stationId)));
  return { screens, resolved: { screen: chosen, takes } };
}

const since = (now: Date) => new Date(now.getTime() - KITCHEN_LOOKBACK_HOURS * 3_600_000).toISOString();
const isOpenLine = (line: Pick<GuestOrderLine, 'bumpedAt' | 'cancelledAt'>) => line.bumpedAt === null && line.cancelledAt === null;

function toTicket(order: GuestOrder, lines: GuestOrderLine[], options: Map<string, Parameters<typeof lineOptionView>[0][]>, locale: Locale): KitchenTicket {
  const allergies = parseAllergenList(order.allergies);
  return {
    orderId: order.id,
    number: order.number,
    kind: order.kind,
    tableLabel: order.tableLabel,
    customerName: order.customerName,
    pickupTime: order.pickupTime,
    added: order.addsToOrderId !== null,
    placedAt: order.createdAt,
    allergies,
    allergyNote: order.allergyNote,
    lines: lines.map((line) => ({
      id: line.id,
      name: localized(line.nameRo, line.nameEn, locale),
      quantity: line.quantity,
      note: line.note,
      options: (options.get(line.id) ?? []).map((option) => lineOptionView(option, locale)),
      flagged: flaggedAllergens(line.allergens, allergies),
    })),
  };
}

/** One screen of the display: its open tickets oldest first, the "all day" counts, the ticket to recall; or the chooser. */
export async function getKitchenDisplay(scope: RestaurantScope, key: ScreenKey, options: { locale: Locale; now?: Date }): Promise<KitchenDisplay> {
  authorize(scope, 'orders.board');
  const now = options.now ?? new Date();
  const { screens, resolved } = await resolve(scope, key, options.locale);
  if (!resolved) return { screen: null, screens, tickets: [], allDay: [], lastBumped: null, now: now.toISOString() };
  const { screen, takes } = resolved;
  const [orders, bumped] = await Promise.all([
    listOpenKitchenOrders(scope.db, scope.restaurantId, screen.locationId, since(now), MAX_KITCHEN_ORDERS),
    listBumpedKitchenLines(scope.db, scope.restaurantId, screen.locationId, since(now), MAX_KITCHEN_ORDERS),
  ]);
  const ids = orders.map((order) => order.id);
  const [lines, chosen] = await Promise.all([listLinesOfOrders(scope.db, scope.restaurantId, ids), listLineOptionsOfOrders(scope.db, scope.restaurantId, ids)]);
  const linesOf = Map.groupBy(
    lines.filter((line) => isOpenLine(line) && takes(line.stationId)),
    (line) => line.orderId,
  );
  const optionsOf = Map.groupBy(chosen, (option) => option.lineId);
  const tickets = orders.filter((order) => linesOf.has(order.id)).map((order) => toTicket(order, linesOf.get(order.id)!, optionsOf, options.locale));
  const counts = new Map<string, number>();
  for (const line of tickets.flatMap((ticket) => ticket.lines)) counts.set(line.name, (counts.get(line.name) ?? 0) + line.quantity);
  const allDay = [...counts].map(([name, quantity]) => ({ name, quantity })).sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, options.locale));
  const last = bumped.find((line) => takes(line.stationId));
  return { screen, screens, tickets, allDay, lastBumped: last ? { orderId: last.orderId, number: last.number } : null, now: now.toISOString() };
}

async function announce(scope: RestaurantScope, trx: Kysely<Database>, action: string, orderId: string, locationId: string, lineIds: string[]) {
  await recordAudit(withDb(scope, trx), { action, target: { type: 'order', id: orderId }, after: { lines: lineIds } });
  const event: KitchenLiveEvent = { type: 'order.bumped', payload: { orderId, locationId } };
  // last: on PostgreSQL it holds the channel's lock until the commit (decision 0031)
  await appendLiveEvent(trx, { restaurantId: scope.restaurantId, channel: 'orders', ...event });
}

const isKitchenOrder = (status: string) => (KITCHEN_ORDER_STATUSES as readonly string[]).includes(status);

/** One line done. A line already bumped, taken back, or of an order no longer in the kitchen is 'line-changed'. */
export async function bumpKitchenLine(scope: RestaurantScope, lineId: string): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  const done = await scope.db.transaction().execute(async (trx) => {
    const line = await findLineWithOrder(trx, scope.restaurantId, lineId);
    if (!line) throw new AppError('not-found');
    if (!isKitchenOrder(line.status) || (await bumpLines(trx, scope.restaurantId, [line.id], new Date().toISOString())) !== 1) {
      throw new AppError('line-changed', { number: line.number });
    }
    await announce(scope, trx, 'order.bump', line.orderId, line.locationId, [line.id]);
    return { number: line.number };
  });
  publishLive(scope.restaurantId, 'orders');
  return done;
}

/** A whole ticket done: the order's open lines at the screen's station. Nothing left to bump is 'line-changed'. */
export async function bumpKitchenTicket(scope: RestaurantScope, orderId: string, key: ScreenKey): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  const done = await scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const order = await findOrder(trx, scope.restaurantId, orderId);
    if (!order) throw new AppError('not-found');
    const { resolved } = await resolve(inTrx, key, 'ro');
    if (!resolved || resolved.screen.locationId !== order.locationId) throw new AppError('not-found');
    const lines = (await listLinesOfOrders(trx, scope.restaurantId, [order.id])).filter((line) => isOpenLine(line) && resolved.takes(line.stationId));
    const ids = lines.map((line) => line.id);
    if (!isKitchenOrder(order.status) || ids.length === 0 || (await bumpLines(trx, scope.restaurantId, ids, new Date().toISOString())) === 0) {
      throw new AppError('line-changed', { number: order.number });
    }
    await announce(inTrx, trx, 'order.bump', order.id, order.locationId, ids);
    return { number: order.number };
  });
  publishLive(scope.restaurantId, 'orders');
  return done;
}

/** Brings back the ticket bumped last at the screen's station (its lines bumped at that station); none is 'line-changed'. */
export async function recallKitchenTicket(scope: RestaurantScope, key: ScreenKey): Promise<{ number: number }> {
  authorize(scope, 'orders.board');
  const done = await scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const { resolved } = await resolve(inTrx, key, 'ro');
    if (!resolved) throw new AppError('not-found');
    const bumped = (await listBumpedKitchenLines(trx, scope.restaurantId, resolved.screen.locationId, since(new Date()), MAX_KITCHEN_ORDERS)).filter((line) =>
      resolved.takes(line.stationId),
    );
    const last = bumped[0];
    if (!last) throw new AppError('nothing-to-recall');
    const ids = bumped.filter((line) => line.orderId === last.orderId).map((line) => line.id);
    await unbumpLines(trx, scope.restaurantId, ids);
    await announce(inTrx, trx, 'order.recall', last.orderId, resolved.screen.locationId, ids);
    return { number: last.number };
  });
  publishLive(scope.restaurantId, 'orders');
  return done;
}
