import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/connection.server.ts';
import type { Database } from '#app/db/schema.ts';
import { systemScope } from '#app/modules/access/scope.server.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { startTrial } from '#app/modules/subscription/subscription.service.server.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { startFakeStripe, type FakeStripe } from '#tests/support/fake-stripe.ts';
import { startWebhookApp, type WebhookApp } from '#tests/support/stripe-webhook-app.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import type { Kysely } from 'kysely';
import { PAYMENT_GRACE_DAYS, sendBillingNotices } from './billing-notices.server.ts';
import { getCardDetails } from './billing-card.server.ts';
import { startCheckout } from './billing-checkout.server.ts';
import { reconcileCustomers } from './billing-sync.server.ts';
import { receiveStripeWebhook } from './billing-webhook.server.ts';
import { readPaymentReturn } from './payment-return.server.ts';
import { createBilling, type Billing } from './stripe-client.server.ts';

const WEBHOOK_SECRET = 'whsec_test_lifecycle';
const PRICES = { monthly: 'price_monthly_test', yearly: 'price_yearly_test' };
const DAY = 24 * 60 * 60 * 1000;

describe(`the subscription lifecycle through (fake) Stripe on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  /**
   * The second app process: on PostgreSQL a second connection pool to the same database (what
   * another process is to the server); on SQLite the same handle (an installation on SQLite runs one
   * process: node:sqlite's busy wait blocks the thread, so two connections in one process cannot
   * interleave transactions), so there it is two concurrent handlers in one process.
   */
  let second: Kysely<Database>;
  let fake: FakeStripe;
  let billing: Billing;
  let apps: WebhookApp[];
  let target = 0;

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    second = database.location.databaseUrl ? openDatabase({ databaseUrl: database.location.databaseUrl, sqlitePath: '', poolSize: 4 }).db : database.db;
    // two app processes' webhook endpoints
    apps = [await startWebhookApp(() => database.db, () => billing), await startWebhookApp(() => second, () => billing)];
    fake = await startFakeStripe({ webhookUrl: () => apps[target]!.url, webhookSecret: WEBHOOK_SECRET });
    billing = createBilling({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, prices: PRICES, automaticTax: false, apiBase: fake.apiBase, publicUrl: 'http://localhost:3000' });
  });
  afterAll(async () => {
    await fake?.close();
    for (const app of apps ?? []) await app.close();
    if (second && second !== database.db) await second.destroy();
  });

  const sent: OutgoingMail[] = [];
  const handlers = () => {
    const all = createJobHandlers({ mailer: { send: async (mail) => void sent.push(mail) }, storage: {} as FileStorage, retentionDays: 7, billing, publicUrl: 'https://bucate.example' });
    return { 'billing.sync': all['billing.sync'], 'mail.send': all['mail.send'], 'billing.notices': all['billing.notices'] };
  };
  const runJobs = (db: Kysely<Database> = database.db, now?: Date) => runJobsUntilIdle(db, handlers(), now ? { now: () => now } : {});
  const restaurantRow = (id: string) => database.db.selectFrom('restaurant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const providerRows = (id: string) => database.db.selectFrom('subscription').selectAll().where('restaurantId', '=', id).where('kind', '=', 'provider').orderBy('createdAt').execute();

  async function insertOwner(restaurantId: string, locale: 'ro' | 'en' | null = null) {
    const id = `owner-of-${restaurantId}`;
    // better-auth's own row, written raw: SQLite stores its booleans as 0/1
    const now = new Date().toISOString();
    const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
    await database.db.insertInto('user').values({ id, name: 'Owner', email: `owner-${restaurantId}@example.com`, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role: 'restaurant', banReason: null, restaurantId }).execute();
    await database.db.updateTable('restaurant').set({ ownerId: id, ownerLocale: locale }).where('id', '=', restaurantId).execute();
    return id;
  }

  async function checkout(restaurantId: string) {
    const url = await startCheckout(scopes.owner(restaurantId), billing, { interval: 'monthly', locale: 'ro' });
    return url.split('/').pop()!;
  }

  async function payingRestaurant() {
    const restaurant = await insertRestaurant(database.db);
    await insertOwner(restaurant.id);
    const sessionId = await checkout(restaurant.id);
    const { subscription, responses } = await fake.completeCheckout(sessionId);
    expect(responses).toEqual([200, 200, 200]);
    await runJobs();
    return { restaurant, subscription, sessionId };
  }

  describe('webhooks', () => {
    it('replays an old event without going back in time: the sync reads Stripe’s state now', async () => {
      const { restaurant, subscription } = await payingRestaurant();
      const [createdEvent] = [...fake.events.values()].filter((e) => e.type === 'customer.subscription.created' && (e.data.object as { id: string }).id === subscription.id);
      // later the owner cancelled and the subscription ended
      fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000), canceled_at: Math.floor(Date.now() / 1000) });
      await fake.sendEvent('customer.subscription.deleted', fake.subscriptions.get(subscription.id)!);
      await runJobs();
      const ended = await restaurantRow(restaurant.id);
      expect(isBefore(ended.proUntil)).toBe(false);
      // an attacker (or Stripe's retry) replays the old `created` event, re-signed: same id → ignored
      expect(await fake.redeliver(createdEvent!.id)).toBe(200);
      await runJobs();
      expect(await restaurantRow(restaurant.id)).toEqual(ended);
      // the same old content under a new event id: accepted, re-synced from Stripe, still ended
      expect((await fake.sendEvent('customer.subscription.created', createdEvent!.data.object as never)).status).toBe(200);
      await runJobs();
      expect(await restaurantRow(restaurant.id)).toEqual(ended);
      expect(await providerRows(restaurant.id)).toMatchObject([{ status: 'canceled' }]);
    });

    it('acknowledges an event for a deleted restaurant and writes nothing; the job does not fail', async () => {
      const { restaurant, subscription } = await payingRestaurant();
      await database.db.deleteFrom('restaurant').where('id', '=', restaurant.id).execute();
      fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
      expect((await fake.sendEvent('customer.subscription.updated', fake.subscriptions.get(subscription.id)!)).status).toBe(200);
      await runJobs();
      expect(await database.db.selectFrom('subscription').select('id').where('restaurantId', '=', restaurant.id).execute()).toEqual([]);
      expect(await database.db.selectFrom('job').select('status').where('type', '=', 'billing.sync').where('status', '!=', 'done').execute()).toEqual([]);
    });

    it('two app processes receiving the same event at once: one record, one job, one row', async () => {
      const restaurant = await insertRestaurant(database.db);
      await insertOwner(restaurant.id);
      const sessionId = await checkout(restaurant.id);
      target = 0;
      await fake.completeCheckout(sessionId);
      const events = [...fake.events.values()].slice(-3);
      // every event delivered again, to both processes at the same moment
      const deliveries = await Promise.all(
        events.flatMap((event) => [0, 1].map(async (app) => {
          target = app;
          return fake.redeliver(event.id);
        })),
      );
      target = 0;
      expect(deliveries.every((status) => status === 200)).toBe(true);
      const ids = events.map((event) => event.id);
      expect((await database.db.selectFrom('billingEvent').select('id').where('id', 'in', ids).execute()).length).toBe(3);
      // both processes' workers run the jobs at once
      await Promise.all([runJobs(database.db), runJobs(second)]);
      expect(await providerRows(restaurant.id)).toMatchObject([{ status: 'active', plan: 'pro_monthly' }]);
      expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(true);
    });

    it('two concurrent syncs of one new subscription (different events) write one row', async () => {
      const restaurant = await insertRestaurant(database.db);
      const customer = `cus_race_${restaurant.id}`;
      fake.customers.set(customer, { id: customer, object: 'customer' } as never);
      const subscription = fake.createSubscription(customer, PRICES.yearly, { restaurantId: restaurant.id });
      const [a, b] = await Promise.all([
        receiveStripeWebhook(database.db, billing, ...(await signed('customer.subscription.created', subscription))),
        receiveStripeWebhook(second, billing, ...(await signed('invoice.paid', { id: 'in_race', object: 'invoice', customer }))),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      await Promise.all([runJobs(database.db), runJobs(second)]);
      expect(await providerRows(restaurant.id)).toMatchObject([{ status: 'active', plan: 'pro_yearly', providerSubscriptionId: subscription.id }]);
    });

    it('heals a lost webhook with the daily reconciliation', async () => {
      const { restaurant, subscription } = await payingRestaurant();
      // Stripe cancels at period end; the event never arrives
      fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
      const result = await reconcileCustomers(systemScope(database.db, 'test'), billing);
      expect(result.changed).toBeGreaterThanOrEqual(1);
      expect(await providerRows(restaurant.id)).toMatchObject([{ cancelAtPeriodEnd: 1, status: 'active' }]);
      // a second run changes nothing
      const again = await reconcileCustomers(systemScope(database.db, 'test'), billing);
      expect(again.changed).toBe(0);
    });
  });

  /** a signed payload as Stripe would send it, without going through HTTP */
  async function signed(type: string, object: object): Promise<[Buffer, string]> {
    const Stripe = (await import('stripe')).default;
    const payload = JSON.stringify({ id: `evt_${newId()}`, object: 'event', type, api_version: null, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: null, data: { object } });
    return [Buffer.from(payload), new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })];
  }

  describe('the payment-success state', () => {
    it('follows the real status: unpaid, waiting, active; never grants PRO itself', async () => {
      const restaurant = await insertRestaurant(database.db);
      const owner = await insertOwner(restaurant.id);
      const scope = scopes.user(restaurant.id, { id: owner });
      const sessionId = await checkout(restaurant.id);
      expect(await readPaymentReturn(scope, billing, sessionId)).toMatchObject({ state: 'unpaid', restaurant: { slug: restaurant.slug } });
      await fake.completeCheckout(sessionId);
      expect(await readPaymentReturn(scope, billing, sessionId)).toMatchObject({ state: 'waiting' });
      // reading it (many times) grants nothing
      expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(false);
      await runJobs();
      expect(await readPaymentReturn(scope, billing, sessionId)).toEqual({ state: 'active', restaurant: { name: restaurant.name, slug: restaurant.slug } });
    });

    it('is honest about an unknown session, another owner’s session, no sign-in and no Stripe', async () => {
      const { restaurant, sessionId } = await payingRestaurant();
      const other = await insertRestaurant(database.db);
      const otherOwner = await insertOwner(other.id);
      const stranger = scopes.user(other.id, { id: otherOwner });
      expect(await readPaymentReturn(stranger, billing, sessionId)).toEqual({ state: 'foreign', restaurant: null });
      // an owner whose session claims the paying restaurant but who is not its owner
      expect(await readPaymentReturn(scopes.user(restaurant.id, { id: otherOwner }), billing, sessionId)).toEqual({ state: 'foreign', restaurant: null });
      expect(await readPaymentReturn(stranger, billing, 'cs_test_doesnotexist')).toEqual({ state: 'unknown', restaurant: null });
      expect(await readPaymentReturn(stranger, billing, '../v1/customers')).toEqual({ state: 'unknown', restaurant: null });
      expect(await readPaymentReturn(null, billing, sessionId)).toEqual({ state: 'sign-in', restaurant: null });
      expect(await readPaymentReturn(stranger, null, sessionId)).toEqual({ state: 'not-configured', restaurant: null });
    });
  });

  describe('the subscription page’s card details', () => {
    it('shows the next charge and the last invoices of the owner’s own customer only', async () => {
      const { restaurant } = await payingRestaurant();
      const details = await getCardDetails(scopes.owner(restaurant.id), billing);
      expect(details.available).toBe(true);
      expect(details.nextCharge).toMatchObject({ amountMinor: 4900, currency: 'ron' });
      expect(details.nextCharge?.date).toMatch(/^\d{4}-/);
      expect(details.invoices).toHaveLength(1);
      expect(details.invoices[0]).toMatchObject({ amountMinor: 4900, status: 'paid' });
      expect(details.invoices[0]!.url).toContain('/invoice');
      // a second restaurant's owner sees none of it
      const other = await insertRestaurant(database.db);
      expect(await getCardDetails(scopes.owner(other.id), billing)).toEqual({ nextCharge: null, invoices: [], available: true });
    });
  });

  describe('lifecycle and dunning e-mails (fake clock)', () => {
    const noticeMails = async () =>
      (await database.db.selectFrom('job').select(['payload', 'dedupeKey']).where('type', '=', 'mail.send').where('dedupeKey', 'like', 'billing-notice:%').orderBy('createdAt').orderBy('dedupeKey').execute()).map((job) => ({
        key: job.dedupeKey!.slice('billing-notice:'.length),
        mail: (JSON.parse(job.payload) as { mail: OutgoingMail }).mail,
      }));
    const forRestaurant = async (id: string) => (await noticeMails()).filter((n) => n.key.includes(id) || n.mail.to === `owner-${id}@example.com`);
    const sweep = (at: Date, db: Kysely<Database> = database.db) => sendBillingNotices(systemScope(db, 'test'), { publicUrl: 'https://bucate.example' }, at);

    it('welcome, trial ends in 5 days, trial ended: each once, in the owner’s language, text and HTML', async () => {
      const start = new Date('2030-03-01T09:00:00.000Z');
      const restaurant = await insertRestaurant(database.db, { name: 'Bistro & Co' }, { trial: start });
      await insertOwner(restaurant.id, 'en');
      await sweep(new Date(start.getTime() + 11 * 60_000));
      let mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key)).toEqual([`welcome:${restaurant.id}`]);
      expect(mails[0]!.mail).toMatchObject({ to: `owner-${restaurant.id}@example.com`, subject: 'Welcome to Bucate, Bistro & Co' });
      expect(mails[0]!.mail.text).toContain(`https://bucate.example/restaurant/${restaurant.slug}/settings/subscription`);
      expect(mails[0]!.mail.html).toContain('Bistro &amp; Co');
      // day 54: 6 days left, nothing new; day 55: 5 days left
      await sweep(new Date(start.getTime() + 54 * DAY));
      expect(await forRestaurant(restaurant.id)).toHaveLength(1);
      const day55 = new Date(start.getTime() + 55 * DAY);
      // the sweep twice, and on two processes at once
      await Promise.all([sweep(day55), sweep(day55, second)]);
      await sweep(new Date(day55.getTime() + DAY));
      mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['welcome', 'trial-ending']);
      expect(mails[1]!.mail.subject).toBe('The trial of Bistro & Co ends in 5 days');
      expect(mails[1]!.mail.text).toContain('30 April 2030');
      // day 61: the trial is over
      await sweep(new Date(start.getTime() + 61 * DAY));
      await sweep(new Date(start.getTime() + 62 * DAY));
      mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['welcome', 'trial-ending', 'trial-ended']);
      expect(mails[2]!.mail.text).toContain('the menu is not available');
      // and the outbox gets them through the existing mail job
      sent.length = 0;
      await runJobs();
      expect(sent.filter((mail) => mail.to === `owner-${restaurant.id}@example.com`).map((mail) => mail.subject)).toHaveLength(3);
    });

    it('sends the welcome shortly after sign-up (the trial’s start queues a sweep), after the confirmation e-mail, once', async () => {
      const restaurant = await insertRestaurant(database.db, {}, { trial: false });
      await insertOwner(restaurant.id, 'en');
      const signUp = new Date();
      await startTrial(scopes.owner(restaurant.id), signUp);
      const to = (mail: OutgoingMail) => mail.to === `owner-${restaurant.id}@example.com`;
      sent.length = 0;
      // at sign-up nothing yet, even when the hourly sweep happens to run then
      await sweep(new Date(signUp.getTime() + 1000));
      await runJobs();
      expect(sent.filter(to)).toEqual([]);
      const later = new Date(signUp.getTime() + 11 * 60 * 1000);
      await runJobs(database.db, later);
      await runJobs(database.db, later);
      expect(sent.filter(to).map((mail) => mail.subject)).toEqual([`Welcome to Bucate, ${restaurant.name}`]);
      await sweep(new Date(signUp.getTime() + 2 * 3600_000));
      await runJobs(database.db, later);
      expect(sent.filter(to)).toHaveLength(1);
    });

    it('nothing about the trial for a PRO restaurant; Romanian by default', async () => {
      const start = new Date('2030-06-01T09:00:00.000Z');
      const restaurant = await insertRestaurant(database.db, {}, { trial: start, manualProUntil: '2031-06-01T00:00:00.000Z' });
      await insertOwner(restaurant.id);
      await sweep(new Date(start.getTime() + 3600_000));
      await sweep(new Date(start.getTime() + 56 * DAY));
      await sweep(new Date(start.getTime() + 61 * DAY));
      const mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['welcome']);
      expect(mails[0]!.mail.subject).toContain('Bun venit la Bucate');
    });

    it('payment failed (with the grace period, menu online) and cancelled: each once', async () => {
      const { restaurant, subscription } = await payingRestaurant();
      const now = new Date();
      fake.updateSubscription(subscription.id, { status: 'past_due' });
      await fake.sendEvent('invoice.payment_failed', { id: 'in_failed_2', object: 'invoice', customer: subscription.customer } as never);
      await runJobs();
      await Promise.all([sweep(now), sweep(now, second)]);
      await sweep(new Date(now.getTime() + 3600_000));
      let mails = (await forRestaurant(restaurant.id)).filter((m) => !m.key.startsWith('welcome'));
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['payment-failed']);
      expect(mails[0]!.mail.subject).toBe(`Plata pentru PRO (${restaurant.name}) nu a reușit`);
      expect(mails[0]!.mail.text).toContain(`aproximativ ${PAYMENT_GRACE_DAYS} zile;`);
      expect(mails[0]!.mail.text).toContain('meniul rămâne online');
      expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(true);
      // the owner cancels at period end from the portal
      fake.updateSubscription(subscription.id, { status: 'active', cancel_at_period_end: true });
      await fake.sendEvent('customer.subscription.updated', fake.subscriptions.get(subscription.id)!);
      await runJobs();
      await sweep(new Date(now.getTime() + 2 * 3600_000));
      // then it ends: no second "cancelled"
      fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      await fake.sendEvent('customer.subscription.deleted', fake.subscriptions.get(subscription.id)!);
      await runJobs();
      await sweep(new Date(now.getTime() + 3 * 3600_000));
      mails = (await forRestaurant(restaurant.id)).filter((m) => !m.key.startsWith('welcome'));
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['payment-failed', 'cancelled']);
      expect(mails[1]!.mail.text).toContain('PRO rămâne activ până pe');
      expect(mails[1]!.mail.html).toContain('<a href="https://bucate.example/restaurant/');
    });
  });
});
