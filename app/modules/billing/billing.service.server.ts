import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database, Subscription, SubscriptionStatus } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { forRestaurant, withDb, type OwnerScope, type RestaurantScope, type SystemScope, type UserScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { bumpMenuVersion, findRestaurantById } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { isProviderPro, planSummary } from '#app/modules/subscription/subscription.ts';
import { listSubscriptions, lockRestaurantForPlanChange } from '#app/modules/subscription/subscription.repo.server.ts';
import { refreshPlanSummary } from '#app/modules/subscription/subscription.service.server.ts';
import {
  findCustomersToReconcile,
  findOwnedRestaurantOf,
  findProviderCustomerId,
  findProviderSubscription,
  findRestaurantIdsOfCustomer,
  insertBillingEvent,
  insertProviderSubscription,
  restaurantExists,
  updateProviderSubscription,
  writeOwnerLocale,
} from './billing.repo.server.ts';
import type { PaymentReturn, PaymentReturnState } from './payment-return.ts';
import type { Billing } from './stripe-client.server.ts';

/**
 * Card payments through Stripe (docs/decisions/0014-billing.md). Stripe holds the cards, the
 * invoices and the truth about each subscription; we hold a copy of each subscription as a
 * `provider` row of the `subscription` table, rewritten from Stripe's current state whenever
 * Stripe tells us something changed. No card data ever reaches the app.
 */

export type BillingInterval = 'monthly' | 'yearly';
export type BillingLocale = 'ro' | 'en';

function subscriptionPagePath(slug: string): string {
  return `/restaurant/${encodeURIComponent(slug)}/settings/subscription`;
}

async function stripeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // the SDK's errors carry no secret, but its request details are noise for the owner
    logger.error({ err: error }, 'stripe request failed');
    throw new AppError('billing-unavailable');
  }
}

async function restaurantSlug(scope: RestaurantScope): Promise<string> {
  const restaurant = await findRestaurantById(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  return restaurant.slug;
}

/**
 * A Stripe Checkout Session for the owner's restaurant; returns the hosted page's address. The
 * customer is reused when the restaurant has one. PRO is never granted here nor on the redirect
 * back: only the webhook's sync from Stripe writes it.
 */
export async function startCheckout(scope: OwnerScope, billing: Billing, options: { interval: BillingInterval; locale: BillingLocale }): Promise<string> {
  const rows = await listSubscriptions(scope.db, scope.restaurantId);
  if (rows.some((row) => isProviderPro(row))) throw new AppError('billing-already-active');
  const slug = await restaurantSlug(scope);
  const customer = await findProviderCustomerId(scope.db, scope.restaurantId);
  const { config } = billing;
  const metadata = { restaurantId: scope.restaurantId };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    line_items: [{ price: options.interval === 'yearly' ? config.prices.yearly : config.prices.monthly, quantity: 1 }],
    client_reference_id: scope.restaurantId,
    metadata,
    subscription_data: { metadata },
    // a company gives its tax id (a Romanian CUI) on the invoice
    tax_id_collection: { enabled: true },
    locale: options.locale,
    // docs/product-spec.md section 2: the landing page raises the payment-success state from these two parameters
    success_url: `${config.publicUrl}/?success=true&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${config.publicUrl}${subscriptionPagePath(slug)}`,
  };
  if (config.automaticTax) params.automatic_tax = { enabled: true };
  if (customer) {
    params.customer = customer;
    // tax ids and automatic tax need Checkout to save what the buyer types onto the existing customer
    params.customer_update = { name: 'auto', address: 'auto' };
  } else {
    params.customer_email = scope.actor.email;
  }
  const session = await stripeCall(() => billing.stripe.checkout.sessions.create(params));
  if (!session.url) throw new AppError('billing-unavailable');
  logger.info({ restaurantId: scope.restaurantId, session: session.id, interval: options.interval }, 'checkout started');
  return session.url;
}

