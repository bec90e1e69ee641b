import type { Kysely } from 'kysely';
import type { Database, NewRestaurant, NewSubscription } from '#app/db/schema.ts';
import { planSummary } from '#app/modules/subscription/subscription.ts';
import { buildRestaurant, buildSubscription } from './builders.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic random source (mulberry32), so a seeded history is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HistoryOptions {
  /** the fake clock: the history ends here (nothing is dated after it) */
  now: Date;
  days?: number;
  seed?: number;
  /** sign-ups per day: 0..max */
  maxSignupsPerDay?: number;
  /** instead of a random number per day: exactly this many restaurants, spread over the days */
  restaurants?: number;
}

/**
 * A year (by default) of platform history up to `now`: restaurants signing up day by day, each with
 * its 60-day trial; some converting to PRO during or after the trial (an admin's grant or a card
 * subscription, monthly or yearly), some card subscriptions canceled later, some restaurants
 * deactivated. Every restaurant's plan summary is what `refreshPlanSummary` would write.
 */
export function* platformHistory(options: HistoryOptions): Generator<{ restaurant: NewRestaurant; rows: NewSubscription[] }> {
  const random = seededRandom(options.seed ?? 42);
  const days = options.days ?? 365;
  const max = options.maxSignupsPerDay ?? 3;
  const end = options.now.getTime();
  const createdTimes: number[] = [];
  if (options.restaurants !== undefined) {
    for (let i = 0; i < options.restaurants; i++) createdTimes.push(end - Math.floor(random() * days * DAY_MS) - 60_000);
  } else {
    for (let d = days; d >= 0; d--) {
      const count = Math.floor(random() * (max + 1));
      for (let i = 0; i < count; i++) createdTimes.push(end - d * DAY_MS - Math.floor(random() * DAY_MS * 0.9) - 60_000);
    }
  }
  for (const created of createdTimes) {
    if (created >= end) continue;
    const createdAt = new Date(created).toISOString();
    const restaurant = buildRestaurant({ createdAt, updatedAt: createdAt, active: random() < 0.05 ? 0 : 1 });
    const rows: NewSubscription[] = [
      buildSubscription(restaurant.id, { startsAt: createdAt, endsAt: new Date(created + 60 * DAY_MS).toISOString(), createdAt, updatedAt: createdAt }),
    ];
    const roll = random();
    // a third converts, some time between day 10 and day 75 after signing up (if that is not in the future)
    const convertedAt = created + Math.floor((10 + random() * 65) * DAY_MS);
    if (roll < 0.33 && convertedAt < end) {
      const startsAt = new Date(convertedAt).toISOString();
      if (random() < 0.3) {
        const months = random() < 0.5 ? 6 : 12;
        const grantEnd = new Date(convertedAt);
        grantEnd.setUTCMonth(grantEnd.getUTCMonth() + months);
        rows.push(
          buildSubscription(restaurant.id, {
            kind: 'manual',
            plan: 'pro',
            startsAt,
            endsAt: grantEnd.toISOString(),
            grantedBy: 'admin-1',
            createdAt: startsAt,
            updatedAt: startsAt,
          }),
        );
      } else {
        const plan = random() < 0.4 ? 'pro_yearly' : 'pro_monthly';
        const canceledAt = convertedAt + Math.floor((5 + random() * 200) * DAY_MS);
        const canceled = random() < 0.35 && canceledAt < end;
        rows.push(
          buildSubscription(restaurant.id, {
            kind: 'provider',
            plan,
            status: canceled ? 'canceled' : 'active',
            startsAt,
            endsAt: canceled ? new Date(canceledAt).toISOString() : null,
            providerCustomerId: `cus_${restaurant.id}`,
            providerSubscriptionId: `sub_${restaurant.id}`,
            providerPriceId: `price_${plan}`,
            providerStatus: canceled ? 'canceled' : 'active',
            createdAt: startsAt,
            updatedAt: canceled ? new Date(canceledAt).toISOString() : startsAt,
          }),
        );
      }
    }
    Object.assign(restaurant, planSummary(rows.map((row) => ({ ...row, endsAt: row.endsAt ?? null }))));
    yield { restaurant, rows };
  }
}

/** Inserts a platform history (see platformHistory) in batches; returns the number of restaurants made. */
export async function seedPlatformHistory(db: Kysely<Database>, options: HistoryOptions): Promise<number> {
  let made = 0;
  let restaurants: NewRestaurant[] = [];
  let rows: NewSubscription[] = [];
  const flush = async () => {
    if (restaurants.length === 0) return;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('restaurant').values(restaurants).execute();
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('subscription')
          .values(rows.slice(i, i + 200))
          .execute();
    });
    restaurants = [];
    rows = [];
  };
  for (const item of platformHistory(options)) {
    restaurants.push(item.restaurant);
    rows.push(...item.rows);
    made++;
    if (restaurants.length >= 100) await flush();
  }
  await flush();
  return made;
}
