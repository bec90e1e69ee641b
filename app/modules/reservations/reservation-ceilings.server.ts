import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { ceilingWindowStart } from '#app/modules/ordering/guest-ceilings.server.ts';
import type { LocationOrdering } from '#app/modules/ordering/ordering.types.ts';
import { consumeRateLimit } from '#app/modules/rate-limit/rate-limit.server.ts';
import { countRequestsSince } from './reservation.repo.server.ts';

/**
 * A location's ceilings on reservation requests (issue 33 item 3, decision 0032 "Ceilings"): the
 * requests it takes in an hour and in a day (the owner's numbers), and those one contact may send
 * in a day. Checked in the request's transaction under the location's lock, so a rolled-back request
 * counts for nothing and concurrent guests from any number of addresses cannot pass together.
 */

const CONTACT_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The keys one contact's requests are counted under at a location: its phone (the last 9 digits, so
 * "+40 722 123 456" and "0722123456" are one) and its e-mail (lower case, without a "+tag"), each a
 * keyed hash: the rate counters hold nothing a reader could turn back into a phone number.
 */
export function reservationContactKeys(locationId: string, contact: { phone: string; email?: string | null | undefined }, secret: string): string[] {
  const hash = (kind: string, value: string) => createHmac('sha256', secret).update(`reservation-contact:${locationId}:${kind}:${value}`).digest('base64url').slice(0, 32);
  const keys = [`reservation:contact:${hash('phone', contact.phone.replace(/\D/g, '').slice(-9))}`];
  const email = contact.email
    ?.trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
  if (email) keys.push(`reservation:contact:${hash('email', email)}`);
  return keys;
}

/**
 * Refuses a request past a ceiling, in the request's transaction (`trx`, the location's lock held):
 * `reservation-ceiling` when the location took its hour's or day's requests, then
 * `reservation-contact-ceiling` when this phone or e-mail sent its day's. The contact's count is a
 * rate counter written in `trx`: a request refused later, or rolled back, leaves it as it was.
 */
export async function assertReservationCeilings(trx: Kysely<Database>, restaurantId: string, settings: LocationOrdering, contactKeys: readonly string[], now: Date): Promise<void> {
  const lastHour = await countRequestsSince(trx, restaurantId, settings.locationId, ceilingWindowStart(now, 60));
  if (lastHour >= settings.reservationHourCeiling) throw new AppError('reservation-ceiling');
  const lastDay = await countRequestsSince(trx, restaurantId, settings.locationId, ceilingWindowStart(now, 24 * 60));
  if (lastDay >= settings.reservationDayCeiling) throw new AppError('reservation-ceiling');
  for (const key of contactKeys) {
    const verdict = await consumeRateLimit(trx, key, { max: settings.reservationContactCeiling, windowSeconds: CONTACT_WINDOW_SECONDS }, now);
    if (!verdict.ok) throw new AppError('reservation-contact-ceiling', { max: settings.reservationContactCeiling });
  }
}
