import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { keepsTheRestaurant } from '#app/modules/access/policy.ts';
import { assertAdmin, assertSystem, assertUser, type AdminScope, type SystemScope, type UserScope } from '#app/modules/access/scope.server.ts';
import { eraseEndedMailJobs } from '#app/modules/jobs/jobs.server.ts';
import { orderingForGuests } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { CONTACT_RETENTION_DAYS } from '#app/modules/ordering/ordering.types.ts';
import { listMembershipsOf } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { countOrders, countReservations, eraseOrderContactsBefore, eraseReservationContactsBefore } from './retention.repo.server.ts';
import type { OrderingDataSummary } from './retention.types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows per statement, and statements per kind per run: a run is bounded; the next day's run takes the rest. */
export const RETENTION_BATCH = 500;
export const RETENTION_MAX_BATCHES = 20;

export interface ErasedContacts {
  orders: number;
  reservations: number;
  /** `mail.send` jobs (a guest's reservation e-mails among them) sent or dead before the cutoff */
  mails: number;
}

/** The moment before which guests' contact details are erased: `CONTACT_RETENTION_DAYS` before `now`. */
export function contactRetentionCutoff(now: Date): Date {
  return new Date(now.getTime() - CONTACT_RETENTION_DAYS * DAY_MS);
}

/**
 * The daily `retention.erase-contacts` job (issue 25 item 7, decision 0032): guests' names, phones,
 * e-mails and notes, and the allergies declared with an order (issue 35), are erased `CONTACT_RETENTION_DAYS` days after the order was placed, or after
 * the reservation's date (the restaurant's local date, compared with the UTC day: a few hours
 * either way in a month do not matter). Orders keep their lines and totals, reservations their
 * date, party and status (insights). Erasing twice changes nothing: erased rows are marked. The
 * queue's copies of the e-mails sent to guests go on the same day: every `mail.send` job that ended
 * (sent or dead) before the cutoff is deleted, its payload and its error with it (issue 33 item 7);
 * a reservation's e-mails are sent by its date (a late cancellation just after), so their copies go
 * with its own contact details, or at most those few days later.
 */
export async function eraseExpiredContacts(
  scope: SystemScope,
  now: Date,
  { batch = RETENTION_BATCH, maxBatches = RETENTION_MAX_BATCHES }: { batch?: number; maxBatches?: number } = {},
): Promise<ErasedContacts> {
  assertSystem(scope);
  const stamp = now.toISOString();
  const cutoff = contactRetentionCutoff(now);
  const erased: ErasedContacts = { orders: 0, reservations: 0, mails: 0 };
  for (let round = 0; round < maxBatches; round++) {
    const orders = await scope.db.transaction().execute((trx) => eraseOrderContactsBefore(trx, cutoff.toISOString(), batch, stamp));
    erased.orders += orders;
    if (orders < batch) break;
  }
  for (let round = 0; round < maxBatches; round++) {
    const reservations = await eraseReservationContactsBefore(scope.db, cutoff.toISOString().slice(0, 10), batch, stamp);
    erased.reservations += reservations;
    if (reservations < batch) break;
  }
  for (let round = 0; round < maxBatches; round++) {
    const mails = await eraseEndedMailJobs(scope, cutoff, batch);
    erased.mails += mails;
    if (mails < batch) break;
  }
  return erased;
}

/** A restaurant's orders and reservations in figures, never a guest's details, for the back office: only an admin. */
export async function orderingDataSummary(scope: AdminScope, restaurantId: string, now: Date = new Date()): Promise<OrderingDataSummary> {
  assertAdmin(scope);
  return summarize(scope.db, restaurantId, now);
}

/**
 * The same figures for each restaurant the user keeps (its owners, as the policy names them), by
 * restaurant id, for their GDPR export: the user's own memberships say which, never an id from outside.
 */
export async function ownOrderingData(scope: UserScope, now: Date = new Date()): Promise<Map<string, OrderingDataSummary>> {
  assertUser(scope);
  const kept = (await listMembershipsOf(scope.db, scope.actor.id)).filter((membership) => keepsTheRestaurant(membership.role));
  return new Map(await Promise.all(kept.map(async (membership) => [membership.id, await summarize(scope.db, membership.id, now)] as const)));
}

async function summarize(db: Kysely<Database>, restaurantId: string, now: Date): Promise<OrderingDataSummary> {
  const since = new Date(now.getTime() - CONTACT_RETENTION_DAYS * DAY_MS).toISOString();
  const [offers, orders, reservations] = await Promise.all([orderingForGuests(db, restaurantId), countOrders(db, restaurantId, since), countReservations(db, restaurantId, since)]);
  const locations = [...offers.values()];
  return {
    ordersOn: locations.some((location) => location.ordersEnabled),
    reservationsOn: locations.some((location) => location.reservationsEnabled),
    orders: orders.total,
    reservations: reservations.total,
    ordersLast30Days: orders.recent,
    reservationsLast30Days: reservations.recent,
    contactRetentionDays: CONTACT_RETENTION_DAYS,
  };
}
