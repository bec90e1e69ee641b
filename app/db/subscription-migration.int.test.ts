import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { isPro, planSummary } from '#app/modules/subscription/subscription.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { migrateToLatest } from './migrate.server.ts';
import { migrations } from './migrations/index.ts';

const NOW = new Date();
const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

/** A restaurant row as the schema before 2026-11-23-0005 had it, plan columns included. */
function oldRestaurant(id: string, plan: Record<string, unknown>) {
  return {
    id,
    name: `Restaurant ${id}`,
    slug: `slug-${id}`,
    shortCode: `code-${id}`,
    active: 1,
    currency: 'RON',
    timeZone: 'Europe/Bucharest',
    productsCount: 7,
    menuVersion: 3,
    plan: 'free',
    subscriptionActive: 1,
    isPro: 0,
    isManualPro: 0,
    trialStartDate: at(-10),
    expirationDate: null,
    subscriptionCreatedAt: at(-10),
    subscriptionUpdatedAt: at(-10),
    stripeActive: 0,
    stripePlan: null,
    stripeStatus: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    stripeCurrentPeriodEnd: null,
    createdAt: at(-10),
    updatedAt: at(-10),
    ...plan,
  };
}

describe(`the subscription migration on ${testDialect}`, () => {
  let database: TestDatabase;
  let raw: Kysely<any>;
  test.beforeAll(async ({ databases }) => {
    database = await databases.create({ migrate: false });
    raw = database.db as unknown as Kysely<any>;
    const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('2026-11-23-0003-audit-event');
    if (before.error) throw before.error;
    await raw
      .insertInto('restaurant')
      .values([
        oldRestaurant('in-trial', {}),
        oldRestaurant('trial-over', { trialStartDate: at(-70) }),
        oldRestaurant('manual', {
          trialStartDate: at(-400),
          subscriptionCreatedAt: at(-400),
          isManualPro: 1,
          isPro: 1,
          plan: 'pro',
          expirationDate: at(100),
          subscriptionUpdatedAt: at(-265),
        }),
        oldRestaurant('manual-lapsed', { trialStartDate: at(-800), isManualPro: 1, isPro: 1, plan: 'pro', expirationDate: at(-35), subscriptionUpdatedAt: at(-400) }),
        oldRestaurant('is-pro-open', { trialStartDate: null, isPro: 1, plan: 'pro' }),
        oldRestaurant('stripe', {
          trialStartDate: at(-200),
          stripeActive: 1,
          stripePlan: 'pro_monthly',
          stripeStatus: 'active',
          stripeCustomerId: 'cus_1',
          stripeSubscriptionId: 'sub_1',
          stripeCurrentPeriodEnd: at(20),
        }),
        oldRestaurant('stripe-lapsed', {
          trialStartDate: at(-200),
          stripeActive: 0,
          stripePlan: 'pro_monthly',
          stripeStatus: 'canceled',
          stripeCustomerId: 'cus_2',
          stripeSubscriptionId: 'sub_2',
        }),
        oldRestaurant('inactive', { subscriptionActive: 0, isManualPro: 1, plan: 'pro', expirationDate: at(100) }),
        oldRestaurant('deactivated', { active: 0 }),
      ])
      .execute();
    await raw
      .insertInto('location')
      .values({ id: 'loc-1', restaurantId: 'stripe', nameRo: 'Centru', sortOrder: 0, createdAt: at(0), updatedAt: at(0) })
      .execute();
    await migrateToLatest(raw);
  });

  const rowsOf = (restaurantId: string) =>
    database.db
      .selectFrom('subscription')
      .select(['kind', 'status', 'plan', 'startsAt', 'endsAt', 'providerCustomerId', 'providerSubscriptionId', 'providerStatus', 'currentPeriodEnd'])
      .where('restaurantId', '=', restaurantId)
      .orderBy('startsAt')
      .execute();
  const summaryOf = (id: string) =>
    database.db
      .selectFrom('restaurant')
      .select(['publishedUntil', 'proUntil', 'planKind', 'productsCount', 'menuVersion', 'active'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('turns each old plan state into subscription rows', async () => {
    expect(await rowsOf('in-trial')).toMatchObject([{ kind: 'trial', status: 'active', plan: 'free', startsAt: at(-10), endsAt: at(50) }]);
    expect(await rowsOf('trial-over')).toMatchObject([{ kind: 'trial', status: 'active', endsAt: at(-10) }]);
    expect(await rowsOf('manual')).toMatchObject([
      { kind: 'trial', endsAt: at(-340) },
      { kind: 'manual', status: 'active', plan: 'pro', startsAt: at(-265), endsAt: at(100) },
    ]);
    expect(await rowsOf('is-pro-open')).toMatchObject([{ kind: 'manual', status: 'active', plan: 'pro', endsAt: null }]);
    expect(await rowsOf('stripe')).toMatchObject([
      { kind: 'trial' },
      {
        kind: 'provider',
        status: 'active',
        plan: 'pro_monthly',
        endsAt: null,
        providerCustomerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        providerStatus: 'active',
        currentPeriodEnd: at(20),
      },
    ]);
    expect(await rowsOf('stripe-lapsed')).toMatchObject([{ kind: 'trial' }, { kind: 'provider', status: 'canceled', providerCustomerId: 'cus_2' }]);
    expect(await rowsOf('inactive')).toMatchObject([
      { kind: 'trial', status: 'canceled' },
      { kind: 'manual', status: 'canceled' },
    ]);
  });

  it('writes the summary the rules give, so the same menus stay published', async () => {
    const published = (s: { publishedUntil: string | null; active: number }) => s.active === 1 && s.publishedUntil !== null && s.publishedUntil > NOW.toISOString();
    const expected: Record<string, { published: boolean; pro: boolean; planKind: string | null }> = {
      'in-trial': { published: true, pro: false, planKind: 'trial' },
      'trial-over': { published: false, pro: false, planKind: 'trial' },
      manual: { published: true, pro: true, planKind: 'manual' },
      'manual-lapsed': { published: false, pro: false, planKind: 'manual' },
      'is-pro-open': { published: true, pro: true, planKind: 'manual' },
      stripe: { published: true, pro: true, planKind: 'provider' },
      'stripe-lapsed': { published: false, pro: false, planKind: 'trial' },
      inactive: { published: false, pro: false, planKind: null },
      deactivated: { published: false, pro: false, planKind: 'trial' },
    };
    for (const [id, want] of Object.entries(expected)) {
      const summary = await summaryOf(id);
      const rows = await rowsOf(id);
      expect({ id, published: published(summary), pro: isPro(rows, NOW), planKind: summary.planKind }).toEqual({ id, ...want });
      expect({ publishedUntil: summary.publishedUntil, proUntil: summary.proUntil, planKind: summary.planKind }).toEqual(planSummary(rows));
      expect(summary).toMatchObject({ productsCount: 7, menuVersion: 3 });
    }
  });

  it('drops the old plan columns, keeps the rest and the foreign keys', async () => {
    const columns = (await database.db.introspection.getTables()).find((t) => t.name === 'restaurant')!.columns.map((c) => c.name);
    for (const old of [
      'plan',
      'subscriptionActive',
      'isPro',
      'isManualPro',
      'trialStartDate',
      'expirationDate',
      'stripeActive',
      'stripePlan',
      'stripeCustomerId',
      'stripeSubscriptionId',
    ]) {
      expect(columns).not.toContain(old);
    }
    expect(columns).toEqual(expect.arrayContaining(['slug', 'shortCode', 'productsCount', 'menuVersion', 'publishedUntil', 'proUntil', 'planKind']));
    // unique slug still enforced, and deleting a restaurant still cascades to its locations and subscriptions
    await expect(
      raw
        .insertInto('restaurant')
        .values({ ...oldRestaurantBase('dup'), slug: 'slug-stripe' })
        .execute(),
    ).rejects.toThrow();
    await database.db.deleteFrom('restaurant').where('id', '=', 'stripe').execute();
    expect(await database.db.selectFrom('location').select('id').where('restaurantId', '=', 'stripe').execute()).toEqual([]);
    expect(await rowsOf('stripe')).toEqual([]);
    if (testDialect === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db)).rows[0]?.foreign_keys).toBe(1);
    }
  });

  it('goes down to the old columns and up again to the same rows and summary', async () => {
    const before = await database.db.selectFrom('restaurant').select(['id', 'publishedUntil', 'proUntil', 'planKind']).orderBy('id').execute();
    const migrator = new Migrator({ db: raw, provider: { getMigrations: async () => migrations } });
    // down past every later migration too, to the schema the plan columns lived in
    const down = await migrator.migrateTo('2026-11-23-0004-job');
    if (down.error) throw down.error;
    const old = await raw
      .selectFrom('restaurant')
      .select(['id', 'trialStartDate', 'isManualPro', 'expirationDate', 'subscriptionActive', 'stripeActive'])
      .where('id', 'in', ['in-trial', 'manual', 'inactive'])
      .orderBy('id')
      .execute();
    expect(old).toEqual([
      { id: 'in-trial', trialStartDate: at(-10), isManualPro: 0, expirationDate: null, subscriptionActive: 1, stripeActive: 0 },
      { id: 'inactive', trialStartDate: at(-10), isManualPro: 0, expirationDate: null, subscriptionActive: 0, stripeActive: 0 },
      { id: 'manual', trialStartDate: at(-400), isManualPro: 1, expirationDate: at(100), subscriptionActive: 1, stripeActive: 0 },
    ]);
    await migrateToLatest(raw);
    expect(await database.db.selectFrom('restaurant').select(['id', 'publishedUntil', 'proUntil', 'planKind']).orderBy('id').execute()).toEqual(before);
  });
});

function oldRestaurantBase(id: string) {
  const {
    plan: _p,
    subscriptionActive: _s,
    isPro: _i,
    isManualPro: _m,
    trialStartDate: _t,
    expirationDate: _e,
    subscriptionCreatedAt: _c,
    subscriptionUpdatedAt: _u,
    stripeActive: _a,
    ...rest
  } = oldRestaurant(id, {});
  return rest;
}
