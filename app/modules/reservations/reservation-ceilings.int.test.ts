import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { OrderingSettingsInput } from '#app/modules/ordering/ordering-settings.schema.ts';
import { updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { addDays, localMoment } from '#app/modules/restaurant/local-time.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { newIdempotencyKey, requestReservation } from './reservation-guest.service.server.ts';
import { getStaffReservations } from './reservation-staff.service.server.ts';
import { ReservationRequestInput } from './reservation.schema.ts';

/**
 * Issue 33 item 3: 12 addresses filled a day's 92 places in 3.4 s. A location's ceilings on
 * reservation requests (per hour, per day, per contact) hold under 30 addresses sending at once,
 * the guest reads why, and the staff's list says so.
 */
useFileWorld();

const TZ = 'Europe/Bucharest';
const EVERY_DAY = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));
let seq = 0;

async function restaurant(settings: Record<string, string>) {
  const slug = `plafon-${testDialect}-${++seq}`;
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
      capacityPerSlot: '200',
      ...settings,
    }),
  );
  return { id: id!, slug, scope, locationId };
}

const day = () => addDays(localMoment(Date.now(), TZ).date, 2);
const ask = (place: { slug: string; locationId: string }, client: string, contact: { phone: string; email?: string }, time = '19:00') =>
  requestReservation(
    db,
    place.slug,
    ReservationRequestInput.parse({ locationId: place.locationId, date: day(), time, partySize: '2', name: 'Oaspete', ...contact, idempotencyKey: newIdempotencyKey() }),
    { locale: 'ro', clientKey: `${client}-${testDialect}-${seq}`, secret: 'ceilings-test-secret' },
  );
const count = async (restaurantId: string) => (await db.selectFrom('reservation').select('id').where('restaurantId', '=', restaurantId).execute()).length;
const codes = (results: PromiseSettledResult<unknown>[]) => results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code?: string }).code] : []));

describe(`reservation ceilings on ${testDialect}`, () => {
  it('holds the hour’s ceiling against 30 addresses at once, across slots, and tells the staff once', async () => {
    const place = await restaurant({ reservationHourCeiling: '10', reservationDayCeiling: '40' });
    const times = ['19:00', '19:30', '20:00'];
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => ask(place, `address-${i}`, { phone: `0722 100 ${String(i).padStart(3, '0')}` }, times[i % 3])));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(codes(results)).toEqual(Array.from({ length: 20 }, () => 'reservation-ceiling'));
    expect(await count(place.id)).toBe(10);
    expect(getI18n('ro').t('appErrors.reservation-ceiling')).toContain('sună la restaurant');
    const events = await db.selectFrom('liveEvent').select(['type', 'payload']).where('restaurantId', '=', place.id).where('type', '=', 'reservations.ceiling').execute();
    expect(events).toEqual([{ type: 'reservations.ceiling', payload: JSON.stringify({ locationId: place.locationId }) }]);
    const list = await getStaffReservations(place.scope, { date: day() });
    expect(list.ceilingHits).toEqual([expect.objectContaining({ locationName: 'Terasă', hourCeiling: 10, dayCeiling: 40 })]);
  });

  it('holds the day’s ceiling as the hours pass', async () => {
    const place = await restaurant({ reservationHourCeiling: '3', reservationDayCeiling: '4' });
    for (let i = 0; i < 3; i++) await ask(place, `early-${i}`, { phone: `0733 200 00${i}` });
    await expect(ask(place, 'early-x', { phone: '0733 200 009' })).rejects.toMatchObject({ code: 'reservation-ceiling', status: 429 });
    // an hour on, the hour's ceiling has room again, the day's has one place left
    await db
      .updateTable('reservation')
      .set({ createdAt: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('restaurantId', '=', place.id)
      .execute();
    await ask(place, 'later-1', { phone: '0733 200 010' });
    await expect(ask(place, 'later-2', { phone: '0733 200 011' })).rejects.toMatchObject({ code: 'reservation-ceiling' });
    expect(await count(place.id)).toBe(4);
  });

  it('lets one phone or e-mail send its day’s requests only, however it is written', async () => {
    const place = await restaurant({ reservationContactCeiling: '3' });
    for (const phone of ['0722 123 456', '+40 722 123 456', '(0722) 123-456']) await ask(place, `phone-${phone}`, { phone });
    await expect(ask(place, 'phone-again', { phone: '0040722123456' })).rejects.toMatchObject({ code: 'reservation-contact-ceiling', status: 429, params: { max: 3 } });
    for (const [i, email] of ['ana@example.com', 'ANA@example.com', 'ana+1@example.com'].entries()) await ask(place, `mail-${i}`, { phone: `0744 300 00${i}`, email });
    await expect(ask(place, 'mail-again', { phone: '0744 300 009', email: 'Ana+x@Example.com' })).rejects.toMatchObject({ code: 'reservation-contact-ceiling' });
    expect(getI18n('en').t('appErrors.reservation-contact-ceiling', { max: 3 })).toContain('already sent 3 reservation requests today');
    // another guest is not concerned
    await ask(place, 'someone-else', { phone: '0755 400 000' });
    expect(await count(place.id)).toBe(7);
    // no notice for the staff: one guest's limit is not the restaurant's
    expect((await getStaffReservations(place.scope, { date: day() })).ceilingHits).toEqual([]);
  });
});
