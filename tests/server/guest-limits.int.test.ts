import { afterAll, describe, expect, it } from 'vitest';
import { addDays, localMoment } from '#app/modules/restaurant/local-time.ts';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { test, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';

/**
 * Issue 33 items 3 and 5 over real HTTP, behind one proxy (TRUST_PROXY=1: the address is the entry
 * the proxy added to X-Forwarded-For): a location's reservation ceiling holds against 30 client
 * addresses sending at once, each refused guest reads why in its language, and a guest's cancel
 * under another restaurant's address is refused and changes nothing.
 */
let db: TestDb;
let server: BuiltServer;

test.beforeAll(async ({ database }) => {
  db = database.db;
  server = await startBuiltServer({ ...database.location, env: { TRUST_PROXY: '1', WORKER: 'off' } });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const TZ = 'Europe/Bucharest';
const EVERY_DAY = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));

async function place(slug: string) {
  const { id } = await insertRestaurant(db, { slug, name: `Bistro ${slug}`, openingHours: EVERY_DAY, timeZone: TZ }, {});
  const location = buildLocation(id!);
  await db.insertInto('location').values(location).execute();
  const settings = { ordersEnabled: 0, reservationsEnabled: 1, capacityPerSlot: 200, reservationHourCeiling: 10, reservationDayCeiling: 40 } as const;
  await db
    .insertInto('orderingSettings')
    .values(buildOrderingSettings(id!, location.id, settings))
    .execute();
  return { id: id!, slug, locationId: location.id };
}

function reserve(at: { slug: string; locationId: string }, address: string, n: number, lang = 'ro') {
  const body = new URLSearchParams({
    locationId: at.locationId,
    date: addDays(localMoment(Date.now(), TZ).date, 2),
    time: '19:00',
    partySize: '2',
    name: `Oaspete ${n}`,
    phone: `0722 500 ${String(n).padStart(3, '0')}`,
    idempotencyKey: `http-key-${testDialect}-${n}-abcdefgh`,
  });
  return fetch(`${server.baseUrl}/${at.slug}/rezervare?lang=${lang}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { origin: server.baseUrl, 'x-forwarded-for': `10.0.0.1, ${address}` },
  });
}

describe(`guests' limits over HTTP on ${testDialect}`, () => {
  it('holds a location’s reservation ceiling against 30 addresses at once, and refuses a cancel under another restaurant’s address', async () => {
    const a = await place(`plafon-http-a-${testDialect}`);
    const b = await place(`plafon-http-b-${testDialect}`);
    // the entry the proxy added (the right-most) is the client: 30 different ones, each under its own limit of 10 an hour
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => reserve(a, `198.51.100.${i + 1}`, i, i % 2 ? 'en' : 'ro')));
    const placed = answers.filter((answer) => answer.status === 303);
    expect(placed).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 303);
    expect(refused.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 429));
    // each in the guest's language
    const bodies = await Promise.all(refused.map((answer) => answer.text()));
    expect(bodies.filter((body) => /nu mai poate primi altele online acum|cannot take more online right now/.test(body))).toHaveLength(20);
    const english = await reserve(a, '198.51.100.99', 99, 'en');
    expect(english.status).toBe(429);
    expect(await english.text()).toContain('cannot take more online right now');
    const rows = await db.selectFrom('reservation').select(['token', 'status', 'updatedAt']).where('restaurantId', '=', a.id).execute();
    expect(rows).toHaveLength(10);

    // the first guest's page, cancelled under B's address: not found, nothing changed
    const token = new URL(placed[0]!.headers.get('location')!, server.baseUrl).pathname.split('/').pop()!;
    const cancel = (slug: string) =>
      fetch(`${server.baseUrl}/${slug}/rezervare/${token}`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'cancel' }),
        redirect: 'manual',
        headers: { origin: server.baseUrl },
      });
    expect((await cancel(b.slug)).status).toBe(404);
    expect(await db.selectFrom('reservation').select(['token', 'status', 'updatedAt']).where('restaurantId', '=', a.id).execute()).toEqual(rows);
    expect((await cancel(a.slug)).status).toBe(303);
    expect((await db.selectFrom('reservation').select('status').where('token', '=', token).executeTakeFirstOrThrow()).status).toBe('cancelled');
  }, 120_000);
});
