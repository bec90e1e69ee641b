import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/**
 * The overview's daily roll-up (`platformDay`, migration 0019): counts of closed UTC days, filled
 * from the rows by the overview for the days it lacks and dropped for the days a plan change or a
 * deletion touches (plan-days.ts). The same grouped queries serve the live part of a range.
 */

export interface DayCounts {
  signups: number;
  trialsEnded: number;
  trialsConverted: number;
  cancellations: number;
}

/** The restaurant's roll-up key (null: never written, from before migration 0019) and its sign-up moment. */
export function readStatsKey(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['statsKey', 'createdAt']).executeTakeFirst();
}

/** The restaurant's earliest subscription row start (for a key never written: every day it may count on is at or after it). */
export async function findFirstPlanDay(db: Kysely<Database>, restaurantId: string, createdAt: string): Promise<string> {
  const row = await tenant(db, restaurantId)
    .selectFrom('subscription')
    .select((eb) => eb.fn.min('startsAt').as('first'))
    .executeTakeFirst();
  const first = row?.first && row.first < createdAt ? row.first : createdAt;
  return first.slice(0, 10);
}

/** Drops these days from the roll-up. */
export async function dropPlatformDays(db: Kysely<Database>, days: readonly string[]): Promise<void> {
  if (days.length > 0) await db.deleteFrom('platformDay').where('day', 'in', days).execute();
}

/** Drops every day from `day` on. */
export async function dropPlatformDaysFrom(db: Kysely<Database>, day: string): Promise<void> {
  await db.deleteFrom('platformDay').where('day', '>=', day).execute();
}

/** The roll-up's days in [fromDay, toDay), oldest first. */
export function readPlatformDays(db: Kysely<Database>, fromDay: string, toDay: string) {
  return db
    .selectFrom('platformDay')
    .select(['day', 'signups', 'trialsEnded', 'trialsConverted', 'cancellations'])
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .orderBy('day')
    .execute();
}

const dayOfColumn = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/**
 * Counts per UTC day of the moments in [from, to), from the rows themselves: restaurants created,
 * trial rows ended and of those converted (a PRO row, manual or card, not free, started after the
 * trial did and before `now`), card rows canceled or ended by the provider. Days without any are absent.
 */
export async function countPlatformDaysLive(db: Kysely<Database>, from: string, to: string, now: string): Promise<Map<string, DayCounts>> {
  const across = acrossRestaurants(db, 'the back office overview counts every restaurant');
  const created = dayOfColumn('createdAt');
  const ended = dayOfColumn('trial.endsAt');
  const canceled = dayOfColumn('endsAt');
  const [signups, trials, cancellations] = await Promise.all([
    across
      .selectFrom('restaurant')
      .select([created.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .groupBy(created)
      .execute(),
    across
      .selectFrom('subscription as trial')
      .select((eb) => [
        ended.as('day'),
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.exists(
                  eb
                    .selectFrom('subscription as pro')
                    .select('pro.id')
                    .whereRef('pro.restaurantId', '=', 'trial.restaurantId')
                    .where('pro.kind', 'in', ['manual', 'provider'])
                    .where('pro.plan', '!=', 'free')
                    .whereRef('pro.startsAt', '>=', 'trial.startsAt')
                    .where('pro.startsAt', '<', now),
                ),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('converted'),
      ])
      .where('trial.kind', '=', 'trial')
      .where('trial.endsAt', '>=', from)
      .where('trial.endsAt', '<', to)
      .groupBy(ended)
      .execute(),
    across
      .selectFrom('subscription')
      .select([canceled.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'provider')
      .where('status', 'in', ['canceled', 'ended'])
      .where('endsAt', '>=', from)
      .where('endsAt', '<', to)
      .groupBy(canceled)
      .execute(),
  ]);
  const days = new Map<string, DayCounts>();
  const at = (day: string) => {
    let counts = days.get(day);
    if (!counts) days.set(day, (counts = { signups: 0, trialsEnded: 0, trialsConverted: 0, cancellations: 0 }));
    return counts;
  };
  for (const row of signups) at(row.day).signups = Number(row.n);
  for (const row of trials) Object.assign(at(row.day), { trialsEnded: Number(row.n), trialsConverted: Number(row.converted ?? 0) });
  for (const row of cancellations) at(row.day).cancellations = Number(row.n);
  return days;
}

/**
 * Computes the closed days of these runs ([fromDay, toDay) each) from the rows and stores them.
 * The writer's lock comes first (PostgreSQL: a table lock that a plan change's drop waits for;
 * SQLite: the write lock a first write takes), so no plan change can commit between the read and
 * the write and leave a stale day behind.
 */
export async function fillPlatformDays(db: Kysely<Database>, runs: readonly (readonly [string, string])[], now: string): Promise<Map<string, DayCounts>> {
  return acrossRestaurants(db, 'the back office overview counts every restaurant')
    .transaction()
    .execute(async (trx) => {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`lock table "platformDay" in share row exclusive mode`.execute(trx);
      const filled = new Map<string, DayCounts>();
      for (const [fromDay, toDay] of runs) {
        await trx.deleteFrom('platformDay').where('day', '>=', fromDay).where('day', '<', toDay).execute();
        const live = await countPlatformDaysLive(trx, `${fromDay}T00:00:00.000Z`, `${toDay}T00:00:00.000Z`, now);
        const rows = [];
        for (let day = fromDay; day < toDay; day = nextDay(day)) {
          const counts = live.get(day) ?? { signups: 0, trialsEnded: 0, trialsConverted: 0, cancellations: 0 };
          filled.set(day, counts);
          rows.push({ day, ...counts, computedAt: now });
        }
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto('platformDay')
            .values(rows.slice(i, i + 200))
            .execute();
      }
      return filled;
    });
}

/** The UTC day after 'YYYY-MM-DD'. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}
