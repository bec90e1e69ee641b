import { useTranslation } from 'react-i18next';
import { data, Form, Link } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { setUserDisabled } from '#app/modules/account/admin-users.service.server.ts';
import { requireAdmin } from '#app/modules/access/access.server.ts';
import { USER_SORTS, type UserSort } from '#app/modules/backoffice/backoffice.types.ts';
import { listUsersForBackOffice, resendSignInLink } from '#app/modules/backoffice/users.service.server.ts';
import type { NoticeResult } from '#app/modules/errors/action-result.server.ts';
import { AdminPage, ConfirmAction, dangerButton, fieldClass, linkClass, Pager, ScrollTable, smallButton, td, th } from '#app/ui/admin/admin-ui.tsx';
import { formatDay, formatMoment } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.users';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.users.title', 'backoffice.users.title');

/** Every user, searched and paged; sign-in methods and last sign-in, never a password hash or token. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(getDb(), request);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, 200);
  const sortParam = params.get('sort') ?? '';
  const sort: UserSort = (USER_SORTS as readonly string[]).includes(sortParam) ? (sortParam as UserSort) : 'newest';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { q, sort, list: await listUsersForBackOffice(admin, { q, sort, page }), self: admin.actor.id };
}

/** Disable or enable a user, or send them a sign-in link; the action checks the admin itself. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(getDb(), request);
  const { t } = getI18n(getRequestLocale(request));
  const form = await request.formData();
  const intent = form.get('intent');
  const userId = String(form.get('userId') ?? '');
  if (intent === 'send-link') {
    const sent = await resendSignInLink(admin, getAuth(), userId, request.headers);
    if (!sent.ok) return data<NoticeResult>({ error: t('backoffice.users.linkLimited', { email: sent.email }), notice: undefined }, { status: 429 });
    return data<NoticeResult>({ error: undefined, notice: t('backoffice.users.linkSent', { email: sent.email }) });
  }
  if (intent !== 'disable' && intent !== 'enable') return data<NoticeResult>({ error: t('errors.unexpected'), notice: undefined }, { status: 400 });
  const result = await setUserDisabled(admin, getAuth(), userId, intent === 'disable');
  if (result === 'self') return data<NoticeResult>({ error: t('admin.cannotDisableSelf'), notice: undefined }, { status: 400 });
  if (result !== 'ok') return data<NoticeResult>({ error: t('errors.pageNotFound'), notice: undefined }, { status: 404 });
  return data<NoticeResult>({ error: undefined, notice: intent === 'disable' ? t('admin.userDisabled') : t('admin.userEnabled') });
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  const lang = i18n.language;
  const method = (id: string) => (id === 'credential' || id === 'google' ? t(`backoffice.users.method-${id}`) : id);
  return (
    <AdminPage title={t('backoffice.users.title')}>
      <Form method="get" role="search" className="mt-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.users.searchLabel')}</span>
          <input type="search" name="q" defaultValue={loaderData.q} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.common.sort')}</span>
          <select name="sort" defaultValue={loaderData.sort} className={fieldClass}>
            {USER_SORTS.map((sort) => <option key={sort} value={sort}>{t(`backoffice.users.sort-${sort}`)}</option>)}
          </select>
        </label>
        <button type="submit" className={smallButton}>{t('backoffice.common.searchButton')}</button>
      </Form>
      {list.items.length === 0 ? (
        <p className="mt-6">{t('backoffice.common.none')}</p>
      ) : (
        <ScrollTable label={t('backoffice.users.title')}>
          <table className="w-full min-w-[60rem]">
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                <th scope="col" className={th}>{t('backoffice.users.email')}</th>
                <th scope="col" className={th}>{t('backoffice.users.restaurant')}</th>
                <th scope="col" className={th}>{t('backoffice.users.methods')}</th>
                <th scope="col" className={th}>{t('backoffice.users.lastSignIn')}</th>
                <th scope="col" className={th}>{t('backoffice.users.created')}</th>
                <th scope="col" className={th}>{t('backoffice.users.status')}</th>
                <th scope="col" className={th}>{t('backoffice.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((u) => (
                <tr key={u.id} className="border-b border-stone-200 dark:border-stone-800">
                  <td className={`${td} break-all`}>
                    {u.email}
                    <div className="text-sm text-stone-700 dark:text-stone-300">{u.role === 'admin' ? t('backoffice.users.roleAdmin') : t('backoffice.users.roleRestaurant')}</div>
                  </td>
                  <td className={td}>{u.restaurantId ? <Link className={linkClass} to={`/admin/restaurants/${u.restaurantId}`}>{u.restaurantName}</Link> : '–'}</td>
                  <td className={td}>{[...u.signInMethods.map(method), t('backoffice.users.methodLink')].join(', ')}</td>
                  <td className={td}>{u.lastSignInAt ? formatMoment(u.lastSignInAt, lang) : t('backoffice.common.never')}</td>
                  <td className={td}>{formatDay(u.createdAt, lang)}</td>
                  <td className={td}>{u.disabled ? t('backoffice.users.disabled') : t('backoffice.users.active')}</td>
                  <td className={td}>
                    <div className="flex flex-wrap gap-2">
                      <ConfirmAction label={t('backoffice.users.sendLink')} question={t('backoffice.users.sendLinkQuestion', { email: u.email })} intent="send-link" fields={{ userId: u.id }} />
                      {u.id === loaderData.self ? null : u.disabled ? (
                        <ConfirmAction label={t('backoffice.users.enable')} question={t('backoffice.users.enableQuestion', { email: u.email })} intent="enable" fields={{ userId: u.id }} />
                      ) : (
                        <ConfirmAction label={t('backoffice.users.disable')} question={t('backoffice.users.disableQuestion', { email: u.email })} intent="disable" fields={{ userId: u.id }} buttonClassName={dangerButton} />
                      )}
                    </div>
                  </td>
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
