import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Permission } from '#app/modules/access/policy.ts';
import type { PlanStatus } from '#app/modules/subscription/plan-status.ts';
import { RestaurantSwitcher, type SwitcherRestaurant } from '#app/ui/restaurants/restaurant-switcher.tsx';
import { AdminNav } from './admin-nav.tsx';
import { subscriptionPath } from './editor-paths.ts';
import { IconSprite } from './icons.tsx';
import { UpgradePrompt } from './upgrade-prompt.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

/**
 * The restaurant admin's frame: the name with the restaurant switcher, the "view menu" link, the
 * sections the member's role may use as tabs (decision 0029: hidden here, refused by the server
 * anyway), the upgrade prompt (docs/product-spec.md section 4) for whoever handles the plan and,
 * until the user confirms their address, the banner asking them to, around whichever section is open.
 */
export function AdminFrame({
  restaurant,
  subscription,
  owner,
  restaurants,
  permissions,
  children,
}: {
  restaurant: { name: string; slug: string };
  subscription: PlanStatus;
  /** who is signed in: an unconfirmed address gets the banner that asks to confirm it */
  owner: { email: string; emailVerified: boolean };
  /** every restaurant of the user, for the switcher */
  restaurants: readonly SwitcherRestaurant[];
  /** what the member's role allows here (permissionsOf) */
  permissions: Readonly<Record<Permission, boolean>>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const base = `/${restaurant.slug}/admin`;
  const { pathname } = useLocation();
  const onSubscriptionPage = pathname === subscriptionPath(restaurant.slug);
  const sections: { to: string; label: string; allowed: boolean }[] = [
    { to: `${base}/orders`, label: t('orders.tab'), allowed: permissions['orders.board'] },
    { to: `${base}/reservations`, label: t('reservations.staff.tab'), allowed: permissions['reservations.manage'] },
    { to: `${base}/settings`, label: t('editor.tabSettings'), allowed: permissions['settings.edit'] },
    { to: `${base}/qr`, label: t('editor.tabQr'), allowed: permissions['qr.manage'] },
    { to: `${base}/import`, label: t('import.tab'), allowed: permissions['menu.import'] },
    { to: `${base}/insights`, label: t('insights.tab'), allowed: permissions['insights.view'] },
    // staff too: a group's page is where an option is marked sold out until the next opening
    { to: `${base}/options`, label: t('editor.tabOptions'), allowed: permissions['menu.availability'] },
    { to: `${base}/tables`, label: t('tables.tab'), allowed: permissions['qr.manage'] },
    { to: `${base}/ordering`, label: t('orderingSettings.tab'), allowed: permissions['orders.settings'] },
    { to: subscriptionPath(restaurant.slug), label: t('admin.subscriptionTitle'), allowed: permissions['billing.manage'] },
    { to: `${base}/team`, label: t('restaurants.nav.team'), allowed: permissions['team.view'] },
    { to: `${base}/account`, label: t('account.title'), allowed: permissions['restaurant.view'] },
  ];
  // the kitchen display (issue 36) is a wall tablet's whole screen: no frame around it
  if (pathname === `${base}/kitchen`) {
    return (
      <div className="px-3 py-3">
        <IconSprite />
        <h1 className="sr-only">{restaurant.name}</h1>
        {children}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6">
      <IconSprite />
      {/* the name, then the switcher and "view menu" together: beside the name when both fit, on
          the next line (from the left) when not, so the switcher's menu, opening from its left edge,
          always has the width of the two buttons to the right of it or the line's width */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight md:text-3xl">{restaurant.name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <RestaurantSwitcher currentSlug={restaurant.slug} restaurants={restaurants} />
          <a
            href={`/${restaurant.slug}`}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700"
          >
            {t('account.viewMenu')}
            <span className="sr-only"> {t('editor.opensInNewTab')}</span>
          </a>
        </div>
      </div>
      <AdminNav
        sections={[
          // product pages belong to the menu tab
          { to: base, label: t('editor.tabMenu'), active: pathname === base || pathname.startsWith(`${base}/products`) },
          ...sections
            .filter((section) => section.allowed)
            .map((section) => ({ to: section.to, label: section.label, active: pathname === section.to || pathname.startsWith(`${section.to}/`) })),
        ]}
      />
      <VerifyEmailBanner email={owner.email} verified={owner.emailVerified} accountPath={`${base}/account`} />
      {/* the subscription page says it all itself; only whoever handles the plan can act on the prompt */}
      {subscription.showUpgradePrompt && permissions['billing.manage'] && !onSubscriptionPage ? <UpgradePrompt slug={restaurant.slug} subscription={subscription} /> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
