import { assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import { locationOrderingForGuests } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { addDays } from '#app/modules/restaurant/local-time.ts';
import { enqueueReservationMail } from './reservation-notify.server.ts';
import { findReservation, listReminderCandidates, markReminderSent } from './reservation.repo.server.ts';
import { reservationSpan } from './reservation-slots.ts';

/**
 * The reservations' jobs (wired in app/wiring/job-handlers.server.ts): the reminder the day before
 * and the erasure of contact details (decision 0032).
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * The hourly `reservations.remind`: an accepted reservation with an e-mail starting within the next
 * 24 hours gets its reminder, once (`reminderSentAt` set in the transaction that enqueues the
 * e-mail, only where it was still empty: two workers or a retry send one). A reservation made less
 * than a day ahead needs none: its answer came just now. Returns how many were queued.
 */
export async function sendReservationReminders(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  const utcToday = now.toISOString().slice(0, 10);
  const dates = [addDays(utcToday, -1), utcToday, addDays(utcToday, 1), addDays(utcToday, 2)];
  let queued = 0;
  for (const candidate of await listReminderCandidates(scope.db, dates)) {
    const settings = await locationOrderingForGuests(scope.db, candidate.restaurantId, candidate.locationId);
    const { start } = reservationSpan(candidate.date, candidate.time, settings.slotMinutes, candidate.timeZone);
    if (start <= now.getTime() || start - now.getTime() > 24 * HOUR_MS) continue;
    if (start - Date.parse(candidate.createdAt) < 24 * HOUR_MS) continue;
    const sent = await scope.db.transaction().execute(async (trx) => {
      if (!(await markReminderSent(trx, candidate.restaurantId, candidate.id, now.toISOString()))) return false;
      const reservation = await findReservation(trx, candidate.restaurantId, candidate.id);
      return reservation ? enqueueReservationMail(trx, reservation, 'reminder', now) : false;
    });
    if (sent) queued++;
  }
  return queued;
}
