import { afterAll, expect } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '#app/db/connection.server.ts';
import type { Database } from '#app/db/schema.ts';
import { startCheckout } from '#app/modules/billing/billing-checkout.server.ts';
import { createBilling, type Billing } from '#app/modules/billing/stripe-client.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { addMember, insertRestaurant } from '#tests/factories/builders.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { runJobsUntilIdle } from './jobs.ts';
import { startWebhookApp, type WebhookApp } from './stripe-webhook-app.ts';
import { test, type ActorScopes } from './test-context.ts';
import { testDialect, type TestDatabase } from './test-database.ts';

/**
 * The subscription lifecycle through (fake) Stripe (app/modules/billing/billing-*.int.test.ts): two
 * app processes' webhook endpoints over the file's database, the jobs they queue, owners and payers.
 */

export const WEBHOOK_SECRET = 'whsec_test_lifecycle';
export const PRICES = { monthly: 'price_monthly_test', yearly: 'price_yearly_test' };
export const DAY = 24 * 60 * 60 * 1000;

// live bindings: set by the hook `startLifecycle` registers (ES modules hand importers the binding, so they see the value)
export let database: TestDatabase;
export let scopes: ActorScopes;
/**
 * The second app process: on PostgreSQL a second connection pool to the same database (what
 * another process is to the server); on SQLite the same handle (an installation on SQLite runs one
 * process: node:sqlite's busy wait blocks the thread, so two connections in one process cannot
 * interleave transactions), so there it is two concurrent handlers in one process.
 */
export let second: Kysely<Database>;
export let fake: FakeStripe;
export let billing: Billing;

/** Starts the two processes' endpoints and the fake Stripe before the first test (Stripe posts to `target()`'s), stops them after the last. */
export function startLifecycle(target: () => number = () => 0) {
  let apps: WebhookApp[];
  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    second = database.location.databaseUrl ? openDatabase({ databaseUrl: database.location.databaseUrl, sqlitePath: '', poolSize: 4 }).db : database.db;
    // two app processes' webhook endpoints
    apps = [
      await startWebhookApp(
        () => database.db,
        () => billing,
      ),
      await startWebhookApp(
        () => second,
        () => billing,
      ),
    ];
    fake = await startFakeStripe({ webhookUrl: () => apps[target()]!.url, webhookSecret: WEBHOOK_SECRET });
    billing = createBilling({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      prices: PRICES,
      automaticTax: false,
      apiBase: fake.apiBase,
      publicUrl: 'http://localhost:3000',
    });
  });
  afterAll(async () => {
    await fake?.close();
    for (const app of apps ?? []) await app.close();
    if (second && second !== database.db) await second.destroy();
  });
}

/** what the mail job sent */
export const sent: OutgoingMail[] = [];
const handlers = () => {
  const all = createJobHandlers({
    mailer: { send: async (mail) => void sent.push(mail) },
    storage: {} as FileStorage,
    retentionDays: 7,
    billing,
    publicUrl: 'https://bucate.example',
  });
  return { 'billing.sync': all['billing.sync'], 'mail.send': all['mail.send'], 'billing.notices': all['billing.notices'] };
};
export const runJobs = (db: Kysely<Database> = database.db, now?: Date) => runJobsUntilIdle(db, handlers(), now ? { now: () => now } : {});
export const restaurantRow = (id: string) => database.db.selectFrom('restaurant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const providerRows = (id: string) =>
  database.db.selectFrom('subscription').selectAll().where('restaurantId', '=', id).where('kind', '=', 'provider').orderBy('createdAt').execute();

export async function insertOwner(restaurantId: string, locale: 'ro' | 'en' | null = null) {
  const id = `owner-of-${restaurantId}`;
  // better-auth's own row, written raw: SQLite stores its booleans as 0/1
  const now = new Date().toISOString();
  const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
  await database.db
    .insertInto('user')
    .values({
      id,
      name: 'Owner',
      email: `owner-${restaurantId}@example.com`,
      emailVerified: verified,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: 'restaurant',
      banReason: null,
      lastRestaurantId: restaurantId,
    })
    .execute();
  await addMember(database.db, restaurantId, id, 'owner');
  await database.db.updateTable('restaurant').set({ ownerLocale: locale }).where('id', '=', restaurantId).execute();
  return id;
}

export async function checkout(restaurantId: string) {
  const url = await startCheckout(scopes.owner(restaurantId), billing, { interval: 'monthly', locale: 'ro' });
  return url.split('/').pop()!;
}

export async function payingRestaurant() {
  const restaurant = await insertRestaurant(database.db);
  await insertOwner(restaurant.id);
  const sessionId = await checkout(restaurant.id);
  const { subscription, responses } = await fake.completeCheckout(sessionId);
  expect(responses).toEqual([200, 200, 200]);
  await runJobs();
  return { restaurant, subscription, sessionId };
}
