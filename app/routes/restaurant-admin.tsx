import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import { getRestaurantAdminSummary } from '#app/modules/restaurant/restaurant-settings.service.server.ts';
import { UpgradePrompt } from '#app/ui/editor/upgrade-prompt.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.restaurantTitle', 'admin.restaurantTitle');

/** The restaurant admin's frame: name, sections, the upgrade prompt. Each child checks access itself. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { restaurantId } = await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  return getRestaurantAdminSummary(getDb(), restaurantId);
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 font-medium ${
    isActive ? 'border-primary-600 text-primary-800 dark:text-primary-100' : 'border-transparent text-stone-700 hover:text-stone-950 dark:text-stone-300 dark:hover:text-white'
  }`;

export default function RestaurantAdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { restaurant, subscription } = loaderData;
  const base = `/${restaurant.slug}/admin`;
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{restaurant.name}</h1>
        <a href={`/${restaurant.slug}`} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
          {t('account.viewMenu')}
          <span className="sr-only"> {t('editor.opensInNewTab')}</span>
        </a>
      </div>
      <nav aria-label={t('editor.sections')} className="mt-4 flex overflow-x-auto border-b border-stone-200 dark:border-stone-800">
        {/* product pages belong to the menu tab */}
        <NavLink to={base} end className={() => tab({ isActive: pathname === base || pathname.startsWith(`${base}/products`) })}>{t('editor.tabMenu')}</NavLink>
        <NavLink to={`${base}/settings`} className={tab}>{t('editor.tabSettings')}</NavLink>
        <NavLink to={`${base}/qr`} className={tab}>{t('editor.tabQr')}</NavLink>
        <NavLink to={`/restaurant/${restaurant.slug}/settings/subscription`} className={tab}>{t('admin.subscriptionTitle')}</NavLink>
        <NavLink to={`${base}/account`} className={tab}>{t('account.title')}</NavLink>
      </nav>
      {subscription.showUpgradePrompt ? <UpgradePrompt slug={restaurant.slug} subscription={subscription} /> : null}
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
