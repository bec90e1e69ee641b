import type Stripe from 'stripe';
import type { Subscription, SubscriptionStatus } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { assertSystem, type SystemScope, withDb } from '#app/modules/access/scope.server.ts';
import { forRestaurant } from '#app/modules/access/system-scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { planSummary } from '#app/modules/subscription/subscription.ts';
import { listSubscriptions, lockRestaurantForPlanChange } from '#app/modules/subscription/subscription.repo.server.ts';
import { refreshPlanSummary } from '#app/modules/subscription/subscription.service.server.ts';
import {
  findCustomersToReconcile,
  findProviderSubscription,
  findRestaurantIdsOfCustomer,
  insertProviderSubscription,
  restaurantExists,
  updateProviderSubscription,
} from './billing.repo.server.ts';
import { isoOfStripeTime, type Billing } from './stripe-client.server.ts';
import { isRowOfRestaurant } from './sync-guard.ts';

/**
 * From Stripe's word to our rows (docs/decisions/0014-billing.md): each card subscription is a
 * `provider` row of the `subscription` table, rewritten from Stripe's current state whenever Stripe
 * tells us something changed, and once a day for every customer Stripe may still change.
 */

/**
 * Stripe's status as a row status. past_due stays active: while Stripe retries a failed payment
 * (its retry schedule, about two weeks by default) the restaurant keeps PRO and the menu stays
 * online; when Stripe gives up the subscription becomes canceled or unpaid and PRO ends.
 */
export function rowStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return 'active';
    case 'unpaid':
      return 'unpaid';
    case 'incomplete':
      return 'incomplete';
    case 'paused':
      return 'ended';
    default:
      return 'canceled';
  }
}

/** The columns a Stripe subscription sets on its row. */
export function providerRowOf(subscription: Stripe.Subscription, billing: Billing) {
  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? null;
  const plan = priceId === billing.config.prices.yearly ? 'pro_yearly' : priceId === billing.config.prices.monthly ? 'pro_monthly' : 'pro';
  const status = rowStatusOf(subscription.status);
  return {
    status,
    plan,
    startsAt: isoOfStripeTime(subscription.start_date) ?? new Date().toISOString(),
    endsAt: status === 'canceled' || status === 'ended' ? isoOfStripeTime(subscription.ended_at ?? subscription.canceled_at) : null,
    providerCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    providerPriceId: priceId,
    providerStatus: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null ? 1 : 0,
    currentPeriodEnd: isoOfStripeTime(item?.current_period_end),
  } as const;
}

type ProviderRow = ReturnType<typeof providerRowOf>;

function sameRow(row: Subscription, next: ProviderRow): boolean {
  return (Object.keys(next) as (keyof ProviderRow)[]).every((key) => (key === 'startsAt' ? true : String(row[key]) === String(next[key])));
}

export interface SyncResult {
  /** the restaurant the customer belongs to; null when none (an unknown or foreign customer) */
  restaurantId: string | null;
  changed: boolean;
}

/**
 * Reads the customer's subscriptions from Stripe and writes them as the restaurant's `provider`
 * rows (upserted by Stripe's subscription id), then the plan summary, the menu version and an audit
 * row, in one transaction. Stripe's current state is the input, never the event's copy, so events
 * in any order, repeated or lost in between, end in the same rows. Idempotent: a sync that finds
 * nothing new writes nothing.
 *
 * The restaurant is the one that already holds this customer's rows, else the one our Checkout
 * wrote into the subscription's metadata, else `hint` (the completed session's client_reference_id);
 * a customer none of these name is left alone.
 */
