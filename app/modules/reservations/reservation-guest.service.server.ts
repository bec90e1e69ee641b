import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Reservation, ReservationStatus, Restaurant } from '#app/db/schema.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { AppError, isAppError } from '#app/modules/errors/app-error.ts';
import { isMenuPublished } from '#app/modules/guest-menu/menu.service.server.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { watchStream } from '#app/modules/live/watch-stream.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { announceCeilingHit } from '#app/modules/ordering/guest-ceilings.server.ts';
import { locationOrderingForGuests, orderingForGuests } from '#app/modules/ordering/ordering-settings.service.server.ts';
import type { LocationOrdering } from '#app/modules/ordering/ordering.types.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { findRestaurantById, findRestaurantBySlug } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { parseOpeningExceptions } from '#app/modules/restaurant/opening-exceptions.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { appendReservationEvent, enqueueReservationMail } from './reservation-notify.server.ts';
import {
  countHeldByTime,
  findReservationByKey,
  findReservationByToken,
  findReservationState,
  insertReservation,
  lockReservationLocation,
  lockReservationSlot,
  updateReservationStatus,
} from './reservation.repo.server.ts';
import type { ReservationRequestInput } from './reservation.schema.ts';
import { assertReservationCeilings, reservationContactKeys } from './reservation-ceilings.server.ts';
import { freeSlots, refuseSlot, reservableDates, reservationSpan, type SlotRules } from './reservation-slots.ts';
import type { ReservationFormPage, ReservationGuestView, ReservationLocale } from './reservations.types.ts';

/**
 * The guest's side of reservations (issue 25, decision 0032): the form, the request, the guest's
 * page and its "cancel". Public: no scope, the restaurant comes from the address's slug, the
 * reservation from its unguessable token. Every refusal is an AppError with its own message, and a
 * refused request writes nothing.
 */

/** Requests per client (a keyed hash of the address) in an hour. */
export const RESERVATION_RATE: RateRule = { max: 10, windowSeconds: 60 * 60 };

/** A keyed hash of the client address: enough to rate limit, useless to anyone reading the table. */
export function reservationClientKey(clientIp: string, secret: string): string {
  return createHmac('sha256', secret).update(`reservation:${clientIp}`).digest('base64url').slice(0, 32);
}

/** The page's language: `?lang=` (ro or en; a menu in another language books in English), else the site's. */
export function reservationLocaleOf(lang: string | null, request: Request): ReservationLocale {
  if (lang === 'ro') return 'ro';
  if (lang) return 'en';
  return getRequestLocale(request) === 'en' ? 'en' : 'ro';
}

const newToken = () => randomBytes(24).toString('base64url');
export const newIdempotencyKey = () => randomBytes(18).toString('base64url');

function slotRules(restaurant: Restaurant, settings: LocationOrdering): SlotRules {
  return {
    hours: parseOpeningHours(restaurant.openingHours),
    exceptions: parseOpeningExceptions(restaurant.openingExceptions),
    timeZone: restaurant.timeZone,
    slotMinutes: settings.slotMinutes,
    leadMinutes: settings.leadMinutes,
    daysAhead: settings.daysAhead,
    capacityPerSlot: settings.capacityPerSlot,
  };
}

const locationName = (location: { nameRo: string; nameEn: string | null }, locale: ReservationLocale) => (locale === 'en' ? location.nameEn : null) || location.nameRo;

/** The restaurant behind a reservation address, and the locations taking reservations, in order. */
async function reservableRestaurant(db: Kysely<Database>, slug: string, now: Date) {
  const restaurant = await findRestaurantBySlug(db, slug);
  if (!restaurant || restaurant.active !== 1) return undefined;
  const [locations, offers] = await Promise.all([listAllLocations(db, restaurant.id), orderingForGuests(db, restaurant.id)]);
  const open = [...locations].filter((location) => location.visible === 1 && offers.get(location.id)?.reservationsEnabled).sort((a, b) => a.sortOrder - b.sortOrder);
  return { restaurant, published: isMenuPublished(restaurant, now), locations: open, offers };
}

