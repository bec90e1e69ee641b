import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { reconcileCustomers } from './billing-sync.server.ts';
import { receiveStripeWebhook } from './billing-webhook.server.ts';
import {
  billing,
  checkout,
  database,
  fake,
  insertOwner,
  payingRestaurant,
  PRICES,
  providerRows,
  restaurantRow,
  runJobs,
  second,
  startLifecycle,
  WEBHOOK_SECRET,
} from '#tests/support/billing-lifecycle-harness.ts';

describe(`the subscription lifecycle through (fake) Stripe on ${testDialect}`, () => {
  let target = 0;
  startLifecycle(() => target);

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
        events.flatMap((event) =>
          [0, 1].map(async (app) => {
            target = app;
            return fake.redeliver(event.id);
          }),
        ),
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
    const payload = JSON.stringify({
      id: `evt_${newId()}`,
      object: 'event',
      type,
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: null,
      data: { object },
    });
    return [Buffer.from(payload), new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })];
  }
});
