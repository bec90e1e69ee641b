import { describe, expect, it } from 'vitest';
import { setManualPro } from '#app/modules/subscription/subscription.service.server.ts';
import { insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { listUsersForAdmin } from './admin-users.service.server.ts';

describe(`the admin users list's plan column on ${testDialect}`, () => {
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
    await database.db.insertInto('user').values({ id: newId(), name: email, email, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role, banReason: null, restaurantId }).execute();
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
    const now = new Date();
    const { expirationDate } = await setManualPro(scopes.admin(), granted.id, true, now);

    const plans = Object.fromEntries((await listUsersForAdmin(scopes.admin())).map((user) => [user.email, user.restaurantPlan]));
    expect(plans).toEqual({
      'trial@example.com': { pro: false, manual: false, expirationDate: null, timeZone: 'Europe/Bucharest' },
      'granted@example.com': { pro: true, manual: true, expirationDate, timeZone: 'Europe/Bucharest' },
      'paying@example.com': { pro: true, manual: false, expirationDate: null, timeZone: 'Europe/Bucharest' },
      'lapsed@example.com': { pro: false, manual: false, expirationDate: null, timeZone: 'Europe/Bucharest' },
      'admin@example.com': null,
    });
    expect(expirationDate).not.toBeNull();
  });
});
