import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { OrderingSettingsInput } from '#app/modules/ordering/ordering-settings.schema.ts';
import { updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { addDays, instantOf, localMoment } from '#app/modules/restaurant/local-time.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { eraseExpiredContacts } from '#app/modules/retention/retention.server.ts';
import { sendReservationReminders } from './reservation-jobs.server.ts';
import { cancelReservationByGuest, getReservationForm, getReservationGuestView, newIdempotencyKey, requestReservation } from './reservation-guest.service.server.ts';
import { changeReservation, getStaffReservations } from './reservation-staff.service.server.ts';
import { ReservationRequestInput } from './reservation.schema.ts';

/** Issue 25 item 5: a guest's reservation from the request to the staff's answer, its e-mail and calendar file, and every refusal. */
useFileWorld();

const TZ = 'Europe/Bucharest';
const EVERY_DAY = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));
let seq = 0;

async function restaurant(settings: Record<string, string> = {}, extra: { exceptions?: string } = {}) {
  const slug = `rezervari-${testDialect}-${++seq}`;
  const { id } = await insertRestaurant(db, { slug, name: `Bistro ${seq}`, openingHours: EVERY_DAY, openingExceptions: extra.exceptions ?? null, timeZone: TZ }, {});
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
      capacityPerSlot: '1',
      ...settings,
    }),
  );
  return { id: id!, slug, scope, locationId };
}

const today = () => localMoment(Date.now(), TZ).date;
const raw = (locationId: string, over: Record<string, string> = {}) => ({
  locationId,
  date: addDays(today(), 2),
  time: '19:00',
  partySize: '4',
  name: 'Ana 🍷 <b>Pop</b>',
  phone: '0722 123 456',
  email: 'ana@example.com',
  note: '<script>alert(1)</script> aniversare 🎂',
  idempotencyKey: newIdempotencyKey(),
  ...over,
});
const input = (locationId: string, over: Record<string, string> = {}) => ReservationRequestInput.parse(raw(locationId, over));
const guest = { locale: 'ro' as const, clientKey: `client-${testDialect}`, secret: 'reservations-test-secret' };
const rows = (restaurantId: string) => db.selectFrom('reservation').selectAll().where('restaurantId', '=', restaurantId).execute();

async function deliver(): Promise<OutgoingMail[]> {
  const sent: OutgoingMail[] = [];
  await runJobsUntilIdle(db, createJobHandlers({ mailer: { send: async (mail) => void sent.push(mail) }, storage, retentionDays: 7 }));
  return sent;
}

function calendarOf(mail: OutgoingMail) {
  const file = mail.attachments?.find((one) => one.filename.endsWith('.ics'));
  if (!file) throw new Error('no calendar file');
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return { method: calendar.getFirstPropertyValue('method'), event: new ICAL.Event(event), status: event.getFirstPropertyValue('status') };
}

