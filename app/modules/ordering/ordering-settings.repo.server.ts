import type { Kysely } from 'kysely';
import type { Database, OrderingSettingsRow } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** The restaurant's configured locations' settings (a location without a row has everything off). */
export function listOrderingSettings(db: Kysely<Database>, restaurantId: string): Promise<OrderingSettingsRow[]> {
  return tenant(db, restaurantId).selectFrom('orderingSettings').selectAll().execute();
}

export function findOrderingSettings(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<OrderingSettingsRow | undefined> {
  return tenant(db, restaurantId).selectFrom('orderingSettings').selectAll().where('locationId', '=', locationId).executeTakeFirst();
}

type SettingsValues = Omit<OrderingSettingsRow, 'restaurantId' | 'locationId' | 'version' | 'updatedAt' | 'paused' | 'pausedAt' | 'ordersCeilingAt' | 'reservationsCeilingAt'>;

/**
 * Writes a location's settings if the row is still at `version` (0: no row yet). False when another
 * save came first (decision 0015): nothing is written.
 */
export async function saveOrderingSettings(db: Kysely<Database>, restaurantId: string, locationId: string, version: number, values: SettingsValues, now: string): Promise<boolean> {
  if (version === 0) {
    const existing = await findOrderingSettings(db, restaurantId, locationId);
    if (existing) return false;
    await tenant(db, restaurantId)
      .insertInto('orderingSettings', { ...values, locationId, paused: 0, pausedAt: null, version: 1, updatedAt: now })
      .execute();
    return true;
  }
  const result = await tenant(db, restaurantId)
    .updateTable('orderingSettings')
    .set({ ...values, version: version + 1, updatedAt: now })
    .where('locationId', '=', locationId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The pause switch: idempotent, no version (a kitchen pressing it twice means it). False when the location has no settings row. */
export async function setOrderingPaused(db: Kysely<Database>, restaurantId: string, locationId: string, paused: boolean, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('orderingSettings')
    .set({ paused: paused ? 1 : 0, pausedAt: paused ? now : null, updatedAt: now })
    .where('locationId', '=', locationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Notes that a ceiling refused a guest at a location, at most once per `quietSince` (ISO): true when
 * it wrote (the caller then announces it), false when it was noted since, or the location has no row.
 */
export async function markCeilingHit(
  db: Kysely<Database>,
  restaurantId: string,
  locationId: string,
  column: 'ordersCeilingAt' | 'reservationsCeilingAt',
  now: string,
  quietSince: string,
): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('orderingSettings')
    .set({ [column]: now })
    .where('locationId', '=', locationId)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', quietSince)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
