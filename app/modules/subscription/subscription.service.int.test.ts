import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import { getPublicMenu } from '#app/modules/menu/menu.service.server.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { setManualPro } from './subscription.service.server.ts';

const admin: SessionUser = { id: 'admin-1', email: 'admin@bucate.localhost', name: 'Admin', role: 'admin', restaurantId: null };
const NOW = new Date('2026-11-22T10:00:00.000Z');

describe(`manual PRO granted by a platform admin on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());
  const row = (id: string) => database.db.selectFrom('restaurant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lasts one year, brings back a menu the trial’s end had hidden, and is taken back with its expiry', async () => {
    const restaurant = buildRestaurant({ trialStartDate: new Date(NOW.getTime() - 90 * 24 * 3600 * 1000).toISOString() });
    await database.db.insertInto('restaurant').values(restaurant).execute();
    const version = (await row(restaurant.id)).menuVersion;
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('inactive');

    expect(await setManualPro(database.db, admin, restaurant.id, true, NOW)).toMatchObject({ name: restaurant.name, expirationDate: '2027-11-22T10:00:00.000Z' });
    const granted = await row(restaurant.id);
    expect(granted).toMatchObject({ isManualPro: 1, isPro: 1, plan: 'pro', expirationDate: '2027-11-22T10:00:00.000Z' });
    expect(granted.menuVersion).toBe(version + 1);
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('active');

    await setManualPro(database.db, admin, restaurant.id, false, NOW);
    const taken = await row(restaurant.id);
    expect(taken).toMatchObject({ isManualPro: 0, isPro: 0, plan: 'free', expirationDate: null });
    expect(taken.menuVersion).toBe(version + 2);
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('inactive');
  });

  it('is refused to a restaurant owner, even for their own restaurant, and for an unknown restaurant', async () => {
    const restaurant = buildRestaurant();
    await database.db.insertInto('restaurant').values(restaurant).execute();
    const before = await row(restaurant.id);
    const owner: SessionUser = { id: 'owner-1', email: 'owner@example.com', name: 'Owner', role: 'restaurant', restaurantId: restaurant.id };
    await expect(setManualPro(database.db, owner, restaurant.id, true, NOW)).rejects.toMatchObject({ code: 'not-found' });
    expect(await row(restaurant.id)).toEqual(before);
    await expect(setManualPro(database.db, admin, 'no-such-restaurant', true, NOW)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('never takes back a PRO paid by card: that is the payment provider’s to end', async () => {
    const paying = buildRestaurant({ stripeActive: 1, stripePlan: 'pro_monthly' });
    await database.db.insertInto('restaurant').values(paying).execute();
    const before = await row(paying.id);
    await expect(setManualPro(database.db, admin, paying.id, false, NOW)).rejects.toMatchObject({ code: 'pro-not-manual' });
    expect(await row(paying.id)).toEqual(before);
  });
});
