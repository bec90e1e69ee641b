import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, ReservationStatus, ReservationTable } from '#app/db/schema.ts';
import { acrossRestaurants, tenant, type TenantInsert } from '#app/db/tenant.ts';

/**
 * Queries on `reservation` (migration 0024, decision 0032). A restaurant's rows through
 * `tenant(...)`; the guest's page looks a row up by its token, and the reminder and the erasure
 * jobs go through every restaurant's.
 */

/** The statuses that hold a place in a slot. */
const HOLDING: ReservationStatus[] = ['requested', 'accepted'];

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Takes the slot's lock for the rest of the transaction, so two guests asking for its last place
 * at once are counted one after the other. PostgreSQL: a transaction advisory lock on the slot;
 * SQLite has one writer at a time, which does the same.
 */
export async function lockReservationSlot(trx: Kysely<Database>, locationId: string, date: string, time: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('bucate_reservation'), hashtext(${`${locationId}:${date}:${time}`}))`.execute(trx);
}

/**
 * Takes the location's lock for the rest of the transaction (after the slot's): its ceilings count
 * the location's requests of the last hour and day, which concurrent requests for different slots
 * would otherwise all pass together (issue 33). SQLite's single writer does the same.
 */
export async function lockReservationLocation(trx: Kysely<Database>, locationId: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('bucate_reservation_location'), hashtext(${locationId}))`.execute(trx);
}

/** A location's reservation requests made at or after `since` (ISO), whatever became of them: what its ceilings count. */
export async function countRequestsSince(db: Kysely<Database>, restaurantId: string, locationId: string, since: string): Promise<number> {
  const row = await tenant(db, restaurantId)
    .selectFrom('reservation')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('locationId', '=', locationId)
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Requested and accepted reservations of a location's day, by slot time. */
export async function countHeldByTime(db: Kysely<Database>, restaurantId: string, locationId: string, date: string): Promise<Map<string, number>> {
  const rows = await tenant(db, restaurantId)
    .selectFrom('reservation')
    .select(['time', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('locationId', '=', locationId)
    .where('date', '=', date)
    .where('status', 'in', HOLDING)
    .groupBy('time')
    .execute();
  return new Map(rows.map((row) => [row.time, Number(row.count)]));
}

export function findReservationByKey(db: Kysely<Database>, restaurantId: string, idempotencyKey: string) {
  return tenant(db, restaurantId).selectFrom('reservation').selectAll().where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
}

export async function insertReservation(db: Kysely<Database>, restaurantId: string, row: TenantInsert<'reservation'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('reservation', row).execute();
}

/** The guest's page: a reservation by its unguessable token, whichever restaurant it is of. */
export function findReservationByToken(db: Kysely<Database>, token: string) {
  return acrossRestaurants(db, 'a public lookup by the guest page’s token').selectFrom('reservation').selectAll().where('token', '=', token).executeTakeFirst();
}

/** A reservation's status only, by its token: what the guest page's live stream compares on each wake-up. */
export function findReservationState(db: Kysely<Database>, restaurantId: string, token: string) {
  return tenant(db, restaurantId).selectFrom('reservation').select(['status', 'declineReason', 'updatedAt']).where('token', '=', token).executeTakeFirst();
}

export function findReservation(db: Kysely<Database>, restaurantId: string, id: string) {
  return tenant(db, restaurantId).selectFrom('reservation').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A location's day (or every location's), by time. */
export function listReservationsOn(db: Kysely<Database>, restaurantId: string, date: string, locationId: string | null) {
  let query = tenant(db, restaurantId).selectFrom('reservation').selectAll().where('date', '=', date);
  if (locationId) query = query.where('locationId', '=', locationId);
  return query.orderBy('time').orderBy('createdAt').execute();
}

/** The calendar strip: requested and accepted reservations per date and status from `from` to `to`. */
export async function countByDate(db: Kysely<Database>, restaurantId: string, from: string, to: string, locationId: string | null) {
  let query = tenant(db, restaurantId)
    .selectFrom('reservation')
    .select(['date', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('status', 'in', HOLDING);
  if (locationId) query = query.where('locationId', '=', locationId);
  const rows = await query.groupBy(['date', 'status']).execute();
  return rows.map((row) => ({ date: row.date, status: row.status, count: Number(row.count) }));
}

/**
 * Moves a reservation to a new status when it is still in one of `from` and, when given, still at
 * `version` (its updatedAt as the form showed it). Returns whether it did.
 */
export async function updateReservationStatus(
  db: Kysely<Database>,
  restaurantId: string,
  id: string,
  expected: { from: readonly ReservationStatus[]; version?: string },
  changes: Pick<ReservationTable, 'status' | 'updatedAt'> & { declineReason?: string | null },
): Promise<boolean> {
  let query = tenant(db, restaurantId)
    .updateTable('reservation')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...expected.from]);
  if (expected.version) query = query.where('updatedAt', '=', expected.version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The reminder job's candidates: accepted reservations on the given dates with an e-mail still
 * kept and no reminder yet, with their restaurant's time zone and slot settings.
 */
export function listReminderCandidates(db: Kysely<Database>, dates: readonly string[]) {
  return acrossRestaurants(db, 'the reminder job looks at every restaurant’s reservations of the coming days')
    .selectFrom('reservation')
    .innerJoin('restaurant', 'restaurant.id', 'reservation.restaurantId')
    .select(['reservation.id', 'reservation.restaurantId', 'reservation.locationId', 'reservation.createdAt', 'reservation.date', 'reservation.time', 'restaurant.timeZone'])
    .where('reservation.date', 'in', [...dates])
    .where('reservation.status', '=', 'accepted')
    .where('reservation.email', 'is not', null)
    .where('reservation.reminderSentAt', 'is', null)
    .where('reservation.contactErasedAt', 'is', null)
    .execute();
}

/** Marks the reminder sent, once: false when it already was (another worker, a retry). */
export async function markReminderSent(db: Kysely<Database>, restaurantId: string, id: string, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).updateTable('reservation').set({ reminderSentAt: now }).where('id', '=', id).where('reminderSentAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
