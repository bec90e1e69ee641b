import type Stripe from 'stripe';
import { logger } from '#app/logger.server.ts';
import { can } from '#app/modules/access/policy.ts';
import { assertUser, type UserScope } from '#app/modules/access/scope.server.ts';
import { isProviderPro } from '#app/modules/subscription/subscription.ts';
import { findProviderSubscription, findRestaurantOfMember } from './billing.repo.server.ts';
import type { PaymentReturn, PaymentReturnState } from './payment-return.ts';
import { stripeIdOf, type Billing } from './stripe-client.server.ts';

/** The landing page's payment-success state (docs/product-spec.md section 2). */

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * What the landing page says after Stripe's redirect to `/?success=true&session_id=…`. It reads the
 * session from Stripe and our own rows; it grants nothing (only the webhook's sync does), so a
 * forged or replayed address can at most show a message. Only the restaurant's own owner learns
 * anything about a session: anyone else gets `foreign` (signed in) or `sign-in` (not signed in, no
 * call to Stripe at all).
 */
export async function readPaymentReturn(scope: UserScope | null, billing: Billing | null, sessionId: string): Promise<PaymentReturn> {
  if (scope) assertUser(scope);
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
  const restaurant = restaurantId ? await findRestaurantOfMember(scope.db, restaurantId, scope.actor.id) : undefined;
  // what the plan's payment did is for those who manage billing (the owners, decision 0029), as the subscription page is
  if (!restaurant || !can(restaurant.role, 'billing.manage')) return none('foreign');
  const shown = { name: restaurant.name, slug: restaurant.slug };
  if (session.status !== 'complete' || session.payment_status === 'unpaid') return { state: 'unpaid', restaurant: shown };
  const subscriptionId = stripeIdOf(session.subscription);
  const row = subscriptionId ? await findProviderSubscription(scope.db, subscriptionId) : undefined;
  if (!row || row.restaurantId !== restaurant.id) return { state: 'waiting', restaurant: shown };
  return { state: isProviderPro(row) ? 'active' : 'inactive', restaurant: shown };
}
