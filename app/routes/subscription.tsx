import { data, redirect } from 'react-router';
import { formatDate, formatPrice } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { permissionsOf } from '#app/modules/access/policy.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { listMyRestaurants } from '#app/modules/account/restaurants.service.server.ts';
import { getCardDetails, getCardSubscription } from '#app/modules/billing/billing-card.server.ts';
import { openPortal, rememberOwnerLocale, startCheckout } from '#app/modules/billing/billing-checkout.server.ts';
import { getBilling } from '#app/modules/billing/stripe-client.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { getRestaurantAdminSummary } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { AdminFrame } from '#app/ui/editor/admin-frame.tsx';
import { SubscriptionOverview } from '#app/ui/editor/subscription-overview.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/subscription';
import { getPlatformPricing } from '#app/modules/platform/platform-settings.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.subscriptionTitle', 'admin.subscriptionTitle');

/** The owner's plan (docs/product-spec.md section 4), with dates in the restaurant's time zone and prices from configuration. */
export const loader = restaurantRoute('billing.manage', async ({ request }: Route.LoaderArgs, { scope: owner, user, role }) => {
  const { restaurant, subscription } = await getRestaurantAdminSummary(owner);
  const locale = getRequestLocale(request);
  const { monthlyMinor, yearlyMinor, currency } = getPlatformPricing();
  const card = await getCardSubscription(owner);
  const stripe = getBilling();
  // the language of the billing e-mails follows the owner's (decision 0014)
  await rememberOwnerLocale(owner, locale);
  const details = stripe && card.hasCustomer ? await getCardDetails(owner, stripe) : null;
  return {
    restaurant,
    subscription,
    billing: {
      configured: stripe !== null,
      hasCustomer: card.hasCustomer,
      detailsAvailable: details?.available ?? true,
      nextCharge: details?.nextCharge
        ? {
            amount: formatPrice(details.nextCharge.amountMinor, details.nextCharge.currency.toUpperCase(), locale),
            date: details.nextCharge.date ? formatDate(details.nextCharge.date, locale, restaurant.timeZone) : null,
          }
        : null,
      invoices: (details?.invoices ?? []).map((invoice) => ({
        id: invoice.id,
        date: formatDate(invoice.created, locale, restaurant.timeZone),
        amount: formatPrice(invoice.amountMinor, invoice.currency.toUpperCase(), locale),
        status: invoice.status,
        url: invoice.url,
        pdf: invoice.pdf,
      })),
      card: card.subscription
        ? { ...card.subscription, currentPeriodEnd: card.subscription.currentPeriodEnd ? formatDate(card.subscription.currentPeriodEnd, locale, restaurant.timeZone) : null }
        : null,
    },
    owner: { email: user.email, emailVerified: user.emailVerified },
    // the admin frame's switcher and sections (decision 0029)
    restaurants: await listMyRestaurants(owner),
    permissions: permissionsOf(role),
    formatted: {
      trialEndsAt: subscription.trialEndsAt ? formatDate(subscription.trialEndsAt, locale, restaurant.timeZone) : null,
      expirationDate: subscription.expirationDate ? formatDate(subscription.expirationDate, locale, restaurant.timeZone) : null,
      monthly: formatPrice(monthlyMinor, currency, locale),
      yearly: formatPrice(yearlyMinor, currency, locale),
    },
  };
});

/**
 * Card payments: monthly/yearly go to Stripe Checkout, "manage billing" to the Customer Portal.
 * Only the restaurant's own owner gets here (requireMember); nothing is granted on the way.
 */
export const action = restaurantRoute('billing.manage', async ({ request }: Route.ActionArgs, { scope: owner }) => {
  const form = await request.formData();
  const intent = form.get('intent');
  const billing = getBilling();
  if (!billing) return data({ error: 'billing-not-configured' as const }, { status: 404 });
  const locale = getRequestLocale(request);
  try {
    const interval = intent === 'checkout' ? form.get('interval') : intent === 'checkout-monthly' ? 'monthly' : intent === 'checkout-yearly' ? 'yearly' : null;
    if (interval === 'monthly' || interval === 'yearly') {
      await rememberOwnerLocale(owner, locale);
      return redirect(await startCheckout(owner, billing, { interval, locale }));
    }
    if (intent === 'portal') return redirect(await openPortal(owner, billing, { locale }));
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.code }, { status: error.status });
    throw error;
  }
  return data({ error: 'invalid-input' as const }, { status: 400 });
});

export default function SubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { restaurant, subscription, formatted, billing, owner, restaurants, permissions } = loaderData;
  return (
    <AdminFrame restaurant={restaurant} subscription={subscription} owner={owner} restaurants={restaurants} permissions={permissions}>
      <SubscriptionOverview subscription={subscription} formatted={formatted} billing={billing} error={actionData?.error ?? null} />
    </AdminFrame>
  );
}
