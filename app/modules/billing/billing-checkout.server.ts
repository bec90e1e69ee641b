import type Stripe from 'stripe';
import { logger } from '#app/logger.server.ts';
import { authorize, type MemberScope, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { findRestaurantById } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { isProviderPro } from '#app/modules/subscription/subscription.ts';
import { listSubscriptions } from '#app/modules/subscription/subscription.repo.server.ts';
import { findProviderCustomerId, writeOwnerLocale } from './billing.repo.server.ts';
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
export async function startCheckout(scope: MemberScope, billing: Billing, options: { interval: BillingInterval; locale: BillingLocale }): Promise<string> {
  authorize(scope, 'billing.manage');
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
export async function openPortal(scope: MemberScope, billing: Billing, options: { locale: BillingLocale }): Promise<string> {
  authorize(scope, 'billing.manage');
  const customer = await findProviderCustomerId(scope.db, scope.restaurantId);
  if (!customer) throw new AppError('billing-no-customer');
  const slug = await restaurantSlug(scope);
  const session = await stripeCall(() =>
    billing.stripe.billingPortal.sessions.create({ customer, return_url: `${billing.config.publicUrl}${subscriptionPagePath(slug)}`, locale: options.locale }),
  );
  return session.url;
}

/** Remembers the owner's language for the billing e-mails (the subscription page and checkout call it). */
export async function rememberOwnerLocale(scope: MemberScope, locale: BillingLocale): Promise<void> {
  authorize(scope, 'billing.manage');
  await writeOwnerLocale(scope.db, scope.restaurantId, locale);
}
