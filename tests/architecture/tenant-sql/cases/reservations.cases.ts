import * as reservation from '#app/modules/reservations/reservation.repo.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Reservations (issue 25, decision 0032): a guest's request, the staff's list, the jobs. */

const DAY = '2030-01-07';

export const reservationsCases: Record<string, RepositoryCases> = {
  'app/modules/reservations/reservation.repo.server.ts': repository(reservation, {
    lockReservationSlot: (f) => [f.db, f.location, DAY, '19:00'],
    lockReservationLocation: (f) => [f.db, f.location],
    countRequestsSince: (f) => [f.db, f.r, f.location, f.now],
    countHeldByTime: (f) => [f.db, f.r, f.location, DAY],
    findReservationByKey: (f) => [f.db, f.r, 'idempotency-key-0001'],
    insertReservation: (f) => [f.db, f.r, {
      id: newId(), locationId: f.location, token: `token-${newId()}`, date: DAY, time: '19:00', partySize: 2, name: 'Ana', phone: '0722123456', email: null,
      note: null, locale: 'ro', status: 'requested', declineReason: null, idempotencyKey: `key-${newId()}`, reminderSentAt: null, createdAt: f.now, updatedAt: f.now, contactErasedAt: null,
    }],
    findReservationByToken: (f) => [f.db, 'no-such-token'],
    findReservationState: (f) => [f.db, f.r, 'no-such-token'],
    findReservation: (f) => [f.db, f.r, 'no-such-reservation'],
    listReservationsOn: (f) => [f.db, f.r, DAY, f.location],
    countByDate: (f) => [f.db, f.r, DAY, '2030-01-20', f.location],
    updateReservationStatus: (f) => [f.db, f.r, 'no-such-reservation', { from: ['requested'], version: f.now }, { status: 'accepted', updatedAt: f.now, declineReason: null }],
    listReminderCandidates: (f) => [f.db, [DAY, '2030-01-08']],
    markReminderSent: (f) => [f.db, f.r, 'no-such-reservation', f.now],
  }),
};
