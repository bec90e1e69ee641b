import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPublicUrl } from '#app/env.server.ts';
import { formatDate } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { DEFAULT_GRANT_MONTHS, GRANT_MONTHS, TRIAL_EXTENSION_DAYS } from '#app/modules/backoffice/backoffice.types.ts';
import { extendTrial, getRestaurantForAdmin, grantManualPro, revokeManualPro, setRestaurantActive } from '#app/modules/backoffice/restaurants.service.server.ts';
import { runNoticeAction } from '#app/modules/errors/action-result.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { actorWithRole, AdminPage, ConfirmAction, dangerButton, fieldClass, linkClass, ScrollTable, td, th } from '#app/ui/admin/admin-ui.tsx';
import { formatDay, formatMoment } from '#app/ui/admin/format.ts';
import { OrderingData } from '#app/ui/admin/ordering-data.tsx';
import { RestaurantTeam } from '#app/ui/admin/restaurant-team.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.restaurant';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.restaurants.title', 'backoffice.restaurants.title');

/** One restaurant: plan and its history, team (read only), usage, links, recent audit events. */
export const loader = adminRoute(async ({ params }: Route.LoaderArgs, admin) => {
  try {
    const detail = await getRestaurantForAdmin(admin, params.restaurantId);
    const base = getPublicUrl();
    return { ...detail, menuUrl: `${base}/${detail.restaurant.slug}`, qrUrl: `${base}/m/${detail.restaurant.shortCode}` };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') throw new Response('Not Found', { status: 404 });
    throw error;
  }
});

