import type { Kysely } from 'kysely';
import type { Database, OrderingSettingsRow } from '#app/db/schema.ts';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { findOrderingSettings, listOrderingSettings, saveOrderingSettings, setOrderingPaused } from './ordering-settings.repo.server.ts';
import type { OrderingSettingsInput } from './ordering-settings.schema.ts';
import { DEFAULT_ORDERING, type LocationOrdering } from './ordering.types.ts';

/** A stored row (or none) as what the location offers. */
export function toLocationOrdering(locationId: string, row: OrderingSettingsRow | undefined): LocationOrdering {
  if (!row) return { locationId, ...DEFAULT_ORDERING };
  return {
    locationId,
    ordersEnabled: row.ordersEnabled === 1,
    dineIn: row.dineIn === 1,
    pickup: row.pickup === 1,
    paused: row.paused === 1,
    reservationsEnabled: row.reservationsEnabled === 1,
    slotMinutes: row.slotMinutes,
    maxPartySize: row.maxPartySize,
    leadMinutes: row.leadMinutes,
    daysAhead: row.daysAhead,
    capacityPerSlot: row.capacityPerSlot,
    autoAccept: row.autoAccept === 1,
    guestNoteRo: row.guestNoteRo,
    guestNoteEn: row.guestNoteEn,
    orderCeiling: row.orderCeiling,
    reservationHourCeiling: row.reservationHourCeiling,
    reservationDayCeiling: row.reservationDayCeiling,
    reservationContactCeiling: row.reservationContactCeiling,
    version: row.version,
  };
}

/**
 * What each location of a restaurant offers guests. A public read model (the menu, the cart and the
 * reservation form ask before anyone signs in), so no scope: the restaurant id comes from the menu's
 * own slug lookup.
 */
export async function orderingForGuests(db: Kysely<Database>, restaurantId: string): Promise<Map<string, LocationOrdering>> {
  const rows = await listOrderingSettings(db, restaurantId);
  return new Map(rows.map((row) => [row.locationId, toLocationOrdering(row.locationId, row)]));
}

/** One location's offer for guests (defaults when never configured). */
export async function locationOrderingForGuests(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<LocationOrdering> {
  return toLocationOrdering(locationId, await findOrderingSettings(db, restaurantId, locationId));
}

/** The settings page: every location with its settings. */
export async function getOrderingSettings(scope: RestaurantScope): Promise<{ locationId: string; nameRo: string; nameEn: string | null; settings: LocationOrdering }[]> {
  authorize(scope, 'orders.settings');
  const [locations, rows] = await Promise.all([listAllLocations(scope.db, scope.restaurantId), listOrderingSettings(scope.db, scope.restaurantId)]);
  const byLocation = new Map(rows.map((row) => [row.locationId, row]));
  return [...locations]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((location) => ({ locationId: location.id, nameRo: location.nameRo, nameEn: location.nameEn, settings: toLocationOrdering(location.id, byLocation.get(location.id)) }));
}

/**
 * Saves one location's settings. Guests see them (the "Adaugă" buttons, the reservation link), so
 * this is a menu change: the menu version moves and every process renders afresh. A stale form is
 * a 409 `stale-edit` and writes nothing; a location not of this restaurant is not found.
 */
export async function updateOrderingSettings(scope: RestaurantScope, storage: FileStorage, input: OrderingSettingsInput): Promise<void> {
  authorize(scope, 'orders.settings');
  await changeMenu(scope, storage, async ({ trx, scope: inTrx }) => {
    const locations = await listAllLocations(trx, scope.restaurantId);
    if (!locations.some((location) => location.id === input.locationId)) throw new AppError('not-found');
    const before = await findOrderingSettings(trx, scope.restaurantId, input.locationId);
    const { locationId, version, ...values } = input;
    const saved = await saveOrderingSettings(
      trx,
      scope.restaurantId,
      locationId,
      version,
      {
        ordersEnabled: values.ordersEnabled ? 1 : 0,
        dineIn: values.dineIn ? 1 : 0,
        pickup: values.pickup ? 1 : 0,
        reservationsEnabled: values.reservationsEnabled ? 1 : 0,
        slotMinutes: values.slotMinutes,
        maxPartySize: values.maxPartySize,
        leadMinutes: values.leadMinutes,
        daysAhead: values.daysAhead,
        capacityPerSlot: values.capacityPerSlot,
        autoAccept: values.autoAccept ? 1 : 0,
        guestNoteRo: values.guestNoteRo,
        guestNoteEn: values.guestNoteEn,
        orderCeiling: values.orderCeiling,
        reservationHourCeiling: values.reservationHourCeiling,
        reservationDayCeiling: values.reservationDayCeiling,
        reservationContactCeiling: values.reservationContactCeiling,
      },
      new Date().toISOString(),
    );
    if (!saved) throw new AppError('stale-edit');
    await recordAudit(inTrx, {
      action: 'ordering.settings',
      target: { type: 'location', id: locationId },
      before: before ? toLocationOrdering(locationId, before) : null,
      after: values,
    });
  });
}

/**
 * "Pause orders now" and its undo, from the settings or the staff's board (decision 0032: the staff
 * running the board may pause, as a kitchen that is overwhelmed must not wait for a manager).
 * Guests see it, so it is a menu change. A location with ordering never configured is not found.
 */
export async function setOrdersPaused(scope: RestaurantScope, storage: FileStorage, locationId: string, paused: boolean): Promise<void> {
  authorize(scope, 'orders.board');
  await changeMenu(scope, storage, async ({ trx, scope: inTrx }) => {
    if (!(await setOrderingPaused(trx, scope.restaurantId, locationId, paused, new Date().toISOString()))) throw new AppError('not-found');
    await recordAudit(inTrx, { action: paused ? 'ordering.pause' : 'ordering.resume', target: { type: 'location', id: locationId } });
  });
}
