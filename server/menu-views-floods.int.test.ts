import { describe, expect, it } from 'vitest';
import { acceptBeacon } from '#app/modules/insights/beacon.server.ts';
import { AGENTS_PER_ADDRESS, BEACONS_PER_CLIENT, CLIENT_WINDOW_MS, type GuestClient } from '#app/modules/insights/client-window.server.ts';
import { BEACONS_PER_INTERVAL, createInsightRecorder, GUESTS_PER_INTERVAL } from '#app/modules/insights/insight-recorder.server.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { CHROME, database, guest, ids, rows, SECRET, start, theirs, ours, useInsightsWorld, visit } from '#tests/support/menu-views-harness.ts';

/** Owner insights under floods: junk beacons, many restaurants, one scripted client (tests/support/menu-views-harness.ts). */

describe(`owner insights counting on ${testDialect}`, () => {
  let clock = Date.parse('2026-11-23T10:05:00Z'); // 12:05 in Bucharest
  const now = () => clock;
  let guests = 0;
  useInsightsWorld({ now, nextGuest: () => ++guests });

  it('survives a flood of junk dish ids across restaurants: the flush does not fail, real counts are kept', async () => {
    clock = Date.parse('2026-11-24T10:05:00Z');
    const db = database.db;
    const recorder = createInsightRecorder({ getDb: () => db, searchSecret: SECRET, now });
    const flooded = await Promise.all(Array.from({ length: 7 }, (_, i) => insertRestaurant(db, { slug: `potop-${i}`, timeZone: 'Europe/Bucharest' })));
    // every restaurant's full beacon budget, each beacon naming 40 ids that exist nowhere: 33 600 distinct ids in one batch
    for (const [r, restaurant] of flooded.entries()) {
      for (let b = 0; b < BEACONS_PER_INTERVAL; b++) {
        const dishes = Array.from({ length: 40 }, (_, d) => `junk-${r}-${b}-${d}`);
        expect(
          recorder.recordInterest({
            slug: restaurant.slug,
            locationId: '',
            dishes: b === 0 && r === 0 ? [...dishes.slice(1), ids.soup] : dishes,
            searches: [],
            allergens: [],
            client: guest(++guests),
          }),
        ).toBe(true);
      }
    }
    recorder.recordInterest({ slug: 'bistro', locationId: '', dishes: [ids.soup], searches: [], allergens: ['gluten'], client: guest(++guests) });
    recorder.recordView({ slug: 'potop-0', locale: 'ro', locationId: '', via: undefined, source: 'direct', client: guest(++guests) });
    await recorder.flush();
    expect(recorder.pendingKeys()).toBe(0);
    const written = await db.selectFrom('insightCount').select(['restaurantId', 'metric', 'dimension', 'count']).where('day', '=', '2026-11-24').execute();
    expect(
      written
        .map((r) => `${r.restaurantId === ours.id ? 'bistro' : r.restaurantId === flooded[0]!.id ? 'potop-0' : r.restaurantId} ${r.metric} ${r.dimension} ${Number(r.count)}`)
        .sort(),
    ).toEqual(['bistro allergen gluten 1', `bistro dish ${ids.soup} 1`, 'potop-0 hour 12 1', 'potop-0 lang ro 1', 'potop-0 source direct 1', 'potop-0 view  1'].sort());
  });

  it('keeps room for views when beacons of many restaurants flood the held rows with junk', () => {
    const recorder = createInsightRecorder({ getDb: () => database.db, searchSecret: SECRET, now });
    // 11 public menus, each its full beacon budget of 40 made-up dish ids: more keys than the recorder holds
    for (let r = 0; r < 11; r++) {
      for (let b = 0; b < BEACONS_PER_INTERVAL; b++)
        recorder.recordInterest({
          slug: `potop-${r}`,
          locationId: '',
          dishes: Array.from({ length: 40 }, (_, d) => `junk-${b}-${d}`),
          searches: [],
          allergens: [],
          client: guest(++guests),
        });
    }
    const held = recorder.pendingKeys();
    recorder.recordView({ slug: 'bistro', locale: 'ro', locationId: '', via: undefined, source: 'direct', client: guest(++guests) });
    expect(recorder.pendingKeys()).toBe(held + 4);
  });

  it('leaves a real guest’s beacon counted while 30 addresses flood the restaurant, and still bounds the flood (issue 33 item 6)', async () => {
    clock = Date.parse('2026-11-26T10:05:00Z');
    const recorder = createInsightRecorder({ getDb: () => database.db, searchSecret: SECRET, now });
    const beacon = (address: string) => {
      const body = new FormData();
      body.append('s', 'vecin');
      body.append('d', ids.theirDish);
      return acceptBeacon(body, { recorder, menuExists: async () => true, client: { address, userAgent: CHROME } });
    };
    // 30 addresses, each its whole budget of the interval: 300 beacons, more than the restaurant's shared budget
    const flood: string[] = [];
    for (let a = 0; a < 30; a++) for (let b = 0; b < BEACONS_PER_CLIENT; b++) flood.push(await beacon(`203.0.113.${a + 1}`));
    expect(flood.filter((o) => o === 'counted')).toHaveLength(30 + BEACONS_PER_INTERVAL);
    expect(flood.filter((o) => o === 'flood')).toHaveLength(30 * BEACONS_PER_CLIENT - 30 - BEACONS_PER_INTERVAL);
    // a guest who opened a dish and left: the first beacon of its address this interval is counted
    expect(await beacon('198.51.100.7')).toBe('counted');
    // and the flood's many addresses are bounded too: past GUESTS_PER_INTERVAL new addresses wait for the next interval
    const many: string[] = [];
    for (let a = 0; a < GUESTS_PER_INTERVAL; a++) many.push(await beacon(`10.${Math.floor(a / 250)}.${a % 250}.9`));
    expect(many.filter((o) => o === 'flood')).toHaveLength(31);
    await recorder.flush();
    expect(await beacon('198.51.100.8')).toBe('counted');
  });

  it('counts one client once per window however often it loads the menu or sends beacons, and leaves the budget to other guests', async () => {
    clock = Date.parse('2026-11-25T10:05:00Z');
    const p = await start();
    const scripted = { 'x-forwarded-for': '203.0.113.66' };
    // 100 scripted page loads with a phone's user agent: one view
    for (let i = 0; i < 100; i++) expect((await visit(p, '/vecin', scripted)).status).toBe(200);
    // the same address under made-up agents: at most AGENTS_PER_ADDRESS clients (a guest Wi-Fi shares one address)
    for (let i = 0; i < AGENTS_PER_ADDRESS + 10; i++) await visit(p, '/vecin', { ...scripted, 'user-agent': `${CHROME} ${i}` });
    await visit(p, '/vecin'); // a real guest
    const beacon = (client: GuestClient) => {
      const body = new FormData();
      body.append('s', 'vecin');
      body.append('d', ids.theirDish);
      return acceptBeacon(body, { recorder: p.recorder, menuExists: async () => true, client });
    };
    const outcomes: string[] = [];
    for (let i = 0; i < BEACONS_PER_INTERVAL; i++) outcomes.push(await beacon({ address: '203.0.113.66', userAgent: CHROME }));
    expect(outcomes.filter((o) => o === 'counted')).toHaveLength(BEACONS_PER_CLIENT);
    expect(outcomes.filter((o) => o !== 'counted')).toEqual(Array.from({ length: BEACONS_PER_INTERVAL - BEACONS_PER_CLIENT }, () => 'flood'));
    // a real guest's beacon right after the flood is counted
    expect(await beacon({ address: '198.51.100.251', userAgent: CHROME })).toBe('counted');
    await p.recorder.flush();
    const today = async () => (await rows(theirs.id)).filter((r) => r.startsWith('2026-11-25') && / (view|dish) /.test(r));
    expect(await today()).toEqual([`2026-11-25  dish ${ids.theirDish} 2`, `2026-11-25  view  ${AGENTS_PER_ADDRESS + 1}`]);
    // the next window, the scripted client is a visitor again (and a new budget after the flush)
    clock += CLIENT_WINDOW_MS;
    await visit(p, '/vecin', scripted);
    expect(await beacon({ address: '203.0.113.66', userAgent: CHROME })).toBe('counted');
    await p.recorder.flush();
    expect(await today()).toEqual([`2026-11-25  dish ${ids.theirDish} 3`, `2026-11-25  view  ${AGENTS_PER_ADDRESS + 2}`]);
  });
});
