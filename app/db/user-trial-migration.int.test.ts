import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildRestaurant, buildSubscription, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { migrateToLatest } from './migrate.server.ts';

const DAY = 24 * 3600 * 1000;

/** Migration 0022 (decision 0029): the person's trial end, kept on the user, filled from what they own today. */
describe(`the user trial migration on ${testDialect}`, () => {
  let database: TestDatabase;
  const users = { single: newId(), twice: newId(), noTrialRow: newId(), staff: newId(), nobody: newId() };

  test.beforeAll(async ({ databases }) => {
    database = await databases.create({ upTo: '2026-11-27-0021-memberships' });
    const db = database.db as unknown as Kysely<any>;
    const now = '2026-11-20T10:00:00.000Z';
    const verified = testDialect === 'sqlite' ? 1 : true;
    for (const [name, id] of Object.entries(users)) {
      await db
        .insertInto('user')
        .values({ id, name, email: `${name}@example.com`, emailVerified: verified, createdAt: now, updatedAt: now, role: 'restaurant' })
        .execute();
    }
    const member = async (restaurantId: string, userId: string, role: string) =>
      db.insertInto('membership').values({ id: newId(), restaurantId, userId, role, createdAt: now, updatedAt: now }).execute();
    const restaurant = async (createdAt: string, trialEndsAt?: string) => {
      const row = buildRestaurant({ createdAt, updatedAt: createdAt });
      await db.insertInto('restaurant').values(row).execute();
      if (trialEndsAt)
        await db
          .insertInto('subscription')
          .values(buildSubscription(row.id, { startsAt: new Date(Date.parse(trialEndsAt) - 60 * DAY).toISOString(), endsAt: trialEndsAt }))
          .execute();
      return row.id;
    };
    // one restaurant with its trial
    const first = await restaurant('2026-10-01T08:00:00.000Z', '2026-11-30T08:00:00.000Z');
    await member(first, users.single, 'owner');
    // two restaurants: the earlier trial's end is the person's
    const older = await restaurant('2026-06-01T08:00:00.000Z', '2026-07-31T08:00:00.000Z');
    const newer = await restaurant('2026-09-01T08:00:00.000Z', '2026-10-31T08:00:00.000Z');
    await member(older, users.twice, 'owner');
    await member(newer, users.twice, 'owner');
    // an owner whose restaurant has no trial row (given PRO at once): 60 days from its creation
    const granted = await restaurant('2026-05-10T12:00:00.000Z');
    await member(granted, users.noTrialRow, 'owner');
    // a member who owns nothing keeps their own trial for the first restaurant they create
    await member(first, users.staff, 'staff');
    await migrateToLatest(database.db);
  });

  it('keeps each owner’s earliest trial end, and nothing for those who own no restaurant', async () => {
    const rows = await database.db.selectFrom('user').select(['id', 'trialEndsAt']).execute();
    const trialOf = Object.fromEntries(rows.map((row) => [row.id, row.trialEndsAt]));
    expect(trialOf).toEqual({
      [users.single]: '2026-11-30T08:00:00.000Z',
      [users.twice]: '2026-07-31T08:00:00.000Z',
      [users.noTrialRow]: '2026-07-09T12:00:00.000Z',
      [users.staff]: null,
      [users.nobody]: null,
    });
  });

  it('keeps the trial end when the restaurant is deleted', async () => {
    await database.db.deleteFrom('restaurant').execute();
    expect((await database.db.selectFrom('user').select('trialEndsAt').where('id', '=', users.twice).executeTakeFirstOrThrow()).trialEndsAt).toBe('2026-07-31T08:00:00.000Z');
  });
});
