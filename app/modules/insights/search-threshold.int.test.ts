import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#app/db/connection.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { JOB_SCHEDULES } from '#app/wiring/job-handlers.server.ts';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { createInsightRecorder, type InsightRecorder } from './insight-recorder.server.ts';
import { SEARCH_PRIVACY_K } from './insights.types.ts';
import { deriveSearchTermSecret, SEARCH_PENDING_DAYS, searchTermKey, sweepPendingSearches } from './search-terms.server.ts';

/**
 * The privacy threshold where it is stored (decision 0018): a search term's text is in no table
 * until k searches used it; the k-th makes it appear with all k, hit and miss apart, on the days
 * they happened; two processes (each its own recorder and connection) flushing at once lose no
 * count and write no term twice; the daily sweep forgets terms that never reached k.
 */

const SECRET = deriveSearchTermSecret('search-threshold-test-secret'.padEnd(40, 'x'));
const DAY_MS = 24 * 60 * 60 * 1000;

describe(`search terms below the privacy threshold on ${testDialect}`, () => {
  let database: TestDatabase;
  let second: DatabaseHandle | undefined;
  let clock = Date.parse('2026-11-22T10:00:00Z'); // 12:00 in Bucharest, Sunday 22
  const now = () => clock;
  let restaurantId = '';
  let locationId = '';
  let one: InsightRecorder;
  let two: InsightRecorder;

  // each search by another guest: one client's repeats count once per window (decision 0028)
  let guests = 0;
  const guest = () => ({ address: `192.0.2.${++guests % 250}`, userAgent: `Guest ${guests}` });
  const search = (recorder: InsightRecorder, term: string, matched = false) =>
    expect(recorder.recordInterest({ slug: 'pragul', locationId, dishes: [], searches: [{ term, matched }], allergens: [], client: guest() })).toBe(true);

  /** every row of every table, as text: the term must not be anywhere */
  async function everyTableHolds(text: string): Promise<string[]> {
    const tables =
      testDialect === 'postgres'
        ? (
            await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
              database.db,
            )
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(database.db)).rows;
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['insightCount', 'insightSearchTerm', 'insightSearchPending']));
    const holding: string[] = [];
    for (const { name } of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db)).rows;
      if (JSON.stringify(rows).toLowerCase().includes(text)) holding.push(name);
    }
    return holding;
  }

  const named = async (term: string) =>
    (await database.db.selectFrom('insightCount').select(['day', 'metric', 'count']).where('restaurantId', '=', restaurantId).where('dimension', '=', term).execute())
      .map((r) => `${r.day} ${r.metric} ${Number(r.count)}`)
      .sort();
  const total = async (term: string) =>
    (
      await database.db
        .selectFrom('insightSearchTerm')
        .select('count')
        .where('restaurantId', '=', restaurantId)
        .where('termKey', '=', searchTermKey(SECRET, restaurantId, term))
        .executeTakeFirst()
    )?.count;
  const pendingOf = async (term: string) =>
    (
      await database.db
        .selectFrom('insightSearchPending')
        .select(['day', 'metric', 'count'])
        .where('termKey', '=', searchTermKey(SECRET, restaurantId, term))
        .execute()
    )
      .map((r) => `${r.day} ${r.metric} ${Number(r.count)}`)
      .sort();

  test.beforeAll(async ({ database: fileDatabase }) => {
    database = fileDatabase;
    // PostgreSQL: a second pool, as a second process has. SQLite: one handle, whose driver queues
    // the two recorders' statements; a second node:sqlite handle in this one thread would wait for the
    // write lock synchronously, blocking the very thread that holds it (real processes: tests/server)
    if (testDialect === 'postgres') second = openDatabase({ databaseUrl: database.location.databaseUrl, sqlitePath: '', poolSize: 4 });
    const restaurant = await insertRestaurant(database.db, { slug: 'pragul', timeZone: 'Europe/Bucharest' });
    restaurantId = restaurant.id;
    const location = buildLocation(restaurant.id);
    await database.db.insertInto('location').values(location).execute();
    locationId = location.id;
    one = createInsightRecorder({ getDb: () => database.db, searchSecret: SECRET, now });
    two = createInsightRecorder({ getDb: () => second?.db ?? database.db, searchSecret: SECRET, now });
  });

  afterAll(async () => {
    await second?.db.destroy();
  });

  it('keys a term by a keyed hash, per restaurant, never by its text', () => {
    const key = searchTermKey(SECRET, 'r1', 'zacusca');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain('zacusca');
    expect(searchTermKey(SECRET, 'r2', 'zacusca')).not.toBe(key);
    expect(searchTermKey(deriveSearchTermSecret('another-secret'.padEnd(40, 'y')), 'r1', 'zacusca')).not.toBe(key);
    expect(searchTermKey(SECRET, 'r1', 'zacusca')).toBe(key);
  });

  it('stores no text for k−1 searches, and the k-th writes all k under the term, hit and miss apart, on their days', async () => {
    expect(SEARCH_PRIVACY_K).toBe(3);
    search(one, 'zacusca'); // Sunday 22, missed
    await one.flush();
    clock = Date.parse('2026-11-23T09:00:00Z'); // Monday 23
    search(two, 'zacusca', true); // found
    await two.flush();
    expect(await everyTableHolds('zacusca')).toEqual([]);
    expect(await total('zacusca')).toBe(SEARCH_PRIVACY_K - 1);
    expect(await pendingOf('zacusca')).toEqual(['2026-11-22 search-miss 1', '2026-11-23 search-hit 1']);
    expect(await named('zacusca')).toEqual([]);

    search(one, 'zacusca');
    await one.flush();
    expect(await named('zacusca')).toEqual(['2026-11-22 search-miss 1', '2026-11-23 search-hit 1', '2026-11-23 search-miss 1']);
    expect(await pendingOf('zacusca')).toEqual([]);
    expect((await everyTableHolds('zacusca')).sort()).toEqual(['insightCount']);

    // past k, searches go straight to insightCount
    search(two, 'zacusca');
    search(one, 'zacusca', true);
    await Promise.all([one.flush(), two.flush()]);
    expect(await named('zacusca')).toEqual(['2026-11-22 search-miss 1', '2026-11-23 search-hit 2', '2026-11-23 search-miss 2']);
    expect(await pendingOf('zacusca')).toEqual([]);
    expect(await total('zacusca')).toBe(5);
  });

  it('two processes flushing at once lose no count and write no term twice', async () => {
    const terms = Array.from({ length: 40 }, (_, i) => `termen ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    for (let round = 0; round < 3; round++) {
      // each round: every term once in each process, flushed together (2, 4, 6 per term)
      for (const term of terms) {
        search(one, term);
        search(two, term, round === 1);
      }
      await Promise.all([one.flush(), two.flush()]);
      for (const term of terms) {
        const n = 2 * (round + 1);
        expect(await total(term)).toBe(n);
        if (n < SEARCH_PRIVACY_K) {
          expect(await named(term)).toEqual([]);
          expect(await pendingOf(term)).toEqual(['2026-11-23 search-miss 2']);
        } else {
          const misses = round === 1 ? 3 : round === 2 ? 5 : 2;
          const hits = n - misses;
          expect(await named(term)).toEqual([`2026-11-23 search-hit ${hits}`, `2026-11-23 search-miss ${misses}`]);
          expect(await pendingOf(term)).toEqual([]);
        }
      }
    }
    // the database's view: one row per (day, metric, term), no duplicate
    const rows = await database.db
      .selectFrom('insightCount')
      .select(['dimension', 'metric'])
      .where('restaurantId', '=', restaurantId)
      .where('dimension', 'like', 'termen %')
      .execute();
    expect(rows).toHaveLength(terms.length * 2);
    expect(one.pendingKeys() + two.pendingKeys()).toBe(0);
  });

  it('two processes both bringing a fresh term below k, together past it: all counts named once, nothing left pending', async () => {
    for (let round = 0; round < 5; round++) {
      const terms = Array.from(
        { length: 30 },
        (_, i) => `nou ${String.fromCharCode(97 + round)}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
      );
      for (const term of terms) {
        // 2 + 2: whichever flush comes first leaves 2 pending, the second crosses and must find them
        for (let i = 0; i < 2; i++) {
          search(one, term);
          search(two, term, true);
        }
      }
      await Promise.all([one.flush(), two.flush()]);
      for (const term of terms) {
        expect(await named(term)).toEqual(['2026-11-23 search-hit 2', '2026-11-23 search-miss 2']);
        expect(await pendingOf(term)).toEqual([]);
        expect(await total(term)).toBe(4);
      }
    }
  });

  it('the daily sweep forgets terms still below k after 90 days and totals not searched since; it is scheduled', async () => {
    expect(JOB_SCHEDULES).toContainEqual({ type: 'insights.sweep', every: 'day' });
    search(one, 'papanasi');
    await one.flush();
    expect(await pendingOf('papanasi')).toHaveLength(1);
    const scope = systemScope(database.db, 'test:insights-sweep');
    // not yet 90 days: kept
    expect(await sweepPendingSearches(scope, new Date(clock + (SEARCH_PENDING_DAYS - 1) * DAY_MS))).toBe(0);
    expect(await total('papanasi')).toBe(1);
    // 'zacusca' (past k) searched again 80 days later: its total stays when the others go
    clock += 80 * DAY_MS;
    search(two, 'zacusca');
    await two.flush();
    const swept = await sweepPendingSearches(scope, new Date(clock + 11 * DAY_MS));
    expect(swept).toBe(1 + 40 + 5 * 30); // papanasi and the terms of the two tests above, all last counted 91 days before
    expect(await total('papanasi')).toBeUndefined();
    expect(await pendingOf('papanasi')).toEqual([]);
    expect(await total('zacusca')).toBe(6);
    expect(await database.db.selectFrom('insightSearchPending').select('termKey').execute()).toEqual([]);
    // counts already named stay (they are the restaurant's statistics)
    expect((await named('zacusca')).length).toBeGreaterThan(0);
  });

  it('a flush whose searches fail puts back the searches only: the other counts are not added twice', async () => {
    let fail = true;
    const failing = database.db.withPlugin({
      transformQuery: (args) => {
        if (fail && args.node.kind === 'InsertQueryNode' && JSON.stringify(args.node).includes('"insightSearchTerm"')) throw new Error('database away');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const recorder = createInsightRecorder({ getDb: () => failing, searchSecret: SECRET, now });
    expect(recorder.recordInterest({ slug: 'pragul', locationId, dishes: [], searches: [{ term: 'mici', matched: false }], allergens: ['milk'], client: guest() })).toBe(true);
    await expect(recorder.flush()).rejects.toThrow('database away');
    expect(recorder.pendingKeys()).toBe(1);
    fail = false;
    await recorder.flush();
    const milk = await database.db.selectFrom('insightCount').select('count').where('restaurantId', '=', restaurantId).where('metric', '=', 'allergen').execute();
    expect(milk.map((r) => Number(r.count))).toEqual([1]);
    expect(await total('mici')).toBe(1);
    expect(await pendingOf('mici')).toHaveLength(1);
  });
});

describe(`migration 0016 on ${testDialect}`, () => {
  test('deletes the stored search rows of terms searched fewer than 3 times in all, keeping the others and every other count', async ({ databases }) => {
    const database = await databases.create({ upTo: '2026-11-23-0015-slug-history-and-tables' });
    try {
      const restaurant = await insertRestaurant(database.db, { slug: 'inainte' });
      const other = await insertRestaurant(database.db, { slug: 'alt-restaurant' });
      const row = (restaurantId: string, day: string, metric: string, dimension: string, count: number) => ({ restaurantId, day, locationId: '', metric, dimension, count });
      await database.db
        .insertInto('insightCount')
        .values([
          row(restaurant.id, '2026-11-01', 'search-miss', 'vegan', 1),
          row(restaurant.id, '2026-11-02', 'search-hit', 'vegan', 2), // 3 in all: kept
          row(restaurant.id, '2026-11-01', 'search-miss', 'numele meu', 1), // one guest's text: deleted
          row(restaurant.id, '2026-11-03', 'search-hit', 'supa', 1),
          row(restaurant.id, '2026-11-04', 'search-hit', 'supa', 1), // 2: deleted
          row(other.id, '2026-11-01', 'search-miss', 'vegan', 1), // another restaurant's single search: deleted
          row(restaurant.id, '2026-11-01', 'view', '', 1),
          row(restaurant.id, '2026-11-01', 'allergen', 'milk', 1),
        ])
        .execute();
      await migrateToLatest(database.db);
      const left = await database.db.selectFrom('insightCount').select(['restaurantId', 'metric', 'dimension', 'count']).execute();
      expect(left.map((r) => `${r.restaurantId === restaurant.id ? 'ours' : 'other'} ${r.metric} ${r.dimension} ${Number(r.count)}`).sort()).toEqual(
        ['ours allergen milk 1', 'ours search-hit vegan 2', 'ours search-miss vegan 1', 'ours view  1'].sort(),
      );
    } finally {
      await database.cleanup();
    }
  });
});
