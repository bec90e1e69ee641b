import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { requireAdmin } from '#app/modules/access/access.server.ts';
import { PLAN_STATE_FILTERS, RESTAURANT_SORTS, type PlanStateFilter, type RestaurantSort } from '#app/modules/backoffice/backoffice.types.ts';
import { listRestaurantsForAdmin } from '#app/modules/backoffice/restaurants.service.server.ts';
import { AdminPage, fieldClass, linkClass, Pager, ScrollTable, smallButton, td, th } from '#app/ui/admin/admin-ui.tsx';
import { formatDay } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.restaurants';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.restaurants.title', 'backoffice.restaurants.title');

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** Every restaurant, searched, filtered by plan state, sorted and paged on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(getDb(), request);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, 200);
  const state = pick<PlanStateFilter>(PLAN_STATE_FILTERS, params.get('state'));
  const sort = pick<RestaurantSort>(RESTAURANT_SORTS, params.get('sort')) ?? 'newest';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { q, state: state ?? '', sort, list: await listRestaurantsForAdmin(admin, { q, state, sort, page }) };
}

export default function AdminRestaurantsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  return (
    <AdminPage title={t('backoffice.restaurants.title')}>
      <Form method="get" role="search" className="mt-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]">
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.restaurants.searchLabel')}</span>
          <input type="search" name="q" defaultValue={loaderData.q} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.restaurants.state')}</span>
          <select name="state" defaultValue={loaderData.state} className={fieldClass}>
            <option value="">{t('backoffice.common.all')}</option>
            {PLAN_STATE_FILTERS.map((state) => <option key={state} value={state}>{t(`backoffice.plan.${state}`)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.common.sort')}</span>
          <select name="sort" defaultValue={loaderData.sort} className={fieldClass}>
            {RESTAURANT_SORTS.map((sort) => <option key={sort} value={sort}>{t(`backoffice.restaurants.sort-${sort}`)}</option>)}
          </select>
        </label>
        <button type="submit" className={smallButton}>{t('backoffice.common.searchButton')}</button>
      </Form>
      {list.items.length === 0 ? (
        <p className="mt-6">{t('backoffice.common.none')}</p>
      ) : (
        <ScrollTable label={t('backoffice.restaurants.title')}>
          <table className="w-full min-w-[48rem]">
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                <th scope="col" className={th}>{t('backoffice.restaurants.name')}</th>
                <th scope="col" className={th}>{t('backoffice.restaurants.owner')}</th>
                <th scope="col" className={th}>{t('backoffice.restaurants.plan')}</th>
                <th scope="col" className={th}>{t('backoffice.restaurants.products')}</th>
                <th scope="col" className={th}>{t('backoffice.restaurants.created')}</th>
                <th scope="col" className={th}>{t('backoffice.restaurants.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id} className="border-b border-stone-200 dark:border-stone-800">
                  <td className={td}>
                    <Link className={linkClass} to={`/admin/restaurants/${r.id}`}>{r.name}</Link>
                    <div className="text-sm text-stone-700 dark:text-stone-300">/{r.slug}</div>
                  </td>
                  <td className={`${td} break-all`}>{r.ownerEmail ?? '–'}</td>
                  <td className={td}>
                    {t(`backoffice.plan.${r.plan}`)}
                    {r.until ? <div className="text-sm text-stone-700 dark:text-stone-300">{t('backoffice.plan.until', { date: formatDay(r.until, i18n.language) })}</div> : null}
                  </td>
                  <td className={td}>{r.productsCount}</td>
                  <td className={td}>{formatDay(r.createdAt, i18n.language)}</td>
                  <td className={td}>{r.active ? t('backoffice.restaurants.active') : t('backoffice.restaurants.deactivated')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <Pager page={list.page} pageCount={list.pageCount} total={list.total} />
    </AdminPage>
  );
}
