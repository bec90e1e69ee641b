import { sendReservationReminders } from '#app/modules/reservations/reservation-jobs.server.ts';
import { changeReservation, getStaffReservations } from '#app/modules/reservations/reservation-staff.service.server.ts';
import type { ServiceRow, SystemRow } from './service-matrix.ts';

/**
 * The rows of the staff's reservation services (issue 25, decision 0032). Their ids name no row of
 * restaurant A: another restaurant's reservation is refused by the module's own tests
 * (app/modules/reservations/reservations.int.test.ts).
 */
const R = 'reservations/reservation-staff.service.server.ts';

export const RESERVATION_SERVICE_ROWS: ServiceRow[] = [
  { service: `${R}#getStaffReservations`, permission: 'reservations.manage', namesRows: false, call: (s) => getStaffReservations(s, {}) },
  {
    service: `${R}#changeReservation`, permission: 'reservations.manage', namesRows: false,
    call: (s) => changeReservation(s, { intent: 'accept', id: 'no-such-reservation', version: 'x', reason: null }),
  },
];

/** The reservations' jobs, which only the system runs (`assertSystem`). */
const longAgo = new Date('2000-01-01T00:00:00Z');
export const RESERVATION_SYSTEM_ROWS: SystemRow[] = [
  { service: 'reservations/reservation-jobs.server.ts#sendReservationReminders', call: (s) => sendReservationReminders(s, longAgo) },
];
