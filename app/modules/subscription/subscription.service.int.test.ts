import { describe, expect, it, vi } from 'vitest';
import { getMenuCacheVersion, getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { isBefore, isPro, planSummary, proTermEnd, remainingTrialDays } from './subscription.ts';
import { listSubscriptions } from './subscription.repo.server.ts';
import { getPlanForRestaurant, setManualPro, startTrial } from './subscription.service.server.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const DAY = 24 * 3600 * 1000;

describe(`subscriptions on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });
  const row = (id: string) => database.db.selectFrom('restaurant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** the summary on the restaurant row is exactly what the rules say of its subscription rows */
  async function expectSummaryMatchesRules(restaurantId: string, from: Date = NOW) {
    const rows = await listSubscriptions(database.db, restaurantId);
    const restaurant = await row(restaurantId);
    expect({ publishedUntil: restaurant.publishedUntil, proUntil: restaurant.proUntil, planKind: restaurant.planKind }).toEqual(planSummary(rows));
    for (const moment of [from, new Date(from.getTime() + 30 * DAY), new Date(from.getTime() + 400 * DAY)]) {
      expect(isBefore(restaurant.proUntil, moment)).toBe(isPro(rows, moment));
      expect(isBefore(restaurant.publishedUntil, moment)).toBe(isPro(rows, moment) || remainingTrialDays(rows, moment) > 0);
    }
  }

  it('starts a trial with its summary and an audit row', async () => {
    const restaurant = await insertRestaurant(database.db, {}, { trial: false });
    await startTrial(scopes.owner(restaurant.id), NOW);
    expect(await row(restaurant.id)).toMatchObject({ planKind: 'trial', proUntil: null, publishedUntil: new Date(NOW.getTime() + 60 * DAY).toISOString() });
    await expectSummaryMatchesRules(restaurant.id);
    const audit = await database.db.selectFrom('auditEvent').select(['action', 'targetType']).where('restaurantId', '=', restaurant.id).execute();
    expect(audit).toEqual([{ action: 'subscription.start-trial', targetType: 'subscription' }]);
    expect(await getPlanForRestaurant(scopes.owner(restaurant.id), NOW)).toMatchObject({ phase: 'trial', remainingDays: 60, showUpgradePrompt: false });
  });

  it('grants manual PRO for one year, brings back a menu the trial’s end had hidden, and takes it back keeping the history', async () => {
    const restaurant = await insertRestaurant(database.db, {}, { trial: new Date(NOW.getTime() - 90 * DAY) });
    const version = (await row(restaurant.id)).menuVersion;
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('inactive');

    expect(await setManualPro(scopes.admin(), restaurant.id, true, NOW)).toMatchObject({ name: restaurant.name, expirationDate: '2027-11-22T10:00:00.000Z' });
    const granted = await row(restaurant.id);
    expect(granted).toMatchObject({ planKind: 'manual', proUntil: '2027-11-22T10:00:00.000Z', publishedUntil: '2027-11-22T10:00:00.000Z' });
    expect(granted.menuVersion).toBe(version + 1);
    await expectSummaryMatchesRules(restaurant.id);
    const audit = await database.db.selectFrom('auditEvent').selectAll().where('restaurantId', '=', restaurant.id).execute();
    expect(audit).toMatchObject([{ action: 'subscription.grant-manual-pro', actorType: 'user', actorId: 'admin-1', targetType: 'subscription', requestId: 'test-request' }]);
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('active');
    expect(await getPlanForRestaurant(scopes.owner(restaurant.id), NOW)).toMatchObject({ phase: 'pro', expirationDate: '2027-11-22T10:00:00.000Z', showUpgradePrompt: false });

    expect(await setManualPro(scopes.admin(), restaurant.id, false, NOW)).toMatchObject({ expirationDate: null });
    const taken = await row(restaurant.id);
    expect(taken).toMatchObject({ planKind: 'trial', proUntil: null });
    expect(taken.menuVersion).toBe(version + 2);
    await expectSummaryMatchesRules(restaurant.id);
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('inactive');
    // revoking ends the grant; it is not deleted
    const rows = await listSubscriptions(database.db, restaurant.id);
    expect(rows.map((r) => [r.kind, r.status, r.grantedBy])).toEqual([
      ['trial', 'active', null],
      ['manual', 'ended', 'admin-1'],
    ]);
    expect(rows[1]!.endsAt).toBe(NOW.toISOString());
  });

  it('replaces a running grant with a new year, ending the old row', async () => {
    // the factory's grant started a second ago, on the real clock
    const now = new Date();
    const restaurant = await insertRestaurant(database.db, {}, { manualProUntil: new Date(now.getTime() + 10 * DAY).toISOString() });
    await setManualPro(scopes.admin(), restaurant.id, true, now);
    const rows = await listSubscriptions(database.db, restaurant.id);
    expect(
      rows
        .filter((r) => r.kind === 'manual')
        .map((r) => r.status)
        .sort(),
    ).toEqual(['active', 'ended']);
    expect((await row(restaurant.id)).proUntil).toBe(proTermEnd({ manual: true }, now));
    await expectSummaryMatchesRules(restaurant.id, now);
  });

  it('is refused to a restaurant owner, even for their own restaurant, and for an unknown restaurant', async () => {
    const restaurant = await insertRestaurant(database.db);
    const before = await row(restaurant.id);
    await expect(setManualPro(scopes.forgedAdmin(), restaurant.id, true, NOW)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await row(restaurant.id)).toEqual(before);
    await expect(setManualPro(scopes.admin(), 'no-such-restaurant', true, NOW)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('never takes back a PRO paid by card, nor one that was never granted', async () => {
    const paying = await insertRestaurant(database.db, {}, { providerPlan: 'pro_monthly' });
    const before = await row(paying.id);
    await expect(setManualPro(scopes.admin(), paying.id, false, NOW)).rejects.toMatchObject({ code: 'pro-not-manual' });
    expect(await row(paying.id)).toEqual(before);
    const trialOnly = await insertRestaurant(database.db);
    await expect(setManualPro(scopes.admin(), trialOnly.id, false, NOW)).rejects.toMatchObject({ code: 'pro-not-manual' });
    expect(await database.db.selectFrom('auditEvent').select('id').where('restaurantId', 'in', [paying.id, trialOnly.id]).execute()).toEqual([]);
  });

  it('publishes the guest menu until the trial’s end and unpublishes it then, with no edit (fake clock)', async () => {
    const started = new Date(NOW.getTime() - 59 * DAY);
    const restaurant = await insertRestaurant(database.db, {}, { trial: false });
    await startTrial(scopes.owner(restaurant.id), started);
    const end = new Date(started.getTime() + 60 * DAY);
    const before = await getMenuCacheVersion(database.db, restaurant.slug, new Date(end.getTime() - 1));
    const after = await getMenuCacheVersion(database.db, restaurant.slug, end);
    expect(after).not.toBe(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(end.getTime() - 1000));
      expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('active');
      vi.setSystemTime(end);
      expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('inactive');
    } finally {
      vi.useRealTimers();
    }
  });
});