/** Grant or take back manual PRO, extend the trial, deactivate or reactivate; each checks the admin itself. */
export const action = adminRoute(async ({ request, params }: Route.ActionArgs, admin) => {
  const locale = getRequestLocale(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = params.restaurantId;
  return runNoticeAction(request, async (t) => {
    const date = (iso: string, timeZone: string) => formatDate(iso, locale, timeZone);
    switch (intent) {
      case 'grant-pro': {
        const result = await grantManualPro(admin, id, Number(form.get('months') ?? DEFAULT_GRANT_MONTHS));
        return t('backoffice.restaurant.granted', { name: result.name, date: date(result.endsAt, result.timeZone) });
      }
      case 'revoke-pro': {
        const result = await revokeManualPro(admin, id);
        return t('backoffice.restaurant.revoked', { name: result.name });
      }
      case 'extend-trial': {
        const result = await extendTrial(admin, id, Number(form.get('days')));
        return t('backoffice.restaurant.extended', { name: result.name, date: date(result.endsAt, result.timeZone) });
      }
      case 'deactivate':
      case 'reactivate': {
        const result = await setRestaurantActive(admin, id, intent === 'reactivate');
        return t(intent === 'reactivate' ? 'backoffice.restaurant.reactivated' : 'backoffice.restaurant.deactivated', { name: result.name });
      }
      default:
        throw new AppError('invalid-input');
    }
  });
});

// i18n-keys: backoffice.plan.* backoffice.restaurant.locations backoffice.restaurant.categories backoffice.restaurant.products backoffice.restaurant.images backoffice.restaurant.kind-* backoffice.restaurant.status-*
export default function AdminRestaurantPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { restaurant: r, history, content, lastEdit, audit } = loaderData;
  const lang = i18n.language;
  const fields = { restaurantId: r.id };
  const section = 'mt-8 text-xl font-semibold';
  return (
    <AdminPage title={r.name}>
      <p className="mt-2">
        <Link className={linkClass} to="/admin/restaurants">
          {t('backoffice.restaurant.back')}
        </Link>
      </p>
      <p className="mt-2" data-testid="restaurant-plan">
        {t(`backoffice.plan.${r.plan}`)}
        {r.until ? ` ${t('backoffice.plan.until', { date: formatDay(r.until, lang) })}` : ''}
        {' · '}
        {r.active ? t('backoffice.restaurants.active') : t('backoffice.restaurants.deactivated')}
      </p>

      <h2 className={section}>{t('backoffice.restaurant.actionsTitle')}</h2>
      <div className="mt-4 flex flex-wrap gap-3">
        <ConfirmAction label={t('backoffice.restaurant.grantPro')} question={t('backoffice.restaurant.grantQuestion', { name: r.name })} intent="grant-pro" fields={fields}>
          <label className="flex flex-col gap-1">
            <span>{t('backoffice.restaurant.grantMonths')}</span>
            <select name="months" defaultValue={String(DEFAULT_GRANT_MONTHS)} className={fieldClass}>
              {GRANT_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m === 1 ? t('backoffice.restaurant.month') : t('backoffice.restaurant.months', { count: m })}
                </option>
              ))}
            </select>
          </label>
        </ConfirmAction>
        {loaderData.manualRunning && !loaderData.cardPaid ? (
          <ConfirmAction
            label={t('backoffice.restaurant.revokePro')}
            question={t('backoffice.restaurant.revokeQuestion', { name: r.name })}
            intent="revoke-pro"
            fields={fields}
            buttonClassName={dangerButton}
          />
        ) : null}
        <ConfirmAction label={t('backoffice.restaurant.extendTrial')} question={t('backoffice.restaurant.extendQuestion', { name: r.name })} intent="extend-trial" fields={fields}>
          <label className="flex flex-col gap-1">
            <span>{t('backoffice.restaurant.extendDays')}</span>
            <select name="days" defaultValue="14" className={fieldClass}>
              {TRIAL_EXTENSION_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('backoffice.restaurant.days', { count: d })}
                </option>
              ))}
            </select>
          </label>
        </ConfirmAction>
        {r.active ? (
          <ConfirmAction
            label={t('backoffice.restaurant.deactivate')}
            question={t('backoffice.restaurant.deactivateQuestion', { name: r.name })}
            intent="deactivate"
            fields={fields}
            buttonClassName={dangerButton}
          />
        ) : (
          <ConfirmAction
            label={t('backoffice.restaurant.reactivate')}
            question={t('backoffice.restaurant.reactivateQuestion', { name: r.name })}
            intent="reactivate"
            fields={fields}
          />
        )}
      </div>
      {loaderData.cardPaid ? <p className="mt-2 text-sm">{t('backoffice.restaurant.cardNotRevocable')}</p> : null}

      <RestaurantTeam members={loaderData.members} invitations={loaderData.invitations} />

      <h2 className={section}>{t('backoffice.restaurant.links')}</h2>
      <ul className="mt-2 list-disc pl-6">
        <li>
          <a className={`${linkClass} break-all`} href={loaderData.menuUrl}>
            {t('backoffice.restaurant.menuLink')}: {loaderData.menuUrl}
          </a>
        </li>
        <li>
          <a className={`${linkClass} break-all`} href={loaderData.qrUrl}>
            {t('backoffice.restaurant.qrLink')}: {loaderData.qrUrl}
          </a>
        </li>
      </ul>

      <h2 className={section}>{t('backoffice.restaurant.usage')}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(['locations', 'categories', 'products', 'images'] as const).map((key) => (
          <div key={key} className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
            <dt>{t(`backoffice.restaurant.${key}`)}</dt>
            <dd className="text-xl font-semibold">{content[key]}</dd>
          </div>
        ))}
      </dl>
      <OrderingData summary={loaderData.ordering} />
      <p className="mt-3">
        {t('backoffice.restaurant.lastEdit')}:{' '}
        {lastEdit
          ? t('backoffice.restaurant.lastEditBy', {
              date: formatMoment(lastEdit.createdAt, lang),
              action: lastEdit.action,
              who: actorWithRole(t, lastEdit.actorEmail ?? '–', lastEdit.actorRole),
            })
          : t('backoffice.common.never')}
      </p>

      <h2 className={section}>{t('backoffice.restaurant.history')}</h2>
      <ScrollTable label={t('backoffice.restaurant.history')}>
        <table className="w-full min-w-[36rem]">
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-700">
              <th scope="col" className={th}>
                {t('backoffice.restaurant.kind')}
              </th>
              <th scope="col" className={th}>
                {t('backoffice.restaurant.statusCol')}
              </th>
              <th scope="col" className={th}>
                {t('backoffice.restaurant.starts')}
              </th>
              <th scope="col" className={th}>
                {t('backoffice.restaurant.ends')}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((row) => (
              <tr key={row.id} className="border-b border-stone-200 dark:border-stone-800">
                <td className={td}>
                  {t(`backoffice.restaurant.kind-${row.kind}`)} ({row.plan})
                </td>
                <td className={td}>{t(`backoffice.restaurant.status-${row.status}`)}</td>
                <td className={td}>{formatDay(row.startsAt, lang)}</td>
                <td className={td}>{row.endsAt ? formatDay(row.endsAt, lang) : t('backoffice.restaurant.openEnded')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>

      <h2 className={section}>{t('backoffice.restaurant.audit')}</h2>
      <p className="mt-2">
        <Link className={linkClass} to={`/admin/audit?restaurant=${r.id}`}>
          {t('backoffice.audit.title')}
        </Link>
      </p>
      <ul className="mt-2 space-y-2">
        {audit.map((event) => (
          <li key={event.id} className="break-words">
            <span className="font-mono text-sm">{event.action}</span> · {formatMoment(event.createdAt, lang)} · {actorWithRole(t, event.actor, event.actorRole)}
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