/** The form at `/:slug/rezervare`: undefined when no such restaurant. */
export async function getReservationForm(
  db: Kysely<Database>,
  slug: string,
  query: { locationId?: string | null; date?: string | null },
  locale: ReservationLocale,
  now: Date = new Date(),
): Promise<ReservationFormPage | undefined> {
  const found = await reservableRestaurant(db, slug, now);
  if (!found) return undefined;
  const { restaurant, locations, offers } = found;
  if (!found.published) return { status: 'closed', restaurantName: restaurant.name, slug: restaurant.slug, reason: 'unpublished' };
  const location = locations.find((one) => one.id === query.locationId) ?? locations[0];
  const settings = location ? offers.get(location.id) : undefined;
  if (!location || !settings) return { status: 'closed', restaurantName: restaurant.name, slug: restaurant.slug, reason: 'reservations-off' };
  const rules = slotRules(restaurant, settings);
  const { today, last } = reservableDates(rules, now.getTime());
  const date = query.date && /^\d{4}-\d{2}-\d{2}$/.test(query.date) && query.date >= today && query.date <= last ? query.date : today;
  const taken = await countHeldByTime(db, restaurant.id, location.id, date);
  return {
    status: 'open',
    restaurantName: restaurant.name,
    slug: restaurant.slug,
    locations: locations.map((one) => ({ id: one.id, name: locationName(one, locale) })),
    locationId: location.id,
    date,
    today,
    lastDate: last,
    slots: freeSlots(rules, date, now.getTime(), taken).map((slot) => ({ time: slot.time, free: slot.free })),
    maxPartySize: settings.maxPartySize,
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * A guest's request. Checked in the transaction under the slot's and the location's locks (two
 * guests for the last place: one gets it, the other is told the slot filled; the location's ceilings,
 * reservation-ceilings.server.ts, hold under any number of addresses); the same idempotency key
 * twice is the same reservation. Auto-accept answers at once. Returns the guest page's token.
 */
export async function requestReservation(
  db: Kysely<Database>,
  slug: string,
  input: ReservationRequestInput,
  options: { locale: ReservationLocale; clientKey: string; /** keys the contact's hashes (reservationContactKeys) */ secret: string; now?: Date },
): Promise<{ token: string }> {
  const now = options.now ?? new Date();
  const found = await reservableRestaurant(db, slug, now);
  if (!found) throw new AppError('not-found');
  if (!found.published) throw new AppError('reservation-unpublished');
  const { restaurant } = found;
  const repeated = await findReservationByKey(db, restaurant.id, input.idempotencyKey);
  if (repeated) return { token: repeated.token };
  const location = found.locations.find((one) => one.id === input.locationId);
  const settings = location ? found.offers.get(location.id) : undefined;
  if (!location || !settings) throw new AppError('reservation-off', {}, { field: 'locationId' });
  if (input.partySize > settings.maxPartySize) throw new AppError('reservation-party', { max: settings.maxPartySize }, { field: 'partySize' });
  const rules = slotRules(restaurant, settings);
  // a refusal without the lock first: nothing to wait for when the time is wrong anyway
  const early = refuseSlot(rules, input.date, input.time, now.getTime(), 0);
  if (early) throw new AppError(early, {}, { field: 'time' });
  const limit = await consumeRateLimit(db, `reservation:${options.clientKey}`, RESERVATION_RATE, now);
  if (!limit.ok) throw new AppError('reservation-rate', { minutes: Math.ceil(limit.retryAfterSeconds / 60) });

  const contactKeys = reservationContactKeys(location.id, input, options.secret);
  const { reservation, created } = await db
    .transaction()
    .execute(async (trx): Promise<{ reservation: Reservation; created: boolean }> => {
      await lockReservationSlot(trx, location.id, input.date, input.time);
      await lockReservationLocation(trx, location.id);
      const again = await findReservationByKey(trx, restaurant.id, input.idempotencyKey);
      if (again) return { reservation: again, created: false };
      const taken = (await countHeldByTime(trx, restaurant.id, location.id, input.date)).get(input.time) ?? 0;
      const refusal = refuseSlot(rules, input.date, input.time, now.getTime(), taken);
      if (refusal) throw new AppError(refusal, {}, { field: 'time' });
      await assertReservationCeilings(trx, restaurant.id, settings, contactKeys, now);
      const stamp = now.toISOString();
      const row: Reservation = {
        id: randomUUID(),
        restaurantId: restaurant.id,
        locationId: location.id,
        token: newToken(),
        date: input.date,
        time: input.time,
        partySize: input.partySize,
        name: input.name,
        phone: input.phone,
        email: input.email ?? null,
        note: input.note ?? null,
        locale: options.locale,
        status: settings.autoAccept ? 'accepted' : 'requested',
        declineReason: null,
        idempotencyKey: input.idempotencyKey,
        reminderSentAt: null,
        createdAt: stamp,
        updatedAt: stamp,
        contactErasedAt: null,
      };
      await insertReservation(trx, restaurant.id, row);
      if (row.status === 'accepted') await enqueueReservationMail(trx, row, 'accepted', now);
      await appendReservationEvent(trx, row, 'reservation.requested');
      return { reservation: row, created: true };
    })
    .catch(async (error: unknown) => {
      // the location's ceiling refused a guest: the staff hear of it (the contact's own limit is the guest's alone)
      if (isAppError(error) && error.code === 'reservation-ceiling') await announceCeilingHit(db, restaurant.id, location.id, 'reservations', now);
      throw error;
    });
  if (created) publishLive(restaurant.id, 'reservations');
  return { token: reservation.token };
}

/** The guest's page: undefined for an unknown token, or a restaurant deactivated since. */
export async function getReservationGuestView(db: Kysely<Database>, token: string, locale: ReservationLocale, now: Date = new Date()): Promise<ReservationGuestView | undefined> {
  const reservation = await findReservationByToken(db, token);
  if (!reservation) return undefined;
  const [restaurant, locations] = await Promise.all([findRestaurantById(db, reservation.restaurantId), listAllLocations(db, reservation.restaurantId)]);
  const location = locations.find((one) => one.id === reservation.locationId);
  // a restaurant the platform deactivated shows nothing to guests, as its menu and order pages
  if (!restaurant || restaurant.active !== 1 || !location) return undefined;
  const settings = await locationOrderingForGuests(db, restaurant.id, location.id);
  const { start } = reservationSpan(reservation.date, reservation.time, settings.slotMinutes, restaurant.timeZone);
  return {
    restaurantName: restaurant.name,
    slug: restaurant.slug,
    locationName: locationName(location, locale),
    date: reservation.date,
    time: reservation.time,
    partySize: reservation.partySize,
    name: reservation.name,
    status: reservation.status,
    declineReason: reservation.declineReason,
    cancellable: (reservation.status === 'requested' || reservation.status === 'accepted') && start > now.getTime(),
  };
}

/**
 * "Cancel my reservation" at `/<slug>/rezervare/<token>`: only while requested or accepted and not
 * yet begun, and only under the address of the reservation's own restaurant (issue 33 item 5: a
 * token under another restaurant's slug is not found and changes nothing, as its page is).
 */
export async function cancelReservationByGuest(db: Kysely<Database>, slug: string, token: string, now: Date = new Date()): Promise<void> {
  const [restaurant, reservation] = await Promise.all([findRestaurantBySlug(db, slug), findReservationByToken(db, token)]);
  if (!restaurant || restaurant.active !== 1 || !reservation || reservation.restaurantId !== restaurant.id) throw new AppError('not-found');
  const view = await getReservationGuestView(db, token, 'ro', now);
  if (!view?.cancellable) throw new AppError('reservation-not-cancellable');
  await db.transaction().execute(async (trx) => {
    const changed = await updateReservationStatus(
      trx,
      reservation.restaurantId,
      reservation.id,
      { from: ['requested', 'accepted'] },
      { status: 'cancelled', updatedAt: now.toISOString() },
    );
    if (!changed) throw new AppError('reservation-not-cancellable');
    const cancelled = { ...reservation, status: 'cancelled' as const };
    if (reservation.status === 'accepted') await enqueueReservationMail(trx, cancelled, 'cancelled', now);
    await appendReservationEvent(trx, cancelled, 'reservation.updated');
  });
  publishLive(reservation.restaurantId, 'reservations');
}

/** The shape of a guest page's token (newToken: 24 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** What the guest page's live stream sends: the status only, never a name, a phone or another row. */
export interface ReservationGuestState {
  status: ReservationStatus;
  declineReason: string | null;
  updatedAt: string;
}

/**
 * The guest page's live stream (the order page's, decision 0032, for a reservation): its status on
 * each wake-up of the restaurant's `reservations` channel (and every few seconds), sent when it
 * changed, so the staff's answer shows without a reload. Public, the token is the key; bounded like
 * the order's (watch-stream.server.ts: per process and per token). Undefined for a token of no
 * reservation of the address's restaurant (the route's 404).
 */
export async function guestReservationStream(db: Kysely<Database>, request: Request, slug: string, token: string): Promise<Response | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const restaurant = await findRestaurantBySlug(db, slug);
  if (!restaurant || restaurant.active !== 1) return undefined;
  const read = (): Promise<ReservationGuestState | undefined> => findReservationState(db, restaurant.id, token);
  if (!(await read())) return undefined;
  return watchStream(request, { restaurantId: restaurant.id, channel: 'reservations', key: token, read: async () => (await read()) ?? null });
}
