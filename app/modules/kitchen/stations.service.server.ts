import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import {
  deleteStationRow,
  findCategoryLocation,
  findStation,
  insertStation,
  listCategoryStations,
  listLocationStations,
  listRestaurantStations,
  setCategoryStationRow,
  updateStationRow,
} from './stations.repo.server.ts';
import type { AddStationInput, CategoryStationInput, DeleteStationInput, MoveStationInput, UpdateStationInput } from './stations.schema.ts';
import { STATION_LIMITS, type StationsPageLocation, type StationView } from './stations.types.ts';

/**
 * Setting up a location's stations (issue 36 item 1, decision 0036): add, rename, reorder, delete,
 * and which station each category's dishes go to. Owners and managers (`orders.settings`). Guests
 * see none of it, so no menu change; each change is audited in its transaction. A station or
 * category of another restaurant is not found; a category may name only a station of its own
 * location. Deleting a station leaves its categories and lines without one: the location's first.
 */

export async function getStationsPage(scope: RestaurantScope, options: { locale: Locale }): Promise<{ locations: StationsPageLocation[] }> {
  authorize(scope, 'orders.settings');
  const [locations, stations, categories] = await Promise.all([
    listAllLocations(scope.db, scope.restaurantId),
    listRestaurantStations(scope.db, scope.restaurantId),
    listCategoryStations(scope.db, scope.restaurantId),
  ]);
  return {
    locations: [...locations]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((location) => ({
        id: location.id,
        name: localized(location.nameRo, location.nameEn, options.locale),
        stations: stations.filter((station) => station.locationId === location.id),
        categories: categories
          .filter((category) => category.locationId === location.id)
          .map((category) => ({ id: category.id, name: localized(category.nameRo, category.nameEn, options.locale), stationId: category.stationId })),
      })),
  };
}

async function stationOf(scope: RestaurantScope, stationId: string): Promise<StationView> {
  const station = await findStation(scope.db, scope.restaurantId, stationId);
  if (!station) throw new AppError('not-found');
  return station;
}

export async function addStation(scope: RestaurantScope, input: AddStationInput): Promise<{ id: string }> {
  authorize(scope, 'orders.settings');
  const id = newId();
  await scope.db.transaction().execute(async (trx) => {
    const locations = await listAllLocations(trx, scope.restaurantId);
    if (!locations.some((location) => location.id === input.locationId)) throw new AppError('not-found');
    const existing = await listLocationStations(trx, scope.restaurantId, input.locationId);
    if (existing.length >= STATION_LIMITS.maxPerLocation) throw new AppError('station-limit-reached', { max: STATION_LIMITS.maxPerLocation });
    const sortOrder = existing.reduce((max, station) => Math.max(max, station.sortOrder + 1), 0);
    const { locationId, nameRo, nameEn, warnMinutes, lateMinutes } = input;
    await insertStation(trx, scope.restaurantId, { id, locationId, nameRo, nameEn, warnMinutes, lateMinutes, sortOrder, now: new Date().toISOString() });
    await recordAudit(withDb(scope, trx), { action: 'station.create', target: { type: 'station', id }, after: { locationId, nameRo, nameEn, warnMinutes, lateMinutes } });
  });
  return { id };
}

/** Renames a station and sets its thresholds. */
export async function updateStation(scope: RestaurantScope, input: UpdateStationInput): Promise<void> {
  authorize(scope, 'orders.settings');
  await scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const before = await stationOf(inTrx, input.stationId);
    const { stationId, ...values } = input;
    if (!(await updateStationRow(trx, scope.restaurantId, stationId, { ...values, updatedAt: new Date().toISOString() }))) throw new AppError('not-found');
    const { nameRo, nameEn, warnMinutes, lateMinutes } = before;
    await recordAudit(inTrx, { action: 'station.update', target: { type: 'station', id: stationId }, before: { nameRo, nameEn, warnMinutes, lateMinutes }, after: values });
  });
}

/** Moves a station one place up or down its location's list (the first takes the categories without one). */
export async function moveStation(scope: RestaurantScope, input: MoveStationInput): Promise<void> {
  authorize(scope, 'orders.settings');
  await scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const station = await stationOf(inTrx, input.stationId);
    const list = await listLocationStations(trx, scope.restaurantId, station.locationId);
    const at = list.findIndex((one) => one.id === station.id);
    const to = input.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= list.length) return;
    [list[at], list[to]] = [list[to]!, list[at]!];
    const now = new Date().toISOString();
    // the whole list renumbered: equal sort orders from older rows cannot keep two stations in place
    for (const [index, one] of list.entries()) {
      if (one.sortOrder !== index) await updateStationRow(trx, scope.restaurantId, one.id, { sortOrder: index, updatedAt: now });
    }
    await recordAudit(inTrx, { action: 'station.move', target: { type: 'station', id: station.id }, before: { position: at }, after: { position: to } });
  });
}

export async function deleteStation(scope: RestaurantScope, input: DeleteStationInput): Promise<void> {
  authorize(scope, 'orders.settings');
  await scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const station = await stationOf(inTrx, input.stationId);
    if (!(await deleteStationRow(trx, scope.restaurantId, station.id))) throw new AppError('not-found');
    await recordAudit(inTrx, { action: 'station.delete', target: { type: 'station', id: station.id }, before: { locationId: station.locationId, nameRo: station.nameRo } });
  });
}

/** Routes a category's dishes to a station of its own location, or (null) to the location's first. */
export async function setCategoryStation(scope: RestaurantScope, input: CategoryStationInput): Promise<void> {
  authorize(scope, 'orders.settings');
  await scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const category = await findCategoryLocation(trx, scope.restaurantId, input.categoryId);
    if (!category) throw new AppError('not-found');
    if (input.stationId) {
      const station = await stationOf(inTrx, input.stationId);
      if (station.locationId !== category.locationId) throw new AppError('station-other-location');
    }
    await setCategoryStationRow(trx, scope.restaurantId, category.id, input.stationId);
    await recordAudit(inTrx, {
      action: 'category.station',
      target: { type: 'category', id: category.id },
      before: { stationId: category.stationId },
      after: { stationId: input.stationId },
    });
  });
}
