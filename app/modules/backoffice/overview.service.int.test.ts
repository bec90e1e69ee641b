import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProPricing } from '#app/env.server.ts';
import { seedPlatformHistory } from '#tests/factories/platform-history.ts';
import { adminScope, forgedAdminScope } from '#tests/support/scopes.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { getOverview } from './overview.service.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** the fake clock: the seeded year ends here, and the overview is asked at this moment */
const NOW = new Date('2026-11-23T12:00:00.000Z');

/**
 * The overview's figures against SQL written here, over the rows themselves (not the plan summary
 * the service reads), on a seeded year of sign-ups, conversions and cancellations.
 */
describe(`the back office overview on ${testDialect}`, () => {
  let database: TestDatabase;
  let made = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    made = await seedPlatformHistory(database.db, { now: NOW, days: 430, seed: 11 });
    const someRestaurant = await database.db.selectFrom('restaurant').select('id').executeTakeFirstOrThrow();
    const view = (day: string, count: number, dimension = '') => ({ restaurantId: someRestaurant.id, day, locationId: '', metric: 'view', dimension, count });
    await database.db
      .insertInto('insightCount')
      .values([view(NOW.toISOString().slice(0, 10), 3), view(new Date(NOW.getTime() - 2 * 86_400_000).toISOString().slice(0, 10), 2), view('2020-01-01', 100)])
      .execute();
  }, 120_000);
  afterAll(() => database.cleanup());

  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(database.db)).rows[0]!.n);

  async function expected(range: number) {
    const now = NOW.toISOString();
    const from = new Date(NOW.getTime() - range * DAY_MS).toISOString();
    const soon = new Date(NOW.getTime() + 7 * DAY_MS).toISOString();
    const proRunning = sql`exists (select 1 from subscription p where p."restaurantId" = r.id and p.plan <> 'free' and (
      (p.kind = 'provider' and p.status = 'active') or
      (p.kind = 'manual' and p.status = 'active' and p."startsAt" <= ${now} and (p."endsAt" is null or p."endsAt" > ${now}))))`;
    const trialRunning = (until: string) => sql`exists (select 1 from subscription t where t."restaurantId" = r.id and t.kind = 'trial' and t.status = 'active' and t."startsAt" <= ${now} and t."endsAt" > ${now} and t."endsAt" <= ${until})`;
    const perDay = await sql<{ day: string; n: number | string }>`select substr("createdAt", 1, 10) as day, count(*) as n from restaurant where "createdAt" >= ${from} and "createdAt" < ${now} group by substr("createdAt", 1, 10)`.execute(database.db);
    const mrrAt = (at: string) => sql<{ n: number | string }>`select coalesce(sum(case when plan = 'pro_yearly' then cast(${getProPricing().yearlyMinor} as integer) / 12 else cast(${getProPricing().monthlyMinor} as integer) end), 0) as n from subscription
      where kind = 'provider' and plan <> 'free' and "startsAt" <= ${at} and (("endsAt" is null and status in ('active', 'past_due')) or ("endsAt" is not null and "endsAt" > ${at} and status in ('active', 'past_due', 'canceled', 'ended')))`;
    return {
      signups: await count(sql`select count(*) as n from restaurant where "createdAt" >= ${from} and "createdAt" < ${now}`),
      perDay: Object.fromEntries(perDay.rows.map((row) => [row.day, Number(row.n)])),
      restaurants: await count(sql`select count(*) as n from restaurant`),
      activeTrials: await count(sql`select count(*) as n from restaurant r where ${trialRunning('9999')} and not ${proRunning}`),
      trialsEndingSoon: await count(sql`select count(*) as n from restaurant r where ${trialRunning(soon)} and not ${proRunning}`),
      proCard: await count(sql`select count(distinct "restaurantId") as n from subscription where kind = 'provider' and status = 'active' and plan <> 'free'`),
      proManual: await count(sql`select count(*) as n from restaurant r where exists (select 1 from subscription p where p."restaurantId" = r.id and p.kind = 'manual' and p.status = 'active' and p."startsAt" <= ${now} and p."endsAt" > ${now})
        and not exists (select 1 from subscription c where c."restaurantId" = r.id and c.kind = 'provider' and c.status = 'active')`),
      trialsEnded: await count(sql`select count(*) as n from subscription where kind = 'trial' and "endsAt" >= ${from} and "endsAt" < ${now}`),
      trialsConverted: await count(sql`select count(*) as n from subscription t where t.kind = 'trial' and t."endsAt" >= ${from} and t."endsAt" < ${now}
        and exists (select 1 from subscription p where p."restaurantId" = t."restaurantId" and p.kind in ('manual', 'provider') and p.plan <> 'free' and p."startsAt" >= t."startsAt" and p."startsAt" < ${now})`),
      cancellations: await count(sql`select count(*) as n from subscription where kind = 'provider' and status = 'canceled' and "endsAt" >= ${from} and "endsAt" < ${now}`),
      mrrMinor: await count(mrrAt(now)),
      mrrAtStartMinor: await count(mrrAt(from)),
    };
  }

  it('seeds a history with every kind of event (else the comparison below proves little)', async () => {
    expect(made).toBeGreaterThan(300);
    const e = await expected(365);
    for (const [name, value] of Object.entries(e)) if (typeof value === 'number') expect(value, name).toBeGreaterThan(0);
  });

  for (const range of [30, 90, 365] as const) {
    it(`equals the SQL counts over the last ${range} days`, async () => {
      const overview = await getOverview(adminScope(database.db), range, NOW);
      const e = await expected(range);
      const { perDay, ...figures } = e;
      expect({
        signups: overview.signups,
        restaurants: overview.restaurants,
        activeTrials: overview.activeTrials,
        trialsEndingSoon: overview.trialsEndingSoon,
        proCard: overview.proCard,
        proManual: overview.proManual,
        trialsEnded: overview.trialsEnded,
        trialsConverted: overview.trialsConverted,
        cancellations: overview.cancellations,
        mrrMinor: overview.mrrMinor,
        mrrAtStartMinor: overview.mrrAtStartMinor,
      }).toEqual(figures);
      // one bar per day of the range (and today), each the day's SQL count
      expect(overview.signupsPerDay.length).toBe(range + 1);
      expect(Object.fromEntries(overview.signupsPerDay.filter((d) => d.count > 0).map((d) => [d.day, d.count]))).toEqual(perDay);
      expect(overview.conversionRate).toBeCloseTo(e.trialsConverted / e.trialsEnded, 10);
      // menu views: insights' daily counts over the range's days (the seeded ones: 5 inside every range, 100 long before)
      expect(overview.menuViews).toBe(5);
      // and per day, for the chart: one entry per local day of the range, today's 3 last
      expect(overview.viewsPerDay).toHaveLength(range);
      expect(overview.viewsPerDay.at(-1)).toEqual({ day: NOW.toISOString().slice(0, 10), views: 3 });
    });
  }

  it('is refused to a scope that is not an admin’s', async () => {
    await expect(getOverview(forgedAdminScope(database.db), 30, NOW)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
