import type { Reservation } from '#app/db/schema.ts';

/**
 * The reservations' plain contract (issue 25, decision 0032): what the guest's pages and the staff's
 * list show, safe for ui/.
 */

/** The reservation form's language: the site's two (a menu in another language books in English). */
export type ReservationLocale = 'ro' | 'en';

export interface ReservationLocationChoice {
  id: string;
  name: string;
}

export interface ReservationSlotView {
  time: string;
  free: number;
}

/** The guest's form at `/:slug/rezervare`: where, which day, the day's free times. */
export type ReservationFormPage =
  | { status: 'closed'; restaurantName: string; slug: string; reason: 'reservations-off' | 'unpublished' }
  | {
      status: 'open';
      restaurantName: string;
      slug: string;
      locations: ReservationLocationChoice[];
      locationId: string;
      date: string;
      today: string;
      lastDate: string;
      slots: ReservationSlotView[];
      maxPartySize: number;
      /** a fresh key per form shown: a double submit is one reservation */
      idempotencyKey: string;
    };

/** The guest's page at `/:slug/rezervare/:token`: the reservation's own columns, and where and whether. */
export interface ReservationGuestView extends Pick<Reservation, 'date' | 'time' | 'partySize' | 'name' | 'status' | 'declineReason'> {
  restaurantName: string;
  slug: string;
  locationName: string;
  /** requested or accepted and not yet begun */
  cancellable: boolean;
}

/**
 * One row of the staff's day list: the reservation's columns as stored (the guest's contact details
 * included, null once erased), its location's name, and what the list needs to act on it.
 */
export interface StaffReservation extends Pick<
  Reservation,
  'id' | 'locationId' | 'date' | 'time' | 'partySize' | 'name' | 'phone' | 'email' | 'note' | 'status' | 'declineReason'
> {
  locationName: string;
  /** the form's version (the row's updatedAt): a change by someone else meanwhile makes the action stale */
  version: string;
  /** whether its slot has begun (no-show is possible from then) */
  begun: boolean;
}

export interface StaffReservationsPage {
  date: string;
  today: string;
  locationId: string | null;
  locations: ReservationLocationChoice[];
  reservations: StaffReservation[];
  /** the calendar strip: the next days with their requested and accepted reservations */
  days: { date: string; open: number; requested: number }[];
  /** the live stream starts after this event id */
  since: number;
  /** locations whose hour's or day's ceiling refused a guest lately (issue 33): 'HH:MM' local, and the ceilings */
  ceilingHits: { locationId: string; locationName: string; at: string; hourCeiling: number; dayCeiling: number }[];
}

export const STAFF_ACTIONS = ['accept', 'decline', 'cancel', 'no-show'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
