import type { Kysely } from 'kysely';
import type { Database, Reservation } from '#app/db/schema.ts';
import { getPublicUrl } from '#app/env.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { locationOrderingForGuests } from '#app/modules/ordering/ordering-settings.service.server.ts';
import type { ReservationLiveEvent } from '#app/modules/ordering/ordering.types.ts';
import { findLocation } from '#app/modules/location/location.repo.server.ts';
import { findRestaurantById } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { reservationMail, type ReservationMailKind } from './reservation-emails.ts';
import { reservationSpan } from './reservation-slots.ts';
import type { ReservationLocale } from './reservations.types.ts';

/**
 * What a reservation's change tells others, inside the change's transaction: the guest's e-mail
 * (a `mail.send` job, so it goes only if the change commits) and the staff list's live event
 * (appended last, decision 0031). The caller publishes after the commit.
 */

export const asReservationLocale = (locale: string): ReservationLocale => (locale === 'en' ? 'en' : 'ro');

/** The guest's page, absolute, in the guest's language. */
export function reservationUrl(slug: string, token: string, locale: string): string {
  return `${getPublicUrl()}/${slug}/rezervare/${token}?lang=${asReservationLocale(locale)}`;
}

/** "vineri, 27 noiembrie 2026, 19:30" in the guest's language and the restaurant's zone. */
export function formatReservationWhen(start: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(asReservationLocale(locale) === 'en' ? 'en-GB' : 'ro-RO', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(start);
}

/** Enqueues the guest's e-mail of `kind` when the guest gave an address (and it is not erased yet). */
export async function enqueueReservationMail(trx: Kysely<Database>, reservation: Reservation, kind: ReservationMailKind, now: Date): Promise<boolean> {
  if (!reservation.email) return false;
  const [restaurant, location, settings] = await Promise.all([
    findRestaurantById(trx, reservation.restaurantId),
    findLocation(trx, reservation.restaurantId, reservation.locationId),
    locationOrderingForGuests(trx, reservation.restaurantId, reservation.locationId),
  ]);
  if (!restaurant || !location) return false;
  const locale = asReservationLocale(reservation.locale);
  const span = reservationSpan(reservation.date, reservation.time, settings.slotMinutes, restaurant.timeZone);
  const mail = reservationMail({
    kind,
    to: reservation.email,
    locale,
    reservationId: reservation.id,
    restaurantName: restaurant.name,
    locationName: (locale === 'en' ? location.nameEn : null) || location.nameRo,
    address: location.address ?? restaurant.address,
    when: formatReservationWhen(span.start, locale, restaurant.timeZone),
    partySize: reservation.partySize,
    declineReason: reservation.declineReason,
    url: reservationUrl(restaurant.slug, reservation.token, locale),
    start: span.start,
    end: span.end,
    now: now.getTime(),
  });
  await enqueueJob(trx, { type: 'mail.send', payload: { mail } });
  return true;
}

/** The staff list's live event: the row and its status, never contact details. Append it last. */
export async function appendReservationEvent(
  trx: Kysely<Database>,
  reservation: Pick<Reservation, 'id' | 'restaurantId' | 'locationId' | 'status'>,
  type: ReservationLiveEvent['type'],
): Promise<void> {
  const payload: ReservationLiveEvent['payload'] = { reservationId: reservation.id, status: reservation.status, locationId: reservation.locationId };
  await appendLiveEvent(trx, { restaurantId: reservation.restaurantId, channel: 'reservations', type, payload });
}
