import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import type { FakeStripe } from '#tests/support/fake-stripe.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { STRIPE_PRICES, STRIPE_WEBHOOK_SECRET, test, type ActorScopes } from '#tests/support/test-context.ts';
import { getCardSubscription } from './billing-card.server.ts';
import { openPortal, startCheckout } from './billing-checkout.server.ts';
import { syncCustomer } from './billing-sync.server.ts';
import { receiveStripeWebhook } from './billing-webhook.server.ts';
import type { Billing } from './stripe-client.server.ts';

const WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;
const PRICES = STRIPE_PRICES;

describe(`card payments through (fake) Stripe on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let fake: FakeStripe;
  let billing: Billing;

  test.beforeAll(({ database: fileDatabase, scopes: fileScopes, stripe }) => {
    database = fileDatabase;
    scopes = fileScopes;
    fake = stripe.fake;
    billing = stripe.billing;
  });

  const handlers = () => ({ 'billing.sync': createJobHandlers({ mailer: { send: async () => {} }, storage: {} as FileStorage, retentionDays: 7, billing })['billing.sync'] });
  const runJobs = () => runJobsUntilIdle(database.db, handlers());
  const restaurantRow = (id: string) => database.db.selectFrom('restaurant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const providerRows = (id: string) => database.db.selectFrom('subscription').selectAll().where('restaurantId', '=', id).where('kind', '=', 'provider').execute();
  const counts = async () => ({
    events: (await database.db.selectFrom('billingEvent').select('id').execute()).length,
    jobs: (await database.db.selectFrom('job').select('id').where('type', '=', 'billing.sync').execute()).length,
    subscriptions: (await database.db.selectFrom('subscription').select('id').execute()).length,
  });

  /** a restaurant that went through Checkout: PRO by card */
  async function payingRestaurant() {
    const restaurant = await insertRestaurant(database.db);
    const url = await startCheckout(scopes.owner(restaurant.id), billing, { interval: 'monthly', locale: 'ro' });
    const sessionId = url.split('/').pop()!;
    const { subscription, responses } = await fake.completeCheckout(sessionId);
    expect(responses).toEqual([200, 200, 200]);
    await runJobs();
    return { restaurant, subscription, sessionId };
  }

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const before = await counts();
    const customer = fake.customers.size;
    expect((await receiveStripeWebhook(database.db, billing, Buffer.from('{}'), null)).status).toBe(400);
    const subscription = fake.createSubscription('cus_nobody', PRICES.monthly);
    expect((await fake.sendEvent('customer.subscription.updated', subscription, { secret: 'whsec_wrong' })).status).toBe(400);
    // a body changed after signing
    const { event } = await fake.sendEvent('customer.subscription.updated', subscription, { secret: 'whsec_wrong' });
    const header = new (await import('stripe')).default('sk_test_x').webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
    expect((await receiveStripeWebhook(database.db, billing, Buffer.from(JSON.stringify({ ...event, id: 'evt_forged' })), header)).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(fake.customers.size).toBe(customer);
  });

  it('checkout through the fake server, then the webhook: PRO by card, menu version moved, audited', async () => {
    const restaurant = await insertRestaurant(database.db);
    const before = await restaurantRow(restaurant.id);
    expect(isBefore(before.proUntil)).toBe(false);
    const url = await startCheckout(scopes.owner(restaurant.id), billing, { interval: 'yearly', locale: 'en' });
    const sessionId = url.split('/').pop()!;
    expect(fake.sessionParams.get(sessionId)).toMatchObject({
      mode: 'subscription',
      client_reference_id: restaurant.id,
      customer_email: `owner-${restaurant.id}@example.com`,
      line_items: [{ price: PRICES.yearly, quantity: '1' }],
      tax_id_collection: { enabled: 'true' },
      automatic_tax: { enabled: 'true' },
      locale: 'en',
      success_url: 'http://localhost:3000/?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `http://localhost:3000/restaurant/${restaurant.slug}/settings/subscription`,
      subscription_data: { metadata: { restaurantId: restaurant.id } },
    });
    // the redirect back grants nothing: only the webhook's sync does
    expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(false);
    await fake.completeCheckout(sessionId);
    await runJobs();
    const after = await restaurantRow(restaurant.id);
    expect(isBefore(after.proUntil)).toBe(true);
    expect(after.planKind).toBe('provider');
    expect(after.menuVersion).toBeGreaterThan(before.menuVersion);
    expect(await providerRows(restaurant.id)).toMatchObject([{ status: 'active', plan: 'pro_yearly', providerStatus: 'active', providerPriceId: PRICES.yearly }]);
    const audit = await database.db.selectFrom('auditEvent').select(['action', 'actorType']).where('restaurantId', '=', restaurant.id).execute();
    expect(audit).toEqual([{ action: 'subscription.sync-provider', actorType: 'system' }]);
    // paying again is refused; the portal opens for its customer
    await expect(startCheckout(scopes.owner(restaurant.id), billing, { interval: 'monthly', locale: 'ro' })).rejects.toMatchObject({ code: 'billing-already-active' });
    const portal = await openPortal(scopes.owner(restaurant.id), billing, { locale: 'en' });
    expect(portal).toContain('/portal/cus_');
    expect(await getCardSubscription(scopes.owner(restaurant.id))).toMatchObject({ hasCustomer: true, subscription: { providerStatus: 'active', cancelAtPeriodEnd: false } });
  });

  it('acknowledges a duplicate delivery and does nothing with it', async () => {
    const { restaurant } = await payingRestaurant();
    const row = await restaurantRow(restaurant.id);
    const before = await counts();
    const [eventId] = [...fake.events.keys()].slice(-1);
    expect(await fake.redeliver(eventId!)).toBe(200);
    expect(await runJobs()).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await restaurantRow(restaurant.id)).toEqual(row);
  });

  it('ends in the same state whatever the order: updated before created, deleted before updated', async () => {
    const { restaurant, subscription } = await payingRestaurant();
    // cancel at period end, then the subscription is deleted; Stripe's events arrive backwards
    fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
    const updated = structuredClone(fake.subscriptions.get(subscription.id)!);
    fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000), canceled_at: Math.floor(Date.now() / 1000) });
    expect((await fake.sendEvent('customer.subscription.deleted', fake.subscriptions.get(subscription.id)!)).status).toBe(200);
    await runJobs();
    const ended = await restaurantRow(restaurant.id);
    expect((await fake.sendEvent('customer.subscription.updated', updated)).status).toBe(200);
    await runJobs();
    expect(await restaurantRow(restaurant.id)).toEqual(ended);
    expect(isBefore(ended.proUntil)).toBe(false);
    expect(await providerRows(restaurant.id)).toMatchObject([{ status: 'canceled', providerStatus: 'canceled' }]);

    // a new subscription whose `updated` arrives before its `created`
    const other = await insertRestaurant(database.db);
    const customer = `cus_order_${other.id}`;
    fake.customers.set(customer, { id: customer, object: 'customer' } as never);
    const created = fake.createSubscription(customer, PRICES.monthly, { restaurantId: other.id });
    const createdCopy = structuredClone(created);
    fake.updateSubscription(created.id, { cancel_at_period_end: true });
    await fake.sendEvent('customer.subscription.updated', fake.subscriptions.get(created.id)!);
    await fake.sendEvent('customer.subscription.created', createdCopy);
    await runJobs();
    expect(await providerRows(other.id)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: 1, providerCustomerId: customer }]);
    expect(isBefore((await restaurantRow(other.id)).proUntil)).toBe(true);
    // and re-syncing changes nothing
    expect(await syncCustomer(systemScope(database.db, 'test'), billing, customer)).toEqual({ restaurantId: other.id, changed: false });
  });

  it('keeps PRO while a failed payment is retried (past due), and shows it', async () => {
    const { restaurant, subscription } = await payingRestaurant();
    fake.updateSubscription(subscription.id, { status: 'past_due' });
    await fake.sendEvent('invoice.payment_failed', { id: 'in_failed', object: 'invoice', customer: subscription.customer } as never);
    await runJobs();
    expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(true);
    expect((await getCardSubscription(scopes.owner(restaurant.id))).subscription?.providerStatus).toBe('past_due');
  });

  it('acknowledges an event about an unknown customer and changes nothing', async () => {
    const stranger = fake.createSubscription('cus_stranger', PRICES.monthly);
    const before = await counts();
    const audit = (await database.db.selectFrom('auditEvent').select('id').execute()).length;
    expect((await fake.sendEvent('customer.subscription.created', stranger)).status).toBe(200);
    await runJobs();
    const after = await counts();
    expect(after.subscriptions).toBe(before.subscriptions);
    expect((await database.db.selectFrom('auditEvent').select('id').execute()).length).toBe(audit);
    expect(await database.db.selectFrom('subscription').select('id').where('providerCustomerId', '=', 'cus_stranger').execute()).toEqual([]);
  });

  it('never lets an owner act on another restaurant’s billing: the scope is their own restaurant', async () => {
    const { restaurant: a } = await payingRestaurant();
    const b = await insertRestaurant(database.db);
    // B's portal is B's customer, of which there is none; A's customer never shows up for B
    await expect(openPortal(scopes.owner(b.id), billing, { locale: 'ro' })).rejects.toMatchObject({ code: 'billing-no-customer' });
    const url = await startCheckout(scopes.owner(b.id), billing, { interval: 'monthly', locale: 'ro' });
    const params = fake.sessionParams.get(url.split('/').pop()!)!;
    expect(params['client_reference_id']).toBe(b.id);
    expect(params['customer']).toBeUndefined();
    expect((await providerRows(a.id)).length).toBe(1);
  });
});
