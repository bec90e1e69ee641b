import Stripe from 'stripe';
import { getBillingConfig, type BillingConfig } from '#app/env.server.ts';

/** Stripe's SDK and the configuration it was built from: what the billing services take. */
export interface Billing {
  stripe: Stripe;
  config: BillingConfig;
}

/** An SDK client for this configuration (the fake server's address in tests, api.stripe.com otherwise). */
export function createBilling(config: BillingConfig): Billing {
  const stripe = new Stripe(config.secretKey, {
    ...config.apiBase,
    // Stripe retries idempotent requests itself; a slow Stripe must not hold a request for long
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Bucate' },
  });
  return { stripe, config };
}

let cached: { config: BillingConfig; billing: Billing } | undefined;

/** The process's billing from configuration, or null when card payments are not configured here. */
export function getBilling(): Billing | null {
  const config = getBillingConfig();
  if (!config) return null;
  if (!cached || cached.config.secretKey !== config.secretKey) cached = { config, billing: createBilling(config) };
  return cached.billing;
}

/** The id of an expandable Stripe field (an id, or the object when expanded). */
export function stripeIdOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A Stripe timestamp (seconds) as an ISO string; null for none. */
export const isoOfStripeTime = (seconds: number | null | undefined): string | null => (seconds ? new Date(seconds * 1000).toISOString() : null);
