import { describe, expect, it } from 'vitest';
import { setManualPro } from '#app/modules/subscription/subscription.service.server.ts';
import { addMember, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { getRestaurantForAdmin, listRestaurantsForAdmin } from './restaurants.service.server.ts';
import { listUsersForBackOffice } from './users.service.server.ts';

describe(`the back office's plan column and its owners on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });

  async function owner(email: string, restaurantId: string | null, role: 'admin' | 'restaurant' = 'restaurant') {
    // better-auth's own row, written raw: SQLite stores its booleans as 0/1
    const now = new Date().toISOString();
    const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
    const id = newId();
    await database.db
      .insertInto('user')
      .values({ id, name: email, email, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role, banReason: null, lastRestaurantId: restaurantId })
      .execute();
    if (restaurantId) await addMember(database.db, restaurantId, id, 'owner');
  }

  it('reads whether each restaurant is PRO, by whose doing and until when, from the summary', async () => {
    const inTrial = await insertRestaurant(database.db);
    const granted = await insertRestaurant(database.db);
    const paying = await insertRestaurant(database.db, {}, { providerPlan: 'pro_monthly' });
    const lapsed = await insertRestaurant(database.db, {}, { trial: new Date(Date.now() - 90 * 24 * 3600 * 1000), manualProUntil: new Date(Date.now() - 1000).toISOString() });
    await owner('trial@example.com', inTrial.id);
    await owner('granted@example.com', granted.id);
    await owner('paying@example.com', paying.id);
    await owner('lapsed@example.com', lapsed.id);
    await owner('admin@example.com', null, 'admin');
    const admin = scopes.admin();
    const now = new Date();
    const { expirationDate } = await setManualPro(admin, granted.id, true, now);
    expect(expirationDate).not.toBeNull();

    const { items } = await listRestaurantsForAdmin(admin, { sort: 'newest', page: 1 }, now);
    const plans = Object.fromEntries(items.map((item) => [item.id, { plan: item.plan, until: item.until }]));
    const trialEnd = (await getRestaurantForAdmin(admin, inTrial.id, now)).restaurant.publishedUntil;
    expect(plans).toEqual({
      [inTrial.id]: { plan: 'trial', until: trialEnd },
      [granted.id]: { plan: 'pro-manual', until: expirationDate },
      // a card subscription runs until Stripe ends it: no end to show
      [paying.id]: { plan: 'pro-card', until: null },
      [lapsed.id]: { plan: 'inactive', until: null },
    });
    expect(trialEnd).not.toBeNull();

    // the users page: each owner with their restaurant, the admin with none
    const users = Object.fromEntries((await listUsersForBackOffice(admin, { sort: 'newest', page: 1 })).items.map((user) => [user.email, user.restaurants[0]?.id ?? null]));
    expect(users).toEqual({
      'trial@example.com': inTrial.id,
      'granted@example.com': granted.id,
      'paying@example.com': paying.id,
      'lapsed@example.com': lapsed.id,
      'admin@example.com': null,
    });
  });
});
