import { sendReservationReminders } from '#app/modules/reservations/reservation-jobs.server.ts';
import { changeReservation, getStaffReservations } from '#app/modules/reservations/reservation-staff.service.server.ts';
import type { ServiceRow, SystemRow } from './service-matrix.ts';

/**
 * The rows of the staff's reservation services (issue 25, decision 0032), with restaurant A's
 * reservation of today: B's owner naming it is refused and A's rows stay as they were.
 */
const R = 'reservations/reservation-staff.service.server.ts';

export const RESERVATION_SERVICE_ROWS: ServiceRow[] = [
  { service: `${R}#getStaffReservations`, permission: 'reservations.manage', call: (s, w) => getStaffReservations(s, { locationId: w.a.locationId }) },
  {
    service: `${R}#changeReservation`,
    permission: 'reservations.manage',
    call: (s, w) => changeReservation(s, { intent: 'accept', id: w.a.reservationId, version: w.a.reservationVersion, reason: null }),
  },
];

/** The reservations' jobs, which only the system runs (`assertSystem`). */
const longAgo = new Date('2000-01-01T00:00:00Z');
export const RESERVATION_SYSTEM_ROWS: SystemRow[] = [
  { service: 'reservations/reservation-jobs.server.ts#sendReservationReminders', call: (s) => sendReservationReminders(s, longAgo) },
];
