import { authorize, type MemberScope, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { logger } from '#app/logger.server.ts';
import { isProviderPro } from '#app/modules/subscription/subscription.ts';
import { listSubscriptions } from '#app/modules/subscription/subscription.repo.server.ts';
import { findProviderCustomerId } from './billing.repo.server.ts';
import { isoOfStripeTime, type Billing } from './stripe-client.server.ts';

/** What the subscription page shows of card payments: our rows, and Stripe's invoices read live. */

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
  authorize(scope, 'billing.manage');
  const rows = (await listSubscriptions(scope.db, scope.restaurantId)).filter((row) => row.kind === 'provider');
  const latest = [...rows].sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || b.startsAt.localeCompare(a.startsAt))[0];
  return {
    hasCustomer: rows.some((row) => row.providerCustomerId !== null),
    subscription: latest
      ? {
          providerStatus: latest.providerStatus ?? latest.status,
          plan: latest.plan,
          currentPeriodEnd: latest.currentPeriodEnd,
          cancelAtPeriodEnd: Boolean(latest.cancelAtPeriodEnd),
        }
      : null,
  };
}

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
export async function getCardDetails(scope: MemberScope, billing: Billing, options: { invoices?: number } = {}): Promise<CardDetails> {
  authorize(scope, 'billing.manage');
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
        ? {
            amountMinor: preview.amount_due,
            currency: preview.currency,
            date: isoOfStripeTime(preview.next_payment_attempt ?? preview.period_end) ?? rows[0]?.currentPeriodEnd ?? null,
          }
        : null,
    };
  } catch (error) {
    logger.error({ err: error }, 'billing: invoices could not be read');
    return { nextCharge: null, invoices: [], available: false };
  }
}
