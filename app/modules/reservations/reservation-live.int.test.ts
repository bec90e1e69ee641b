import { describe, expect, it } from 'vitest';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { OrderingSettingsInput } from '#app/modules/ordering/ordering-settings.schema.ts';
import { updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { addDays, localMoment } from '#app/modules/restaurant/local-time.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { readSse, type SseMessage } from '#tests/support/sse-reader.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getReservationGuestView, guestReservationStream, newIdempotencyKey, requestReservation } from './reservation-guest.service.server.ts';
import { changeReservation } from './reservation-staff.service.server.ts';
import { ReservationRequestInput } from './reservation.schema.ts';

/**
 * The guest's reservation page, live (issue 25): its stream sends that reservation's status at once
 * and again when the staff change it, found by its token under its restaurant's address only, never
 * a name, a phone or another reservation; bounded per reservation like the order page's.
 */
useFileWorld();

const TZ = 'Europe/Bucharest';
const EVERY_DAY = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));
let seq = 0;

async function restaurant() {
  const slug = `rezervari-live-${testDialect}-${++seq}`;
  const { id } = await insertRestaurant(db, { slug, name: `Bistro ${seq}`, openingHours: EVERY_DAY, timeZone: TZ }, {});
  const scope = scopes.owner(id!);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Terasă', nameEn: 'Terrace' }));
  await updateOrderingSettings(
    scope,
    storage,
    OrderingSettingsInput.parse({
      locationId,
      version: '0',
      reservationsEnabled: 'on',
      slotMinutes: '30',
      maxPartySize: '6',
      leadMinutes: '60',
      daysAhead: '14',
      capacityPerSlot: '2',
    }),
  );
  return { id: id!, slug, locationId };
}

/** A guest's request at `time`, two days ahead: its token and its row. */
async function reserve(place: { slug: string; locationId: string }, time: string) {
  const input = ReservationRequestInput.parse({
    locationId: place.locationId,
    date: addDays(localMoment(Date.now(), TZ).date, 2),
    time,
    partySize: '2',
    name: 'Ana Pop',
    phone: '0722 123 456',
    email: 'ana@example.com',
    note: 'lângă geam',
    idempotencyKey: newIdempotencyKey(),
  });
  const { token } = await requestReservation(db, place.slug, input, { locale: 'ro', clientKey: `live-${testDialect}-${seq}-${time}`, secret: 'live-test-secret' });
  const row = await db.selectFrom('reservation').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
  return { token, row };
}

const liveRequest = (slug: string, token: string, signal?: AbortSignal) => new Request(`http://localhost/${slug}/rezervare/${token}/live`, { signal });
const states = (all: SseMessage[]) => all.filter((m) => m.event === 'state').map((m) => JSON.parse(m.data!) as { status: string; declineReason: string | null; updatedAt: string });
const versionOf = async (id: string) => (await db.selectFrom('reservation').select('updatedAt').where('id', '=', id).executeTakeFirstOrThrow()).updatedAt;

describe(`the guest’s reservation page, live, on ${testDialect}`, () => {
  it('sends the status at once, then each change the staff make to this reservation and nothing of another', async () => {
    const a = await restaurant();
    const mine = await reserve(a, '19:00');
    const other = await reserve(a, '20:00');
    const controller = new AbortController();
    const response = await guestReservationStream(db, liveRequest(a.slug, mine.token, controller.signal), a.slug, mine.token);
    expect(response?.status).toBe(200);
    expect(response!.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const sse = readSse(response!);
    await sse.until((all) => states(all).length === 1);
    expect(states(sse.messages)).toEqual([{ status: 'requested', declineReason: null, updatedAt: mine.row.updatedAt }]);

    // the staff decline the other reservation (a wake-up of the same channel): this page hears nothing of it
    const staff = scopes.member(a.id, 'staff');
    expect(await changeReservation(staff, { intent: 'decline', id: other.row.id, version: other.row.updatedAt, reason: 'Plin' })).toBe('declined');
    expect(await changeReservation(staff, { intent: 'accept', id: mine.row.id, version: mine.row.updatedAt, reason: null })).toBe('accepted');
    await sse.until((all) => states(all).length === 2);
    const accepted = await versionOf(mine.row.id);
    expect(await changeReservation(staff, { intent: 'cancel', id: mine.row.id, version: accepted, reason: null })).toBe('cancelled');
    await sse.until((all) => states(all).length === 3);
    expect(states(sse.messages)).toEqual([
      { status: 'requested', declineReason: null, updatedAt: mine.row.updatedAt },
      { status: 'accepted', declineReason: null, updatedAt: accepted },
      { status: 'cancelled', declineReason: null, updatedAt: await versionOf(mine.row.id) },
    ]);
    // the status only: never the guest's details, nor the other reservation's
    const text = JSON.stringify(sse.messages);
    for (const secret of ['Ana Pop', '0722', 'ana@example.com', 'geam', 'Plin', mine.row.id, other.row.id, other.token]) expect(text).not.toContain(secret);

    controller.abort();
    await sse.end();
  });

  it('is found only by its token under its own restaurant’s address', async () => {
    const a = await restaurant();
    const b = await restaurant();
    const { token } = await reserve(a, '19:00');
    const unknown = 'x'.repeat(32);
    expect(await guestReservationStream(db, liveRequest(b.slug, token), b.slug, token)).toBeUndefined();
    expect(await guestReservationStream(db, liveRequest(a.slug, unknown), a.slug, unknown)).toBeUndefined();
    expect(await guestReservationStream(db, liveRequest('nu-exista', token), 'nu-exista', token)).toBeUndefined();
    expect(await guestReservationStream(db, liveRequest(a.slug, 'scurt'), a.slug, 'scurt')).toBeUndefined();
  });

  it('is not found, nor its page, once the platform deactivated the restaurant (as the order page and stream)', async () => {
    const a = await restaurant();
    const { token } = await reserve(a, '19:00');
    expect(await getReservationGuestView(db, token, 'ro')).toBeDefined();
    await db.updateTable('restaurant').set({ active: 0 }).where('slug', '=', a.slug).execute();
    expect(await guestReservationStream(db, liveRequest(a.slug, token), a.slug, token)).toBeUndefined();
    expect(await getReservationGuestView(db, token, 'ro')).toBeUndefined();
  });

  it('holds at most 4 streams per reservation; the next is told to come back later', async () => {
    const a = await restaurant();
    const { token } = await reserve(a, '19:00');
    const controller = new AbortController();
    const open = [];
    for (let i = 0; i < 4; i++) open.push(await guestReservationStream(db, liveRequest(a.slug, token, controller.signal), a.slug, token));
    expect(open.map((response) => response?.status)).toEqual([200, 200, 200, 200]);
    const refused = await guestReservationStream(db, liveRequest(a.slug, token), a.slug, token);
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('30');
    controller.abort();
    // the page's streams ended: the reservation may be followed again
    const again = new AbortController();
    expect((await guestReservationStream(db, liveRequest(a.slug, token, again.signal), a.slug, token))?.status).toBe(200);
    again.abort();
  });
});
