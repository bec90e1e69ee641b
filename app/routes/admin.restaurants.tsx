import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { PLAN_STATE_FILTERS, RESTAURANT_SORTS, type PlanStateFilter, type RestaurantSort } from '#app/modules/backoffice/backoffice.types.ts';
import { listRestaurantsForAdmin } from '#app/modules/backoffice/restaurants.service.server.ts';
import { listRow, ListSearch, ListSelect, ListTable } from '#app/ui/admin/admin-list.tsx';
import { AdminPage, linkClass, td } from '#app/ui/admin/admin-ui.tsx';
import { formatDay } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.restaurants';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.restaurants.title', 'backoffice.restaurants.title');

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

/** Every restaurant, searched, filtered by plan state, sorted and paged on the server. */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, 200);
  const state = pick<PlanStateFilter>(PLAN_STATE_FILTERS, params.get('state'));
  const sort = pick<RestaurantSort>(RESTAURANT_SORTS, params.get('sort')) ?? 'newest';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { q, state: state ?? '', sort, list: await listRestaurantsForAdmin(admin, { q, state, sort, page }) };
});

// i18n-keys: backoffice.restaurants.sort-* backoffice.plan.* backoffice.restaurants.name backoffice.restaurants.owner backoffice.restaurants.plan backoffice.restaurants.products backoffice.restaurants.created backoffice.restaurants.status
export default function AdminRestaurantsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  return (
    <AdminPage title={t('backoffice.restaurants.title')}>
      <ListSearch
        label={t('backoffice.restaurants.searchLabel')}
        q={loaderData.q}
        selects={[
          <ListSelect
            key="state"
            label={t('backoffice.restaurants.state')}
            name="state"
            value={loaderData.state}
            all={t('backoffice.common.all')}
            options={PLAN_STATE_FILTERS.map((state) => ({ value: state, label: t(`backoffice.plan.${state}`) }))}
          />,
          <ListSelect
            key="sort"
            label={t('backoffice.common.sort')}
            name="sort"
            value={loaderData.sort}
            options={RESTAURANT_SORTS.map((sort) => ({ value: sort, label: t(`backoffice.restaurants.sort-${sort}`) }))}
          />,
        ]}
      />
      <ListTable
        label={t('backoffice.restaurants.title')}
        minWidth="min-w-[48rem]"
        page={list}
        headers={(['name', 'owner', 'plan', 'products', 'created', 'status'] as const).map((column) => t(`backoffice.restaurants.${column}`))}
        rows={list.items.map((r) => (
          <tr key={r.id} className={listRow}>
            <td className={td}>
              <Link className={linkClass} to={`/admin/restaurants/${r.id}`}>
                {r.name}
              </Link>
              <div className="text-sm text-stone-700 dark:text-stone-300">/{r.slug}</div>
            </td>
            <td className={`${td} break-all`}>
              {r.ownerEmail ?? '–'}
              {r.membersCount > (r.ownerEmail ? 1 : 0) ? (
                <div className="text-sm text-stone-700 dark:text-stone-300">{t('backoffice.restaurants.moreMembers', { count: r.membersCount - (r.ownerEmail ? 1 : 0) })}</div>
              ) : null}
            </td>
            <td className={td}>
              {t(`backoffice.plan.${r.plan}`)}
              {r.until ? <div className="text-sm text-stone-700 dark:text-stone-300">{t('backoffice.plan.until', { date: formatDay(r.until, i18n.language) })}</div> : null}
            </td>
            <td className={td}>{r.productsCount}</td>
            <td className={td}>{formatDay(r.createdAt, i18n.language)}</td>
            <td className={td}>{r.active ? t('backoffice.restaurants.active') : t('backoffice.restaurants.deactivated')}</td>
          </tr>
        ))}
      />
    </AdminPage>
  );
}
