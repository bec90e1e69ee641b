import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { insertBillingEvent } from './billing.repo.server.ts';
import { stripeIdOf, type Billing } from './stripe-client.server.ts';

/** The events we act on; each re-syncs its customer. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);


/** The customer an event is about, and for a completed Checkout the restaurant it was started for. */
function customerOf(event: Stripe.Event): { customerId: string | null; restaurantId?: string } {
  switch (event.type) {
    case 'checkout.session.completed':
      return { customerId: stripeIdOf(event.data.object.customer), restaurantId: event.data.object.client_reference_id ?? undefined };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { customerId: stripeIdOf(event.data.object.customer) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { customerId: stripeIdOf(event.data.object.customer) };
    default:
      return { customerId: null };
  }
}

export type WebhookOutcome = { status: 400; reason: 'signature' } | { status: 200; duplicate: boolean; queued: boolean };

/**
 * One webhook delivery: the signature is checked on the exact bytes Stripe sent (bad or missing →
 * 400, nothing written); the event id is recorded once, and with it, in the same transaction, a
 * `billing.sync` job for its customer, so the answer is fast and the work retries on its own. A
 * duplicate delivery is acknowledged and does nothing.
 */
export async function receiveStripeWebhook(db: Kysely<Database>, billing: Billing, payload: Buffer, signature: string | null, now: Date = new Date()): Promise<WebhookOutcome> {
  if (!signature) return { status: 400, reason: 'signature' };
  let event: Stripe.Event;
  try {
    event = billing.stripe.webhooks.constructEvent(payload, signature, billing.config.webhookSecret);
  } catch {
    return { status: 400, reason: 'signature' };
  }
  const { customerId, restaurantId } = HANDLED_EVENTS.has(event.type) ? customerOf(event) : { customerId: null };
  return db.transaction().execute(async (trx) => {
    const first = await insertBillingEvent(trx, { id: event.id, type: event.type, customerId, receivedAt: now.toISOString() });
    if (!first) return { status: 200, duplicate: true, queued: false } as const;
    if (!customerId) return { status: 200, duplicate: false, queued: false } as const;
    await enqueueJob(trx, { type: 'billing.sync', payload: { customerId, restaurantId, eventId: event.id }, dedupeKey: `billing.sync:${event.id}` });
    return { status: 200, duplicate: false, queued: true } as const;
  });
}
