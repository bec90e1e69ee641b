import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { auditFilterOf, listAuditLog } from '#app/modules/backoffice/audit-log.service.server.ts';
import { actorWithRole, AdminPage, fieldClass, linkClass, Pager, ScrollTable, smallButton, td, th } from '#app/ui/admin/admin-ui.tsx';
import { formatMoment } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.audit';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.audit.title', 'backoffice.audit.title');

/** Every admin, owner and system change, filtered by actor, restaurant, action and date. */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const params = new URL(request.url).searchParams;
  const { fromDay, toDay, ...filter } = auditFilterOf(params);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return {
    filter: { actor: filter.actor ?? '', restaurant: filter.restaurantId ?? '', action: filter.action ?? '', from: fromDay, to: toDay },
    log: await listAuditLog(admin, filter, page),
  };
});

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { filter, log } = loaderData;
  const location = useLocation();
  const exportParams = new URLSearchParams(location.search);
  exportParams.delete('page');
  return (
    <AdminPage
      title={t('backoffice.audit.title')}
      actions={
        <a className={smallButton} href={`/admin/audit.csv?${exportParams.toString()}`} download>
          {t('backoffice.audit.export')}
        </a>
      }
    >
      <Form method="get" role="search" className="mt-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.audit.actor')}</span>
          <input name="actor" defaultValue={filter.actor} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.audit.restaurant')}</span>
          <input name="restaurant" defaultValue={filter.restaurant} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.audit.action')}</span>
          <select name="action" defaultValue={filter.action} className={fieldClass}>
            <option value="">{t('backoffice.common.all')}</option>
            {log.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.audit.from')}</span>
          <input type="date" name="from" defaultValue={filter.from} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.audit.to')}</span>
          <input type="date" name="to" defaultValue={filter.to} className={fieldClass} />
        </label>
        <button type="submit" className={smallButton}>
          {t('backoffice.audit.apply')}
        </button>
      </Form>
      {log.items.length === 0 ? (
        <p className="mt-6">{t('backoffice.common.none')}</p>
      ) : (
        <ScrollTable label={t('backoffice.audit.title')}>
          <table className="w-full min-w-[64rem]">
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                <th scope="col" className={th}>
                  {t('backoffice.audit.when')}
                </th>
                <th scope="col" className={th}>
                  {t('backoffice.audit.who')}
                </th>
                <th scope="col" className={th}>
                  {t('backoffice.audit.what')}
                </th>
                <th scope="col" className={th}>
                  {t('backoffice.restaurants.name')}
                </th>
                <th scope="col" className={th}>
                  {t('backoffice.audit.target')}
                </th>
                <th scope="col" className={th}>
                  {t('backoffice.audit.details')}
                </th>
              </tr>
            </thead>
            <tbody>
              {log.items.map((e) => (
                <tr key={e.id} className="border-b border-stone-200 dark:border-stone-800">
                  <td className={`${td} whitespace-nowrap`}>{formatMoment(e.createdAt, i18n.language)}</td>
                  <td className={`${td} wrap-anywhere`}>{e.actorType === 'system' ? `${t('backoffice.audit.system')}: ${e.actor}` : actorWithRole(t, e.actor, e.actorRole)}</td>
                  <td className={`${td} font-mono text-sm`}>{e.action}</td>
                  <td className={td}>
                    {e.restaurantId ? (
                      <Link className={linkClass} to={`/admin/restaurants/${e.restaurantId}`}>
                        {e.restaurantName ?? e.restaurantId}
                      </Link>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td className={`${td} break-all font-mono text-sm`}>{e.target}</td>
                  <td className={`${td} max-w-md break-all font-mono text-xs`}>{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <Pager page={log.page} pageCount={log.pageCount} total={log.total} />
    </AdminPage>
  );
}