describe(`reservations on ${testDialect}`, () => {
  it('request → the staff list (live event) → accept → the guest’s e-mail with a calendar file a real parser reads', async () => {
    const a = await restaurant();
    const form = await getReservationForm(db, a.slug, { locationId: a.locationId, date: addDays(today(), 2) }, 'ro');
    expect(form?.status === 'open' && form.slots.map((slot) => slot.time)).toContain('19:00');

    const request = input(a.locationId);
    const { token } = await requestReservation(db, a.slug, request, { ...guest, clientKey: `${guest.clientKey}-1` });
    // a double submit (the same key) is the same reservation
    expect((await requestReservation(db, a.slug, request, { ...guest, clientKey: `${guest.clientKey}-1` })).token).toBe(token);
    expect(await rows(a.id)).toHaveLength(1);
    const [stored] = await rows(a.id);
    expect(stored).toMatchObject({ status: 'requested', name: 'Ana 🍷 <b>Pop</b>', note: '<script>alert(1)</script> aniversare 🎂', partySize: 4 });
    // the slot is taken now (capacity 1): the form lists it full
    const after = await getReservationForm(db, a.slug, { locationId: a.locationId, date: request.date }, 'ro');
    expect(after?.status === 'open' && after.slots.find((slot) => slot.time === '19:00')?.free).toBe(0);

    const events = await db.selectFrom('liveEvent').select(['type', 'payload', 'channel']).where('restaurantId', '=', a.id).execute();
    expect(events).toEqual([
      { type: 'reservation.requested', channel: 'reservations', payload: JSON.stringify({ reservationId: stored!.id, status: 'requested', locationId: a.locationId }) },
    ]);

    const staff = scopes.member(a.id, 'staff');
    const list = await getStaffReservations(staff, { date: request.date });
    expect(list.reservations).toMatchObject([{ id: stored!.id, time: '19:00', phone: '0722 123 456', status: 'requested' }]);
    expect(list.days[0]).toEqual({ date: request.date, open: 1, requested: 1 });
    expect(await changeReservation(staff, { intent: 'accept', id: stored!.id, version: stored!.updatedAt, reason: null })).toBe('accepted');
    expect((await getReservationGuestView(db, token, 'ro'))?.status).toBe('accepted');

    const [mail] = (await deliver()).filter((one) => one.to === 'ana@example.com');
    expect(mail!.subject).toBe(`Rezervare confirmată la Bistro ${seq}`);
    expect(mail!.html).toContain('Terasă');
    const { method, event, status } = calendarOf(mail!);
    expect(method).toBe('PUBLISH');
    expect(status).toBe('CONFIRMED');
    expect(event.uid).toBe(`reservation-${stored!.id}@localhost`);
    expect(event.summary).toBe(`Rezervare la Bistro ${seq}`);
    expect(event.location).toContain('Terasă');
    expect(event.startDate.toJSDate().getTime()).toBe(instantOf(request.date, 19 * 60, TZ));
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(60 * 60_000);

    // the guest cancels: the calendar file of the same UID says CANCELLED
    await cancelReservationByGuest(db, a.slug, token);
    await expect(cancelReservationByGuest(db, a.slug, token)).rejects.toMatchObject({ code: 'reservation-not-cancellable' });
    const [cancelled] = (await deliver()).filter((one) => one.to === 'ana@example.com');
    expect(calendarOf(cancelled!)).toMatchObject({ status: 'CANCELLED' });
    expect(calendarOf(cancelled!).event.uid).toBe(`reservation-${stored!.id}@localhost`);
  });

  it('refuses a cancel under another restaurant’s address, or an unknown one, and changes nothing', async () => {
    const a = await restaurant();
    const other = await restaurant();
    const { token } = await requestReservation(db, a.slug, input(a.locationId), { ...guest, clientKey: `${guest.clientKey}-slug` });
    const before = await rows(a.id);
    const events = () => db.selectFrom('liveEvent').select('id').where('restaurantId', 'in', [a.id, other.id]).execute();
    const eventsBefore = (await events()).length;
    await expect(cancelReservationByGuest(db, other.slug, token)).rejects.toMatchObject({ code: 'not-found', status: 404 });
    await expect(cancelReservationByGuest(db, 'nimeni-aici', token)).rejects.toMatchObject({ code: 'not-found', status: 404 });
    expect(await rows(a.id)).toEqual(before);
    expect(await events()).toHaveLength(eventsBefore);
    await cancelReservationByGuest(db, a.slug, token);
    expect((await rows(a.id))[0]?.status).toBe('cancelled');
  });

  it('refuses each bad request with its reason and saves nothing', async () => {
    const a = await restaurant({}, { exceptions: JSON.stringify([{ from: addDays(today(), 3), to: addDays(today(), 3), note: 'Închis', hours: [] }]) });
    const d = addDays(today(), 2);
    const ask = (over: Record<string, string>, now?: Date) =>
      requestReservation(db, a.slug, input(a.locationId, over), { ...guest, clientKey: `${guest.clientKey}-2-${++seq}`, now });
    await expect(ask({ date: addDays(today(), -1) })).rejects.toMatchObject({ code: 'reservation-past', field: 'time' });
    await expect(ask({ date: d }, new Date(instantOf(d, 19 * 60 + 30, TZ)))).rejects.toMatchObject({ code: 'reservation-past' });
    await expect(ask({ date: d }, new Date(instantOf(d, 18 * 60 + 30, TZ)))).rejects.toMatchObject({ code: 'reservation-too-soon' });
    await expect(ask({ time: '23:00' })).rejects.toMatchObject({ code: 'reservation-outside-hours' });
    await expect(ask({ time: '21:30' })).rejects.toMatchObject({ code: 'reservation-outside-hours' });
    await expect(ask({ date: addDays(today(), 3) })).rejects.toMatchObject({ code: 'reservation-closed-day' });
    await expect(ask({ date: addDays(today(), 15) })).rejects.toMatchObject({ code: 'reservation-too-far' });
    await expect(ask({ partySize: '7' })).rejects.toMatchObject({ code: 'reservation-party', params: { max: 6 } });
    await expect(ask({ locationId: 'no-such-location' })).rejects.toMatchObject({ code: 'reservation-off' });
    expect(ReservationRequestInput.safeParse({ ...raw(a.locationId), partySize: '1.5' }).success).toBe(false);
    expect(ReservationRequestInput.safeParse({ ...raw(a.locationId), partySize: '-2' }).success).toBe(false);
    expect(ReservationRequestInput.safeParse({ ...raw(a.locationId), phone: 'call me' }).error?.issues[0]?.message).toBe('phone');
    // reservations off at a location, then the menu unpublished
    const off = await createLocation(a.scope, storage, LocationInput.parse({ nameRo: 'Salon' }));
    await expect(ask({ locationId: off })).rejects.toMatchObject({ code: 'reservation-off' });
    await db.updateTable('restaurant').set({ publishedUntil: '2000-01-01T00:00:00.000Z' }).where('id', '=', a.id).execute();
    await expect(ask({})).rejects.toMatchObject({ code: 'reservation-unpublished' });
    expect((await getReservationForm(db, a.slug, {}, 'en'))?.status).toBe('closed');
    expect(await rows(a.id)).toEqual([]);
  });

  it('gives the last place of a slot to one of two guests asking at once', async () => {
    const a = await restaurant();
    const results = await Promise.allSettled(
      [1, 2].map((n) => requestReservation(db, a.slug, input(a.locationId, { name: `Oaspete ${n}` }), { ...guest, clientKey: `${guest.clientKey}-3-${n}` })),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'reservation-full' } });
    expect(await rows(a.id)).toHaveLength(1);
  });

  it('limits the requests of one client', async () => {
    const a = await restaurant({ capacityPerSlot: '50' });
    const clientKey = `${guest.clientKey}-limit`;
    // ten different guests behind one address (the contact's own ceiling is another test's)
    const someone = (i: number) => input(a.locationId, { phone: `0722 000 0${String(i).padStart(2, '0')}`, email: `guest${i}@example.com` });
    for (let i = 0; i < 10; i++) await requestReservation(db, a.slug, someone(i), { ...guest, clientKey });
    await expect(requestReservation(db, a.slug, someone(10), { ...guest, clientKey })).rejects.toMatchObject({ code: 'reservation-rate', status: 429 });
    expect(await rows(a.id)).toHaveLength(10);
  });

  it('answers at once with auto-accept', async () => {
    const a = await restaurant({ autoAccept: 'on' });
    const { token } = await requestReservation(db, a.slug, input(a.locationId, { email: 'auto@example.com' }), { ...guest, locale: 'en', clientKey: `${guest.clientKey}-auto` });
    expect((await getReservationGuestView(db, token, 'en'))?.status).toBe('accepted');
    const [mail] = (await deliver()).filter((one) => one.to === 'auto@example.com');
    expect(mail!.subject).toBe(`Reservation confirmed at Bistro ${seq}`);
  });

  it('refuses another restaurant, a role without reservations.manage, a stale list, and a no-show before its time', async () => {
    const a = await restaurant({ capacityPerSlot: '5' });
    const b = await restaurant();
    await requestReservation(db, a.slug, input(a.locationId), { ...guest, clientKey: `${guest.clientKey}-6` });
    const [row] = await rows(a.id);
    const accept = { intent: 'accept' as const, id: row!.id, version: row!.updatedAt, reason: null };
    await expect(changeReservation(b.scope, accept)).rejects.toMatchObject({ code: 'not-found' });
    await expect(changeReservation(scopes.member(a.id, 'editor'), accept)).rejects.toMatchObject({ status: 403 });
    await expect(getStaffReservations(scopes.member(a.id, 'editor'), {})).rejects.toMatchObject({ status: 403 });
    await changeReservation(scopes.member(a.id, 'manager'), accept);
    // a second tab that still shows "requested"
    await expect(changeReservation(a.scope, { ...accept, intent: 'decline', reason: 'Plin' })).rejects.toMatchObject({ code: 'stale-edit' });
    const [accepted] = await rows(a.id);
    await expect(changeReservation(a.scope, { intent: 'no-show', id: row!.id, version: accepted!.updatedAt, reason: null })).rejects.toMatchObject({
      code: 'reservation-not-begun',
    });
    expect((await rows(a.id))[0]!.status).toBe('accepted');

    await requestReservation(db, a.slug, input(a.locationId, { email: 'decline@example.com' }), { ...guest, clientKey: `${guest.clientKey}-6b` });
    const requested = (await rows(a.id)).find((one) => one.status === 'requested')!;
    await changeReservation(a.scope, { intent: 'decline', id: requested.id, version: requested.updatedAt, reason: 'Avem un eveniment privat' });
    const [declined] = (await deliver()).filter((one) => one.to === 'decline@example.com');
    expect(declined!.text).toContain('Avem un eveniment privat');
    expect(declined!.attachments).toBeUndefined();
  });

  it('sends the reminder the day before once, and erases contact details after the retention days', async () => {
    const a = await restaurant();
    const now = new Date();
    const start = now.getTime() + 20 * 60 * 60 * 1000;
    const local = localMoment(start, TZ);
    const time = `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`;
    const base = {
      restaurantId: a.id,
      locationId: a.locationId,
      time,
      partySize: 2,
      name: 'Ion',
      phone: '0722000000',
      note: null,
      locale: 'ro',
      declineReason: null,
      reminderSentAt: null,
      contactErasedAt: null,
    };
    const long = new Date(now.getTime() - 3 * 24 * 3600_000).toISOString();
    await db
      .insertInto('reservation')
      .values([
        {
          ...base,
          id: `rem-${seq}`,
          token: `rem-token-${seq}`,
          date: local.date,
          email: 'remind@example.com',
          status: 'accepted',
          idempotencyKey: `rem-${seq}`,
          createdAt: long,
          updatedAt: long,
        },
        {
          ...base,
          id: `old-${seq}`,
          token: `old-token-${seq}`,
          date: addDays(today(), -40),
          email: 'old@example.com',
          status: 'accepted',
          idempotencyKey: `old-${seq}`,
          createdAt: long,
          updatedAt: long,
        },
      ])
      .execute();
    const system = systemScope(db, 'test');
    expect(await sendReservationReminders(system, now)).toBe(1);
    expect(await sendReservationReminders(system, now)).toBe(0);
    const reminders = (await deliver()).filter((one) => one.to === 'remind@example.com');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Mâine: rezervarea ta la Bistro ${seq}`);
    expect(calendarOf(reminders[0]!).status).toBe('CONFIRMED');

    // the retention job (app/modules/retention) erases what a reservation kept, 30 days after its date
    expect((await eraseExpiredContacts(system, now)).reservations).toBeGreaterThanOrEqual(1);
    const old = await db.selectFrom('reservation').selectAll().where('id', '=', `old-${seq}`).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ name: null, phone: null, email: null, note: null, status: 'accepted', partySize: 2 });
    expect((await db.selectFrom('reservation').select('name').where('id', '=', `rem-${seq}`).executeTakeFirstOrThrow()).name).toBe('Ion');
  });
});