/** Stripe's Customer Portal for the restaurant's customer (card, plan, cancellation, invoices). */
export async function openPortal(scope: OwnerScope, billing: Billing, options: { locale: BillingLocale }): Promise<string> {
  const customer = await findProviderCustomerId(scope.db, scope.restaurantId);
  if (!customer) throw new AppError('billing-no-customer');
  const slug = await restaurantSlug(scope);
  const session = await stripeCall(() =>
    billing.stripe.billingPortal.sessions.create({ customer, return_url: `${billing.config.publicUrl}${subscriptionPagePath(slug)}`, locale: options.locale }),
  );
  return session.url;
}

// ---- from Stripe's word to our rows ----

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

const isoOf = (seconds: number | null | undefined): string | null => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** The columns a Stripe subscription sets on its row. */
export function providerRowOf(subscription: Stripe.Subscription, billing: Billing) {
  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? null;
  const plan = priceId === billing.config.prices.yearly ? 'pro_yearly' : priceId === billing.config.prices.monthly ? 'pro_monthly' : 'pro';
  const status = rowStatusOf(subscription.status);
  return {
    status,
    plan,
    startsAt: isoOf(subscription.start_date) ?? new Date().toISOString(),
    endsAt: status === 'canceled' || status === 'ended' ? isoOf(subscription.ended_at ?? subscription.canceled_at) : null,
    providerCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    providerPriceId: priceId,
    providerStatus: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null ? 1 : 0,
    currentPeriodEnd: isoOf(item?.current_period_end),
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
      if (existing && existing.restaurantId !== restaurantId) {
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
        await insertProviderSubscription(trx, { id, restaurantId, kind: 'provider', grantedBy: null, providerSubscriptionId: subscription.id, ...next, createdAt: timestamp, updatedAt: timestamp });
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

// ---- webhooks ----

/** The events we act on; each re-syncs its customer. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The customer an event is about, and for a completed Checkout the restaurant it was started for. */
function customerOf(event: Stripe.Event): { customerId: string | null; restaurantId?: string } {
  switch (event.type) {
    case 'checkout.session.completed':
      return { customerId: idOf(event.data.object.customer), restaurantId: event.data.object.client_reference_id ?? undefined };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { customerId: idOf(event.data.object.customer) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { customerId: idOf(event.data.object.customer) };
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

// ---- what the subscription page shows ----

export interface CardSubscriptionStatus {
  /** Stripe's status of the latest card subscription (active, trialing, past_due, canceled, …) */
  providerStatus: string;
  plan: string;
  /** when the current period ends (the next charge, or the end after a cancellation) */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** Card payment state for the owner: the latest card subscription and whether the portal can open. */
export async function getCardSubscription(scope: RestaurantScope): Promise<{ subscription: CardSubscriptionStatus | null; hasCustomer: boolean }> {
  const rows = (await listSubscriptions(scope.db, scope.restaurantId)).filter((row) => row.kind === 'provider');
  const latest = [...rows].sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || b.startsAt.localeCompare(a.startsAt))[0];
  return {
    hasCustomer: rows.some((row) => row.providerCustomerId !== null),
    subscription: latest
      ? { providerStatus: latest.providerStatus ?? latest.status, plan: latest.plan, currentPeriodEnd: latest.currentPeriodEnd, cancelAtPeriodEnd: Boolean(latest.cancelAtPeriodEnd) }
      : null,
  };
}

/**
 * The daily reconciliation (job `billing.reconcile`): re-syncs every customer Stripe may still
 * change (an active row, or one set to cancel), so a lost webhook heals within a day even when
 * Stripe sends nothing more about the customer. A customer that fails is logged and the others go
 * on; the job then fails so it retries (syncs are idempotent). Returns how many rows changed.
 */
export async function reconcileCustomers(scope: SystemScope, billing: Billing, now: Date = new Date()): Promise<{ customers: number; changed: number }> {
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

// ---- the landing page's payment-success state (docs/product-spec.md section 2) ----


const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * What the landing page says after Stripe's redirect to `/?success=true&session_id=…`. It reads the
 * session from Stripe and our own rows; it grants nothing (only the webhook's sync does), so a
 * forged or replayed address can at most show a message. Only the restaurant's own owner learns
 * anything about a session: anyone else gets `foreign` (signed in) or `sign-in` (not signed in, no
 * call to Stripe at all).
 */
export async function readPaymentReturn(scope: UserScope | null, billing: Billing | null, sessionId: string): Promise<PaymentReturn> {
  const none = (state: PaymentReturnState): PaymentReturn => ({ state, restaurant: null });
  if (!billing) return none('not-configured');
  if (!scope) return none('sign-in');
  if (!SESSION_ID.test(sessionId)) return none('unknown');
  let session: Stripe.Checkout.Session;
  try {
    session = await billing.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) return none('unknown');
    logger.error({ err: error }, 'payment return: session could not be read');
    return none('unavailable');
  }
  const restaurantId = session.client_reference_id ?? session.metadata?.['restaurantId'] ?? null;
  const restaurant = restaurantId ? await findOwnedRestaurantOf(scope.db, restaurantId, scope.actor.id) : undefined;
  if (!restaurant) return none('foreign');
  const shown = { name: restaurant.name, slug: restaurant.slug };
  if (session.status !== 'complete' || session.payment_status === 'unpaid') return { state: 'unpaid', restaurant: shown };
  const subscriptionId = idOf(session.subscription);
  const row = subscriptionId ? await findProviderSubscription(scope.db, subscriptionId) : undefined;
  if (!row || row.restaurantId !== restaurant.id) return { state: 'waiting', restaurant: shown };
  return { state: isProviderPro(row) ? 'active' : 'inactive', restaurant: shown };
}

// ---- the subscription page's card details ----

export interface InvoiceSummary {
  id: string;
  created: string;
  amountMinor: number;
  currency: string;
  status: string | null;
  /** Stripe's hosted page of the invoice (view, pay, download) */
  url: string | null;
  pdf: string | null;
}

export interface CardDetails {
  /** the next charge Stripe has planned; null when none (cancelled, no subscription) */
  nextCharge: { amountMinor: number; currency: string; date: string | null } | null;
  invoices: InvoiceSummary[];
  /** false when Stripe could not be asked (the page says so and shows the rest) */
  available: boolean;
}

/** The owner's next charge and last invoices, read from Stripe (nothing of it is stored here). */
export async function getCardDetails(scope: OwnerScope, billing: Billing, options: { invoices?: number } = {}): Promise<CardDetails> {
  const customer = await findProviderCustomerId(scope.db, scope.restaurantId);
  if (!customer) return { nextCharge: null, invoices: [], available: true };
  const rows = (await listSubscriptions(scope.db, scope.restaurantId)).filter((row) => isProviderPro(row) && row.providerSubscriptionId && !row.cancelAtPeriodEnd);
  try {
    const [list, preview] = await Promise.all([
      billing.stripe.invoices.list({ customer, limit: options.invoices ?? 5 }),
      rows[0]?.providerSubscriptionId
        ? billing.stripe.invoices.createPreview({ customer, subscription: rows[0].providerSubscriptionId }).catch((error: unknown) => {
            logger.warn({ err: error }, 'billing: upcoming invoice could not be read');
            return null;
          })
        : Promise.resolve(null),
    ]);
    return {
      available: true,
      invoices: list.data.map((invoice) => ({
        id: invoice.id ?? '',
        created: new Date(invoice.created * 1000).toISOString(),
        amountMinor: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        currency: invoice.currency,
        status: invoice.status ?? null,
        url: invoice.hosted_invoice_url ?? null,
        pdf: invoice.invoice_pdf ?? null,
      })),
      nextCharge: preview
        ? { amountMinor: preview.amount_due, currency: preview.currency, date: isoOf(preview.next_payment_attempt ?? preview.period_end) ?? rows[0]?.currentPeriodEnd ?? null }
        : null,
    };
  } catch (error) {
    logger.error({ err: error }, 'billing: invoices could not be read');
    return { nextCharge: null, invoices: [], available: false };
  }
}

/** Remembers the owner's language for the billing e-mails (the subscription page and checkout call it). */
export async function rememberOwnerLocale(scope: OwnerScope, locale: BillingLocale): Promise<void> {
  await writeOwnerLocale(scope.db, scope.restaurantId, locale);
}
