import { describe, expect, it } from 'vitest';
import { acceptBeacon } from '#app/modules/insights/beacon.server.ts';
import { REVISIT_WINDOW_MS } from '#app/modules/insights/insight-classify.ts';
import { createInsightRecorder, GUESTS_PER_INTERVAL } from '#app/modules/insights/insight-recorder.server.ts';
import { getInsights, getPlatformViewsPerDay, SEARCH_PRIVACY_K } from '#app/modules/insights/insights.service.server.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import {
  CHROME,
  database,
  GOOGLEBOT,
  guest,
  guestAddress,
  ids,
  processes,
  rows,
  scopes,
  SECRET,
  start,
  theirs,
  ours,
  useInsightsWorld,
  visit,
  type Process,
} from '#tests/support/menu-views-harness.ts';

/**
 * Owner insights end to end below the browser: two "processes" (each its own menu cache and
 * in-memory recorder) answer guests over one database, then flush; the daily rows must be exactly
 * what the visits say, bots, prefetches, revisits, floods and junk beacons left out.
 */

describe(`owner insights counting on ${testDialect}`, () => {
  let clock = Date.parse('2026-11-23T10:05:00Z'); // 12:05 in Bucharest
  const now = () => clock;
  let guests = 0;
  useInsightsWorld({ now, nextGuest: () => ++guests });

  it('counts guests through two processes, cache hits included, and leaves out bots, prefetches, moves inside the menu and revisits', async () => {
    const one = await start();
    const two = await start();
    // counted: QR scan (own code), a table code, Google, Facebook, another site, direct, English, the terrace
    const qr = await visit(one, `/bistro?via=QrOwn123`);
    expect(qr.status).toBe(200);
    const lastModified = qr.headers.get('last-modified')!;
    expect(lastModified).toBe(new Date(clock).toUTCString());
    await visit(two, `/bistro?via=QrOwn123`);
    await visit(two, `/bistro?via=Table007`);
    await visit(one, '/bistro', { referer: 'https://www.google.ro/' });
    await visit(two, '/bistro', { referer: 'https://l.facebook.com/l.php?u=x' });
    await visit(one, '/bistro', { referer: 'https://blog.example/best-food' });
    await visit(one, '/bistro', { cookie: 'lang=en' });
    await visit(two, `/bistro?loc=${ids.terrace}`);
    // not counted: bots, no agent, HEAD, prefetch, a service worker's fetch, a language or location switch
    await visit(one, '/bistro', { 'user-agent': GOOGLEBOT });
    await fetch(`${one.base}/bistro`, { headers: { 'user-agent': '', 'x-forwarded-for': guestAddress() } });
    await fetch(`${one.base}/bistro`, { method: 'HEAD', headers: { 'user-agent': CHROME, 'x-forwarded-for': guestAddress() } });
    await visit(one, '/bistro', { 'sec-purpose': 'prefetch' });
    await visit(one, '/bistro', { 'sec-fetch-dest': 'empty' });
    await visit(two, `/bistro?loc=${ids.terrace}`, { referer: `${two.base.replace('http://', 'http://')}/bistro`, host: new URL(two.base).host });
    // a revalidation (304) within the window is the same visit; after it, a new one
    const etag = qr.headers.get('etag')!;
    const revisit = await visit(one, '/bistro', { 'if-none-match': etag, 'if-modified-since': lastModified });
    expect(revisit.status).toBe(304);
    expect(revisit.headers.get('last-modified')).toBe(lastModified);
    clock += REVISIT_WINDOW_MS + 60_000;
    const later = await visit(two, '/bistro', { 'if-none-match': etag, 'if-modified-since': lastModified });
    expect(later.status).toBe(304);
    expect(later.headers.get('last-modified')).toBe(new Date(clock).toUTCString());
    // the cache rendered each (language, location) page once per process: most answers were hits
    expect(one.renders + two.renders).toBeLessThanOrEqual(5);

    await Promise.all([one.recorder.flush(), two.recorder.flush()]);
    const f = 'first';
    expect(await rows(ours.id)).toEqual(
      [
        `2026-11-23 ${f} view  8`,
        `2026-11-23 terrace view  1`,
        `2026-11-23 ${f} lang ro 7`,
        `2026-11-23 ${f} lang en 1`,
        `2026-11-23 terrace lang ro 1`,
        // 12:05 and 12:36 in Bucharest
        `2026-11-23 ${f} hour 12 8`,
        `2026-11-23 terrace hour 12 1`,
        `2026-11-23 ${f} source qr 2`,
        `2026-11-23 ${f} source table 1`,
        `2026-11-23 ${f} source search 1`,
        `2026-11-23 ${f} source social 1`,
        `2026-11-23 ${f} source referrer 1`,
        `2026-11-23 ${f} source direct 2`,
        `2026-11-23 terrace source direct 1`,
        `2026-11-23 ${f} via QrOwn123 2`,
        `2026-11-23 ${f} via Table007 1`,
      ].sort(),
    );
    expect(await rows(theirs.id)).toEqual([]);
  });

  it('adds the counts of a second flush to the same rows (two processes, one upsert each)', async () => {
    const [one, two] = processes as [Process, Process];
    await visit(one, '/bistro?via=QrOwn123');
    await visit(two, '/bistro?via=QrOwn123');
    await Promise.all([one.recorder.flush(), two.recorder.flush()]);
    expect((await rows(ours.id)).filter((r) => r.includes(' via '))).toEqual(['2026-11-23 first via QrOwn123 4', '2026-11-23 first via Table007 1']);
  });

  it('counts beacons: dish opens of this restaurant only, normalised searches, allergens; junk and floods refused', async () => {
    const [one, two] = processes as [Process, Process];
    const menuExists = async (slug: string) => slug === 'bistro' || slug === 'vecin';
    const form = (fields: [string, string][]) => {
      const f = new FormData();
      for (const [k, v] of fields) f.append(k, v);
      return f;
    };
    const send = (p: Process, fields: [string, string][], client = guest(++guests)) => acceptBeacon(form(fields), { recorder: p.recorder, menuExists, client });
    expect(
      await send(one, [
        ['s', 'bistro'],
        ['l', ids.first],
        ['d', ids.soup],
        ['d', ids.cake],
        ['d', ids.theirDish],
        ['q', '0:Vegan'],
        ['a', 'gluten'],
      ]),
    ).toBe('counted');
    expect(
      await send(two, [
        ['s', 'bistro'],
        ['l', ids.first],
        ['d', ids.soup],
        ['q', '0:  VEGÁN '],
        ['q', '1:Ciorbă'],
      ]),
    ).toBe('counted');
    expect(
      await send(one, [
        ['s', 'bistro'],
        ['l', ids.first],
        ['q', '0:vegan'],
        ['q', '0:0722 123 456'],
        ['a', 'milk'],
      ]),
    ).toBe('counted');
    // junk: unknown field, unknown allergen, a second slug, a list too long, nothing at all, an unknown menu
    expect(
      await send(one, [
        ['s', 'bistro'],
        ['x', '1'],
      ]),
    ).toBe('invalid');
    expect(
      await send(one, [
        ['s', 'bistro'],
        ['a', 'plutonium'],
      ]),
    ).toBe('invalid');
    expect(
      await send(one, [
        ['s', 'bistro'],
        ['s', 'vecin'],
        ['d', ids.soup],
      ]),
    ).toBe('invalid');
    expect(await send(one, [['s', 'bistro'], ...Array.from({ length: 41 }, () => ['d', ids.soup] as [string, string])])).toBe('invalid');
    expect(await send(one, [['s', 'bistro']])).toBe('invalid');
    expect(
      await send(one, [
        ['s', 'Bistro!'],
        ['d', ids.soup],
      ]),
    ).toBe('invalid');
    expect(
      await send(one, [
        ['s', 'nu-exista'],
        ['d', ids.soup],
      ]),
    ).toBe('unknown');
    // a flood of many guests, one beacon each: past the restaurant's guests of the interval nothing more is counted from it
    let refused = 0;
    for (let i = 0; i < GUESTS_PER_INTERVAL + 5; i++)
      if (
        (await send(two, [
          ['s', 'vecin'],
          ['d', ids.theirDish],
        ])) === 'flood'
      )
        refused++;
    expect(refused).toBe(5);
    await Promise.all([one.recorder.flush(), two.recorder.flush()]);
    expect((await rows(ours.id)).filter((r) => !/ (view|lang|hour|source|via) /.test(r))).toEqual(
      [
        '2026-11-23 first dish ' + ids.soup + ' 2',
        '2026-11-23 first dish ' + ids.cake + ' 1',
        // three searches reached the privacy threshold; one search of 'ciorba' is stored under a keyed hash only
        '2026-11-23 first search-miss vegan 3',
        '2026-11-23 first allergen gluten 1',
        '2026-11-23 first allergen milk 1',
      ].sort(),
    );
    // no location named: counted for the restaurant as a whole
    expect(await rows(theirs.id)).toEqual([`2026-11-23  dish ${ids.theirDish} ${GUESTS_PER_INTERVAL}`]);
    const pending = await database.db.selectFrom('insightSearchPending').select(['termKey', 'metric', 'count']).where('restaurantId', '=', ours.id).execute();
    expect(pending.map((p) => `${p.metric} ${Number(p.count)}`)).toEqual(['search-hit 1']);
    expect(JSON.stringify(pending)).not.toContain('ciorba');
  });

  it('shows the owner the counts, search terms only from the privacy threshold on, and nothing to another owner', async () => {
    const at = new Date(clock);
    // the table code scanned is shown by the table's label (per-table QR codes, issue 17)
    await database.db
      .insertInto('diningTable')
      .values({ id: 'table-7', restaurantId: ours.id, locationId: ids.terrace, label: 'Terasă 7', code: 'Table007', sortOrder: 7, createdAt: at.toISOString() })
      .execute();
    const page = await getInsights(scopes.owner(ours.id), { range: 7, locationId: null, locale: 'ro', now: at });
    expect(page.hasData).toBe(true);
    expect(page.figures.views).toEqual({ value: 11, previous: 0, change: null });
    expect(page.sources.find((s) => s.key === 'qr')?.count).toBe(4);
    expect(page.viaCodes).toEqual([
      { code: 'QrOwn123', label: 'QR', count: 4 },
      { code: 'Table007', label: 'Terasă 7', count: 1 },
    ]);
    expect(page.topDishes.map((d) => [d.name, d.count])).toEqual([
      ['Ciorbă de burtă', 2],
      ['Papanași', 1],
    ]);
    expect(page.neverOpened.map((d) => d.name)).toEqual(['Salată de vinete']);
    expect(SEARCH_PRIVACY_K).toBe(3);
    expect(page.searches).toEqual([{ term: 'vegan', count: 3, matched: false }]);
    // the figure counts every search, the one still below the threshold too (unnamed)
    expect(page.figures.searches.value).toBe(4);
    expect(page.hints.map((h) => h.key)).toContain('missedSearch');
    // the range before (7 days earlier) had twice the views: the figure says −50 %
    await database.db.insertInto('insightCount').values({ restaurantId: ours.id, day: '2026-11-14', locationId: ids.first, metric: 'view', dimension: '', count: 22 }).execute();
    const compared = await getInsights(scopes.owner(ours.id), { range: 7, locationId: null, locale: 'ro', now: at });
    expect(compared.figures.views).toEqual({ value: 11, previous: 22, change: -50 });
    expect(compared.viewsPerDay.map((d) => d.day)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    expect(compared.byWeekday).toEqual([11, 0, 0, 0, 0, 0, 0]); // 23 November 2026 is a Monday
    const terrace = await getInsights(scopes.owner(ours.id), { range: 7, locationId: ids.terrace, locale: 'ro', now: at });
    expect(terrace.figures.views.value).toBe(1);
    const neighbour = await getInsights(scopes.owner(theirs.id), { range: 7, locationId: ids.first, locale: 'ro', now: at });
    expect(neighbour.locationId).toBeNull();
    expect(neighbour.figures.views.value).toBe(0);
    expect(neighbour.viaCodes).toEqual([]);
    const platform = await getPlatformViewsPerDay(scopes.admin(), { days: 2, now: at });
    expect(platform).toEqual([
      { day: '2026-11-22', views: 0 },
      { day: '2026-11-23', views: 11 },
    ]);
  });

  it('puts views on the right local day and hour around the Europe/Bucharest DST changes', async () => {
    const db = database.db;
    const dst = await insertRestaurant(db, { slug: 'ora-de-vara', timeZone: 'Europe/Bucharest' });
    const recorder = createInsightRecorder({ getDb: () => db, searchSecret: SECRET, now });
    const at = (iso: string) => {
      clock = Date.parse(iso);
      recorder.recordView({ slug: 'ora-de-vara', locale: 'ro', locationId: '', via: undefined, source: 'direct', client: guest(++guests) });
    };
    at('2026-03-28T21:59:00Z'); // 23:59 EET, Saturday
    at('2026-03-28T22:00:00Z'); // 00:00 EET, Sunday 29
    at('2026-03-29T00:59:00Z'); // 02:59 EET, just before the clocks go forward
    at('2026-03-29T01:00:00Z'); // 04:00 EEST
    at('2026-10-24T20:59:00Z'); // 23:59 EEST, Saturday
    at('2026-10-24T21:00:00Z'); // 00:00 EEST, Sunday 25
    at('2026-10-25T00:30:00Z'); // 03:30 EEST, before the clocks go back
    at('2026-10-25T01:30:00Z'); // 03:30 EET, the hour that happens twice
    at('2026-10-25T21:59:00Z'); // 23:59 EET, still Sunday 25
    at('2026-10-25T22:00:00Z'); // 00:00 EET, Monday 26
    await recorder.flush();
    const found = await db
      .selectFrom('insightCount')
      .select(['day', 'metric', 'dimension', 'count'])
      .where('restaurantId', '=', dst.id)
      .where('metric', 'in', ['view', 'hour'])
      .execute();
    expect(found.map((r) => `${r.day} ${r.metric} ${r.dimension} ${Number(r.count)}`).sort()).toEqual(
      [
        '2026-03-28 view  1',
        '2026-03-28 hour 23 1',
        '2026-03-29 view  3',
        '2026-03-29 hour 00 1',
        '2026-03-29 hour 02 1',
        '2026-03-29 hour 04 1',
        '2026-10-24 view  1',
        '2026-10-24 hour 23 1',
        '2026-10-25 view  4',
        '2026-10-25 hour 00 1',
        '2026-10-25 hour 03 2',
        '2026-10-25 hour 23 1',
        '2026-10-26 view  1',
        '2026-10-26 hour 00 1',
      ].sort(),
    );
  });
});