export async function syncCustomer(scope: SystemScope, billing: Billing, customerId: string, hint: { restaurantId?: string } = {}, now: Date = new Date()): Promise<SyncResult> {
  assertSystem(scope);
  const list = await billing.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
  const subscriptions = list.data;
  const known = await findRestaurantIdsOfCustomer(scope.db, customerId);
  const fromMetadata = subscriptions.map((s) => s.metadata?.['restaurantId']).find((id): id is string => Boolean(id));
  const restaurantId = known[0] ?? fromMetadata ?? hint.restaurantId ?? null;
  if (!restaurantId || !(await restaurantExists(scope.db, restaurantId))) {
    logger.warn({ customerId, restaurantId }, 'billing sync: no restaurant for this customer; nothing changed');
    return { restaurantId: null, changed: false };
  }
  return scope.db.transaction().execute(async (trx) => {
    // the restaurant's row lock: two syncs of one restaurant (two processes, one event twice) take turns
    if (!(await lockRestaurantForPlanChange(trx, restaurantId))) return { restaurantId: null, changed: false };
    const before = await listSubscriptions(trx, restaurantId);
    const timestamp = now.toISOString();
    const changedIds: string[] = [];
    for (const subscription of subscriptions) {
      const next = providerRowOf(subscription, billing);
      const existing = await findProviderSubscription(trx, subscription.id);
      if (existing && !isRowOfRestaurant(existing, restaurantId)) {
        // never move a row between restaurants on Stripe's word
        logger.warn({ subscription: subscription.id, restaurantId, owner: existing.restaurantId }, 'billing sync: subscription belongs to another restaurant; left alone');
        continue;
      }
      if (existing) {
        if (sameRow(existing, next)) continue;
        await updateProviderSubscription(trx, existing.id, { ...next, updatedAt: timestamp });
        changedIds.push(existing.id);
      } else {
        const id = newId();
        await insertProviderSubscription(trx, {
          id,
          restaurantId,
          kind: 'provider',
          grantedBy: null,
          providerSubscriptionId: subscription.id,
          ...next,
          createdAt: timestamp,
          updatedAt: timestamp,
        });
        changedIds.push(id);
      }
    }
    if (changedIds.length === 0) return { restaurantId, changed: false };
    const summaryBefore = planSummary(before);
    const after = await refreshPlanSummary(trx, restaurantId, now);
    // the guest menu may have come back (or gone) with PRO: every process renders it anew
    await bumpMenuVersion(trx, restaurantId);
    await recordAudit(withDb(forRestaurant(scope, restaurantId), trx), {
      action: 'subscription.sync-provider',
      target: { type: 'subscription', id: changedIds[0] ?? null },
      before: { planKind: summaryBefore.planKind, proUntil: summaryBefore.proUntil },
      after: {
        planKind: after.planKind,
        proUntil: after.proUntil,
        subscriptions: subscriptions.map((s) => ({ id: s.id, status: s.status, cancelAtPeriodEnd: s.cancel_at_period_end })),
      },
    });
    return { restaurantId, changed: true };
  });
}

/**
 * The daily reconciliation (job `billing.reconcile`): re-syncs every customer Stripe may still
 * change (an active row, or one set to cancel), so a lost webhook heals within a day even when
 * Stripe sends nothing more about the customer. A customer that fails is logged and the others go
 * on; the job then fails so it retries (syncs are idempotent). Returns how many rows changed.
 */
export async function reconcileCustomers(scope: SystemScope, billing: Billing, now: Date = new Date()): Promise<{ customers: number; changed: number }> {
  assertSystem(scope);
  const customers = await findCustomersToReconcile(scope.db);
  let changed = 0;
  let failed = 0;
  for (const customerId of customers) {
    try {
      if ((await syncCustomer(scope, billing, customerId, {}, now)).changed) changed++;
    } catch (error) {
      failed++;
      logger.error({ err: error, customerId }, 'billing reconcile: sync failed');
    }
  }
  if (failed > 0) throw new Error(`billing.reconcile: ${failed} of ${customers.length} customers failed to sync`);
  if (changed > 0) logger.warn({ changed, customers: customers.length }, 'billing reconcile healed customers a webhook had not');
  return { customers: customers.length, changed };
}
