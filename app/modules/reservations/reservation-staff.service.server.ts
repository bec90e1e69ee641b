import type { ReservationStatus } from '#app/db/schema.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { liveCursor } from '#app/modules/live/live-events.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { listRecentCeilingHits } from '#app/modules/ordering/guest-ceilings.server.ts';
import { orderingForGuests } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { DEFAULT_ORDERING } from '#app/modules/ordering/ordering.types.ts';
import { addDays, localMoment } from '#app/modules/restaurant/local-time.ts';
import { findRestaurantById } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { appendReservationEvent, enqueueReservationMail } from './reservation-notify.server.ts';
import { countByDate, findReservation, listReservationsOn, updateReservationStatus } from './reservation.repo.server.ts';
import type { StaffReservationActionInput } from './reservation.schema.ts';
import { reservationSpan } from './reservation-slots.ts';
import type { StaffAction, StaffReservationsPage } from './reservations.types.ts';

/**
 * The staff's reservations (issue 25, decision 0032; `reservations.manage`: owners, managers, staff):
 * a day's list with the next days' counts, and accept, decline (with a reason), cancel, no-show.
 * Each change is one transaction: the status (only from the states it may leave, and only at the
 * version the list showed: a change by someone else meanwhile is `stale-edit`), the audit line, the
 * guest's e-mail job and the live event last; the boards are woken after the commit.
 */

/** How many days the calendar strip shows from the chosen day. */
export const CALENDAR_DAYS = 14;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function getStaffReservations(
  scope: RestaurantScope,
  query: { date?: string | null; locationId?: string | null },
  now: Date = new Date(),
): Promise<StaffReservationsPage> {
  authorize(scope, 'reservations.manage');
  // the live cursor before the data: an event committed in between is shown twice at worst, never lost
  const since = await liveCursor(scope, 'reservations');
  const restaurant = await findRestaurantById(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const today = localMoment(now.getTime(), restaurant.timeZone).date;
  const date = query.date && DATE.test(query.date) ? query.date : today;
  const allLocations = [...(await listAllLocations(scope.db, scope.restaurantId))].sort((a, b) => a.sortOrder - b.sortOrder);
  const locationId = allLocations.some((one) => one.id === query.locationId) ? query.locationId! : null;
  const names = new Map(allLocations.map((one) => [one.id, one.nameRo]));
  const [offers, hits] = await Promise.all([orderingForGuests(scope.db, scope.restaurantId), listRecentCeilingHits(scope.db, scope.restaurantId, 'reservations', now)]);
  const [rows, counts] = await Promise.all([
    listReservationsOn(scope.db, scope.restaurantId, date, locationId),
    countByDate(scope.db, scope.restaurantId, date, addDays(date, CALENDAR_DAYS - 1), locationId),
  ]);
  const days = Array.from({ length: CALENDAR_DAYS }, (_, i) => addDays(date, i)).map((day) => ({
    date: day,
    open: counts.filter((row) => row.date === day).reduce((sum, row) => sum + row.count, 0),
    requested: counts.find((row) => row.date === day && row.status === 'requested')?.count ?? 0,
  }));
  return {
    date,
    today,
    locationId,
    locations: allLocations.map((one) => ({ id: one.id, name: one.nameRo })),
    reservations: rows.map((row) => {
      const slotMinutes = offers.get(row.locationId)?.slotMinutes ?? DEFAULT_ORDERING.slotMinutes;
      return {
        id: row.id,
        locationId: row.locationId,
        locationName: names.get(row.locationId) ?? '',
        date: row.date,
        time: row.time,
        partySize: row.partySize,
        name: row.name,
        phone: row.phone,
        email: row.email,
        note: row.note,
        status: row.status,
        declineReason: row.declineReason,
        version: row.updatedAt,
        begun: reservationSpan(row.date, row.time, slotMinutes, restaurant.timeZone).start <= now.getTime(),
      };
    }),
    days,
    since,
    ceilingHits: hits
      .filter((hit) => names.has(hit.locationId))
      .map((hit) => {
        const { minutes } = localMoment(Date.parse(hit.at), restaurant.timeZone);
        const at = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        return { locationId: hit.locationId, locationName: names.get(hit.locationId)!, at, hourCeiling: hit.hourCeiling, dayCeiling: hit.dayCeiling };
      }),
  };
}

/** Which states each action leaves from, and where it goes. */
const TRANSITIONS: Record<StaffAction, { from: ReservationStatus[]; to: ReservationStatus }> = {
  accept: { from: ['requested'], to: 'accepted' },
  decline: { from: ['requested'], to: 'declined' },
  cancel: { from: ['requested', 'accepted'], to: 'cancelled' },
  'no-show': { from: ['accepted'], to: 'noShow' },
};

/** One action of the list. Returns the new status. */
export async function changeReservation(scope: RestaurantScope, input: StaffReservationActionInput, now: Date = new Date()): Promise<ReservationStatus> {
  authorize(scope, 'reservations.manage');
  const { from, to } = TRANSITIONS[input.intent];
  await scope.db.transaction().execute(async (trx) => {
    const before = await findReservation(trx, scope.restaurantId, input.id);
    if (!before) throw new AppError('not-found');
    if (before.updatedAt !== input.version || !from.includes(before.status)) throw new AppError('stale-edit');
    if (to === 'noShow') {
      const restaurant = await findRestaurantById(trx, scope.restaurantId);
      const begins = reservationSpan(before.date, before.time, 5, restaurant?.timeZone ?? 'Europe/Bucharest').start;
      if (begins > now.getTime()) throw new AppError('reservation-not-begun');
    }
    const declineReason = to === 'declined' ? input.reason : before.declineReason;
    const changed = await updateReservationStatus(trx, scope.restaurantId, input.id, { from, version: input.version }, { status: to, updatedAt: now.toISOString(), declineReason });
    if (!changed) throw new AppError('stale-edit');
    const after = { ...before, status: to, declineReason, updatedAt: now.toISOString() };
    await recordAudit(withDb(scope, trx), {
      action: `reservation.${input.intent}`,
      target: { type: 'reservation', id: input.id },
      before: { status: before.status },
      after: { status: to },
    });
    if (to === 'accepted') await enqueueReservationMail(trx, after, 'accepted', now);
    else if (to === 'declined') await enqueueReservationMail(trx, after, 'declined', now);
    else if (to === 'cancelled') await enqueueReservationMail(trx, after, 'cancelled', now);
    await appendReservationEvent(trx, after, 'reservation.updated');
  });
  publishLive(scope.restaurantId, 'reservations');
  return to;
}
