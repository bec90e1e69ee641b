import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { syncCustomer } from '#app/modules/billing/billing-sync.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import type { StripeContext, TestDb } from '#tests/support/test-context.ts';
import { changes, snapshot } from './service-matrix.ts';

/**
 * Stripe's word never moves a subscription row between restaurants (issue 24's review: with the
 * guard of app/modules/billing/sync-guard.ts switched off, every test still passed). Restaurant Y
 * pays by card; a Stripe subscription with Y's row's id turns up under another customer whose
 * metadata names restaurant X, and Stripe says it is canceled. A sync for X must leave Y's rows
 * (and its PRO) as they are and give X nothing of it. Returns what went wrong, for the test that
 * expects nothing and the mutation test that expects the overwrite.
 */
export async function crossRestaurantSync(db: TestDb, stripe: StripeContext): Promise<string[]> {
  const x = await insertRestaurant(db);
  const y = await insertRestaurant(db, {}, { providerPlan: 'pro_monthly' });
  const subscription = stripe.fake.createSubscription(`cus_x_${x.id}`, stripe.prices.monthly, { restaurantId: x.id });
  const now = Math.floor(Date.now() / 1000);
  stripe.fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: now, canceled_at: now });
  await db.updateTable('subscription').set({ providerSubscriptionId: subscription.id }).where('restaurantId', '=', y.id).where('kind', '=', 'provider').execute();

  const before = await snapshot(db, y.id);
  const result = await syncCustomer(systemScope(db, 'job:billing.sync'), stripe.billing, `cus_x_${x.id}`, { restaurantId: x.id });
  const violations: string[] = [];
  const changed = changes(before, await snapshot(db, y.id));
  if (changed.length > 0) violations.push(`a sync for restaurant X changed restaurant Y's ${changed.join('; ')}`);
  const ofX = await db.selectFrom('subscription').select('providerSubscriptionId').where('restaurantId', '=', x.id).where('kind', '=', 'provider').execute();
  if (ofX.length > 0) violations.push(`restaurant X got provider rows: ${JSON.stringify(ofX)}`);
  if (result.changed) violations.push(`the sync reported a change: ${JSON.stringify(result)}`);
  return violations;
}
