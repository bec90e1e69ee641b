import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants } from '#app/db/tenant.ts';

/** The overview's platform-wide counts (only services taking an AdminScope call them). */

/** From the plan summary: running trials (served by the trial, not PRO), those ending soon, PRO by kind. */
export async function countPlanStates(db: Kysely<Database>, now: string, soon: string) {
  const row = await acrossRestaurants(db, 'the back office overview counts every restaurant')
    .selectFrom('restaurant')
    .select((eb) => {
      const notPro = eb.or([eb('proUntil', 'is', null), eb('proUntil', '<=', now)]);
      const inTrial = eb.and([notPro, eb('publishedUntil', '>', now)]);
      const count = (condition: ReturnType<typeof eb.and>) => eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        count(inTrial).as('trials'),
        count(eb.and([inTrial, eb('publishedUntil', '<=', soon)])).as('trialsEnding'),
        count(eb.and([eb('proUntil', '>', now), eb('planKind', '=', 'provider')])).as('proCard'),
        count(eb.and([eb('proUntil', '>', now), eb('planKind', '=', 'manual')])).as('proManual'),
        eb.fn.countAll<number>().as('restaurants'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    trials: Number(row.trials ?? 0),
    trialsEnding: Number(row.trialsEnding ?? 0),
    proCard: Number(row.proCard ?? 0),
    proManual: Number(row.proManual ?? 0),
    restaurants: Number(row.restaurants),
  };
}

/**
 * Card subscription rows paying at `at`, per plan: started, and not yet ended (a row without an end
 * pays while the provider calls it active or past due; a canceled or ended row until its endsAt).
 */
export async function countPayingRowsAt(db: Kysely<Database>, at: string) {
  const rows = await acrossRestaurants(db, 'the back office overview counts every paying subscription')
    .selectFrom('subscription')
    .select(['plan', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'provider')
    .where('plan', '!=', 'free')
    .where('startsAt', '<=', at)
    .where((eb) =>
      eb.or([
        eb.and([eb('endsAt', 'is', null), eb('status', 'in', ['active', 'past_due'])]),
        eb.and([eb('endsAt', '>', at), eb('status', 'in', ['active', 'past_due', 'canceled', 'ended'])]),
      ]),
    )
    .groupBy('plan')
    .orderBy('plan')
    .execute();
  return rows.map((row) => ({ plan: row.plan, n: Number(row.n) }));
}
