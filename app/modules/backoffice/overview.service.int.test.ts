import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getProPricing } from '#app/env.server.ts';
import { seedPlatformHistory } from '#tests/factories/platform-history.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { countPlatformDaysLive } from '#app/modules/subscription/plan-days.repo.server.ts';
import { forgetChangedPlanDays } from '#app/modules/subscription/subscription.service.server.ts';
import { getOverview } from './overview.service.server.ts';
import { extendTrial, grantManualPro } from './restaurants.service.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** the fake clock: the seeded year ends here, and the overview is asked at this moment */
const NOW = new Date('2026-11-23T12:00:00.000Z');

/**
 * The overview's figures against SQL written here, over the rows themselves (not the plan summary
 * the service reads), on a seeded year of sign-ups, conversions and cancellations.
 */
describe(`the back office overview on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let made = 0;
  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    made = await seedPlatformHistory(database.db, { now: NOW, days: 430, seed: 11 });
    const someRestaurant = await database.db.selectFrom('restaurant').select('id').executeTakeFirstOrThrow();
    const view = (day: string, count: number, dimension = '') => ({ restaurantId: someRestaurant.id, day, locationId: '', metric: 'view', dimension, count });
    await database.db
      .insertInto('insightCount')
      .values([view(NOW.toISOString().slice(0, 10), 3), view(new Date(NOW.getTime() - 2 * 86_400_000).toISOString().slice(0, 10), 2), view('2020-01-01', 100)])
      .execute();
  }, 120_000);

  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(database.db)).rows[0]!.n);

  async function expected(range: number, at: Date = NOW) {
    const now = at.toISOString();
    const from = new Date(at.getTime() - range * DAY_MS).toISOString();
    const soon = new Date(at.getTime() + 7 * DAY_MS).toISOString();
    const proRunning = sql`exists (select 1 from subscription p where p."restaurantId" = r.id and p.plan <> 'free' and (
      (p.kind = 'provider' and p.status = 'active') or
      (p.kind = 'manual' and p.status = 'active' and p."startsAt" <= ${now} and (p."endsAt" is null or p."endsAt" > ${now}))))`;
    const trialRunning = (until: string) =>
      sql`exists (select 1 from subscription t where t."restaurantId" = r.id and t.kind = 'trial' and t.status = 'active' and t."startsAt" <= ${now} and t."endsAt" > ${now} and t."endsAt" <= ${until})`;
    const perDay = await sql<{
      day: string;
      n: number | string;
    }>`select substr("createdAt", 1, 10) as day, count(*) as n from restaurant where "createdAt" >= ${from} and "createdAt" < ${now} group by substr("createdAt", 1, 10)`.execute(
      database.db,
    );
    const mrrAt = (at: string) => sql<{
      n: number | string;
    }>`select coalesce(sum(case when plan = 'pro_yearly' then cast(${getProPricing().yearlyMinor} as integer) / 12 else cast(${getProPricing().monthlyMinor} as integer) end), 0) as n from subscription
      where kind = 'provider' and plan <> 'free' and "startsAt" <= ${at} and (("endsAt" is null and status in ('active', 'past_due')) or ("endsAt" is not null and "endsAt" > ${at} and status in ('active', 'past_due', 'canceled', 'ended')))`;
    return {
      signups: await count(sql`select count(*) as n from restaurant where "createdAt" >= ${from} and "createdAt" < ${now}`),
      perDay: Object.fromEntries(perDay.rows.map((row) => [row.day, Number(row.n)])),
      restaurants: await count(sql`select count(*) as n from restaurant`),
      activeTrials: await count(sql`select count(*) as n from restaurant r where ${trialRunning('9999')} and not ${proRunning}`),
      trialsEndingSoon: await count(sql`select count(*) as n from restaurant r where ${trialRunning(soon)} and not ${proRunning}`),
      proCard: await count(sql`select count(distinct "restaurantId") as n from subscription where kind = 'provider' and status = 'active' and plan <> 'free'`),
      proManual:
        await count(sql`select count(*) as n from restaurant r where exists (select 1 from subscription p where p."restaurantId" = r.id and p.kind = 'manual' and p.status = 'active' and p."startsAt" <= ${now} and p."endsAt" > ${now})
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
      const overview = await getOverview(scopes.admin(), range, NOW);
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

  const overviewFigures = async (range: 30 | 90 | 365, now = NOW) => {
    const overview = await getOverview(scopes.admin(), range, now);
    const { perDay, ...figures } = await expected(range, now);
    return {
      got: {
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
        perDay: Object.fromEntries(overview.signupsPerDay.filter((d) => d.count > 0).map((d) => [d.day, d.count])),
      },
      want: { ...figures, perDay },
    };
  };

  it('stores the closed days in the roll-up, each equal to the live count of its day, and reads them back', async () => {
    await database.db.deleteFrom('platformDay').execute();
    const first = await overviewFigures(365);
    expect(first.got).toEqual(first.want);
    // the 364 whole days between the range's partial first day and today
    const stored = await database.db.selectFrom('platformDay').selectAll().orderBy('day').execute();
    expect(stored).toHaveLength(364);
    const live = await countPlatformDaysLive(database.db, `${stored[0]!.day}T00:00:00.000Z`, `${NOW.toISOString().slice(0, 10)}T00:00:00.000Z`, NOW.toISOString());
    for (const row of stored) {
      const counts = live.get(row.day) ?? { signups: 0, trialsEnded: 0, trialsConverted: 0, cancellations: 0 };
      expect({ day: row.day, signups: row.signups, trialsEnded: row.trialsEnded, trialsConverted: row.trialsConverted, cancellations: row.cancellations }).toEqual({
        day: row.day,
        ...counts,
      });
    }
    expect(stored.some((row) => row.trialsConverted > 0 && row.cancellations > 0 && row.signups > 0)).toBe(true);
    // a second read takes them from the roll-up: mark one day's row and see it come back
    const marked = stored[100]!;
    await database.db
      .updateTable('platformDay')
      .set({ signups: marked.signups + 1000 })
      .where('day', '=', marked.day)
      .execute();
    const again = await getOverview(scopes.admin(), 365, NOW);
    expect(again.signups).toBe(first.want.signups + 1000);
    await database.db.updateTable('platformDay').set({ signups: marked.signups }).where('day', '=', marked.day).execute();
  });

  it('keeps the figures right when a plan change or a deletion touches a day already rolled up', async () => {
    await getOverview(scopes.admin(), 365, NOW);
    const later = new Date(NOW.getTime() + 60_000);
    // a trial that ended 40 days ago and never converted now converts (an old cohort's figure moves)
    const unconverted = await sql<{
      restaurantId: string;
    }>`select t."restaurantId" from subscription t where t.kind = 'trial' and t."endsAt" < ${new Date(NOW.getTime() - 40 * DAY_MS).toISOString()} and t."endsAt" > ${new Date(NOW.getTime() - 200 * DAY_MS).toISOString()}
      and not exists (select 1 from subscription p where p."restaurantId" = t."restaurantId" and p.kind <> 'trial') order by t."restaurantId" limit 2`.execute(database.db);
    const [converts, extended] = unconverted.rows.map((row) => row.restaurantId);
    const expectSame = async (now: Date) => {
      for (const range of [30, 90, 365] as const) {
        const { got, want } = await overviewFigures(range, now);
        expect(got, `${range} days`).toEqual(want);
      }
    };
    await grantManualPro(scopes.admin(), converts!, 6, later);
    await expectSame(later);
    // an ended trial extended from now: its old end day loses a trial that ended (the first change
    // of a seeded restaurant drops every day from its start; this second one only its own days)
    await extendTrial(scopes.admin(), extended!, 14, later);
    await expectSame(later);
    const rolledUp = await database.db
      .selectFrom('platformDay')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await extendTrial(scopes.admin(), converts!, 7, later);
    const afterPreciseDrop = await database.db
      .selectFrom('platformDay')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rolledUp.n) - Number(afterPreciseDrop.n)).toBe(1);
    await expectSame(later);
    // a restaurant gone: its sign-up leaves its day
    const gone = await sql<{ id: string }>`select id from restaurant where "createdAt" < ${new Date(NOW.getTime() - 100 * DAY_MS).toISOString()} order by id limit 1`.execute(
      database.db,
    );
    await database.db.transaction().execute(async (trx) => {
      await forgetChangedPlanDays(trx, gone.rows[0]!.id);
      await trx.deleteFrom('subscription').where('restaurantId', '=', gone.rows[0]!.id).execute();
      await trx.deleteFrom('restaurant').where('id', '=', gone.rows[0]!.id).execute();
    });
    await expectSame(later);
  });

  it('is refused to a scope that is not an admin’s', async () => {
    await expect(getOverview(scopes.forgedAdmin(), 30, NOW)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
