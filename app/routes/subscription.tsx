import { getDb } from '#app/db/db.server.ts';
import { getProPricing } from '#app/env.server.ts';
import { formatDate, formatPrice } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import { getRestaurantAdminSummary } from '#app/modules/restaurant/restaurant-settings.service.server.ts';
import { AdminFrame } from '#app/ui/editor/admin-frame.tsx';
import { SubscriptionOverview } from '#app/ui/editor/subscription-overview.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/subscription';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.subscriptionTitle', 'admin.subscriptionTitle');

/** The owner's plan (spec section 4), with dates in the restaurant's time zone and prices from configuration. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { restaurantId } = await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  const { restaurant, subscription } = await getRestaurantAdminSummary(getDb(), restaurantId);
  const locale = getRequestLocale(request);
  const { monthlyMinor, yearlyMinor, currency } = getProPricing();
  return {
    restaurant,
    subscription,
    formatted: {
      trialEndsAt: subscription.trialEndsAt ? formatDate(subscription.trialEndsAt, locale, restaurant.timeZone) : null,
      expirationDate: subscription.expirationDate ? formatDate(subscription.expirationDate, locale, restaurant.timeZone) : null,
      monthly: formatPrice(monthlyMinor, currency, locale),
      yearly: formatPrice(yearlyMinor, currency, locale),
    },
  };
}

export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { restaurant, subscription, formatted } = loaderData;
  return (
    <AdminFrame restaurant={restaurant} subscription={subscription}>
      <SubscriptionOverview subscription={subscription} formatted={formatted} />
    </AdminFrame>
  );
}
