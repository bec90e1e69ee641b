import { afterAll, describe, expect, it } from 'vitest';
import { BEACONS_PER_CLIENT } from '#app/modules/insights/client-window.server.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * Owner insights through two real server processes over one database: guests, bots, a revisit,
 * beacons (good, junk, a flood); both processes stop gracefully (which flushes), and the daily
 * rows are exactly what was answered. Needs `npm run build`.
 */

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

describe(`owner insights across two server processes on ${testDialect}`, () => {
  let database: TestDatabase;
  const servers: BuiltServer[] = [];
  let restaurantId = '';
  let shortCode = '';
  const ids = { location: '', soup: '' };

  test.beforeAll(async ({ database: fileDatabase }) => {
    database = fileDatabase;
    const restaurant = await insertRestaurant(database.db, { slug: 'doua-procese', shortCode: 'DouaQr01' });
    restaurantId = restaurant.id;
    shortCode = restaurant.shortCode;
    const location = buildLocation(restaurant.id);
    await database.db.insertInto('location').values(location).execute();
    const category = buildCategory(restaurant.id, location.id);
    await database.db.insertInto('category').values(category).execute();
    const soup = buildProduct(restaurant.id, category.id, { nameRo: 'Ciorbă', ingredientsRo: 'apă, legume' });
    await database.db.insertInto('product').values(soup).execute();
    Object.assign(ids, { location: location.id, soup: soup.id });
    const where = { databaseUrl: database.location.databaseUrl, sqlitePath: database.location.sqlitePath };
    // behind one proxy: each guest is the address the proxy adds (one client counts once per window, decision 0028)
    servers.push(await startBuiltServer({ ...where, env: { TRUST_PROXY: '1' } }), await startBuiltServer({ ...where, env: { TRUST_PROXY: '1' } }));
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('counts each guest once, leaves out bots and revisits, refuses junk and floods, and loses nothing when both stop', async () => {
    const [one, two] = servers as [BuiltServer, BuiltServer];
    let guests = 0;
    const nextGuest = () => `198.51.100.${++guests}`;
    const get = (server: BuiltServer, path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, { headers: { 'user-agent': CHROME, 'x-forwarded-for': nextGuest(), ...headers }, redirect: 'manual' });
    const beacon = (server: BuiltServer, body: string, guest = nextGuest()) =>
      fetch(`${server.baseUrl}/api/beacon`, {
        method: 'POST',
        headers: { 'user-agent': CHROME, 'x-forwarded-for': guest, origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body,
      });

    // the QR short link carries its code to the menu
    const redirect = await get(one, `/m/${shortCode}`);
    expect(redirect.headers.get('location')).toBe(`/doua-procese?via=${shortCode}`);
    const first = await get(one, `/doua-procese?via=${shortCode}`);
    expect(first.status).toBe(200);
    await first.text();
    await (await get(two, `/doua-procese?via=${shortCode}`)).text();
    await (await get(two, '/doua-procese', { referer: 'https://www.google.com/' })).text();
    await (await get(one, '/doua-procese', { cookie: 'lang=en' })).text();
    // not views: a bot, and the first guest coming back a minute later (304 in the window)
    await (await get(one, '/doua-procese', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })).text();
    const revisit = await get(two, '/doua-procese', { 'if-none-match': first.headers.get('etag')!, 'if-modified-since': first.headers.get('last-modified')! });
    expect(revisit.status).toBe(304);

    // beacons: counted, junk (400), unknown menu (404), cross-site (403)
    const good = new URLSearchParams([
      ['s', 'doua-procese'],
      ['l', ids.location],
      ['d', ids.soup],
      ['q', '0:Caviar'],
      ['a', 'gluten'],
    ]).toString();
    expect((await beacon(one, good)).status).toBe(204);
    expect((await beacon(two, good)).status).toBe(204);
    expect((await beacon(one, 's=doua-procese&evil=1')).status).toBe(400);
    expect((await beacon(one, 's=doua-procese&a=plutonium')).status).toBe(400);
    expect((await beacon(one, '{"s":"doua-procese"}')).status).toBe(400);
    expect((await beacon(one, `s=nu-exista&d=${ids.soup}`)).status).toBe(404);
    const crossSite = await fetch(`${one.baseUrl}/api/beacon`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: good,
    });
    expect(crossSite.status).toBe(403);
    // one client's flood at one process: past its own budget, refused with 429; a spoofed left-most
    // X-Forwarded-For is not another client; a real guest's beacon right after is counted
    const flood = await Promise.all(Array.from({ length: 160 }, (_, i) => beacon(two, `s=doua-procese&a=milk`, `10.9.${i}.1, 203.0.113.80`).then((r) => r.status)));
    expect(flood.filter((s) => s !== 204 && s !== 429)).toEqual([]);
    expect(flood.filter((s) => s === 204)).toHaveLength(BEACONS_PER_CLIENT);
    expect((await beacon(two, `s=doua-procese&a=milk`)).status).toBe(204);
    // 100 scripted page loads from one phone: one view
    for (let i = 0; i < 100; i++) await (await get(one, '/doua-procese', { 'x-forwarded-for': '203.0.113.81' })).text();

    // a graceful stop flushes what each process still holds
    for (const server of servers) await server.stop();
    const rows = await database.db.selectFrom('insightCount').select(['metric', 'dimension', 'count']).where('restaurantId', '=', restaurantId).execute();
    const sum = (metric: string, dimension?: string) =>
      rows.filter((r) => r.metric === metric && (dimension === undefined || r.dimension === dimension)).reduce((n, r) => n + Number(r.count), 0);
    expect(sum('view')).toBe(5);
    expect(sum('source', 'qr')).toBe(2);
    expect(sum('source', 'search')).toBe(1);
    expect(sum('source', 'direct')).toBe(2);
    expect(sum('via', shortCode)).toBe(2);
    expect(sum('lang', 'en')).toBe(1);
    expect(sum('dish', ids.soup)).toBe(2);
    // two searches stay below the privacy threshold (k = 3): counted under a keyed hash, the text nowhere
    expect(sum('search-miss', 'caviar')).toBe(0);
    const pending = await database.db.selectFrom('insightSearchPending').select(['termKey', 'metric', 'count']).where('restaurantId', '=', restaurantId).execute();
    expect(pending.map((p) => `${p.metric} ${Number(p.count)}`)).toEqual(['search-miss 2']);
    const term = await database.db.selectFrom('insightSearchTerm').selectAll().where('restaurantId', '=', restaurantId).execute();
    expect(term.map((t) => Number(t.count))).toEqual([2]);
    expect(JSON.stringify([pending, term, rows])).not.toContain('caviar');
    expect(sum('allergen', 'gluten')).toBe(2);
    // the flooding client's milk once, the guest after it once
    expect(sum('allergen', 'milk')).toBe(2);
    expect(new Set(rows.map((r) => r.metric))).toEqual(new Set(['view', 'lang', 'hour', 'source', 'via', 'dish', 'allergen']));
  });
});
