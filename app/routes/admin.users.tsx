import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { setUserDisabled } from '#app/modules/account/admin-users.service.server.ts';
import { USER_SORTS, type UserSort } from '#app/modules/backoffice/backoffice.types.ts';
import { listUsersForBackOffice, resendSignInLink } from '#app/modules/backoffice/users.service.server.ts';
import type { NoticeResult } from '#app/modules/errors/action-result.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { listRow, ListSearch, ListSelect, ListTable } from '#app/ui/admin/admin-list.tsx';
import { AdminPage, ConfirmAction, dangerButton, linkClass, td } from '#app/ui/admin/admin-ui.tsx';
import { formatDay, formatMoment } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.users';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.users.title', 'backoffice.users.title');

/** Every user, searched and paged; sign-in methods and last sign-in, never a password hash or token. */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, 200);
  const sortParam = params.get('sort') ?? '';
  const sort: UserSort = (USER_SORTS as readonly string[]).includes(sortParam) ? (sortParam as UserSort) : 'newest';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { q, sort, list: await listUsersForBackOffice(admin, { q, sort, page }), self: admin.actor.id };
});

/** Disable or enable a user, or send them a sign-in link; the action checks the admin itself. */
export const action = adminRoute(async ({ request }: Route.ActionArgs, admin) => {
  const { t } = getI18n(getRequestLocale(request));
  const form = await request.formData();
  const intent = form.get('intent');
  const userId = String(form.get('userId') ?? '');
  if (intent === 'send-link') {
    // an unknown user (or an id of another kind) is not found, as for disable and enable below
    const sent = await resendSignInLink(admin, getAuth(), userId, request.headers).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'not-found') return null;
      throw error;
    });
    if (!sent) return data<NoticeResult>({ error: t('errors.pageNotFound'), notice: undefined }, { status: 404 });
    if (!sent.ok) return data<NoticeResult>({ error: t('backoffice.users.linkLimited', { email: sent.email }), notice: undefined }, { status: 429 });
    return data<NoticeResult>({ error: undefined, notice: t('backoffice.users.linkSent', { email: sent.email }) });
  }
  if (intent !== 'disable' && intent !== 'enable') return data<NoticeResult>({ error: t('errors.unexpected'), notice: undefined }, { status: 400 });
  const result = await setUserDisabled(admin, getAuth(), userId, intent === 'disable');
  if (result === 'self') return data<NoticeResult>({ error: t('admin.cannotDisableSelf'), notice: undefined }, { status: 400 });
  if (result !== 'ok') return data<NoticeResult>({ error: t('errors.pageNotFound'), notice: undefined }, { status: 404 });
  return data<NoticeResult>({ error: undefined, notice: intent === 'disable' ? t('admin.userDisabled') : t('admin.userEnabled') });
});

// i18n-keys: backoffice.users.method-* backoffice.users.sort-* backoffice.users.email backoffice.users.restaurant backoffice.users.methods backoffice.users.lastSignIn backoffice.users.created backoffice.users.status
export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list } = loaderData;
  const lang = i18n.language;
  const method = (id: string) => (id === 'credential' || id === 'google' ? t(`backoffice.users.method-${id}`) : id);
  return (
    <AdminPage title={t('backoffice.users.title')}>
      <ListSearch
        label={t('backoffice.users.searchLabel')}
        q={loaderData.q}
        selects={[
          <ListSelect
            key="sort"
            label={t('backoffice.common.sort')}
            name="sort"
            value={loaderData.sort}
            options={USER_SORTS.map((sort) => ({ value: sort, label: t(`backoffice.users.sort-${sort}`) }))}
          />,
        ]}
      />
      <ListTable
        label={t('backoffice.users.title')}
        minWidth="min-w-[60rem]"
        page={list}
        headers={[
          ...(['email', 'restaurant', 'methods', 'lastSignIn', 'created', 'status'] as const).map((column) => t(`backoffice.users.${column}`)),
          t('backoffice.common.actions'),
        ]}
        rows={list.items.map((u) => (
          <tr key={u.id} className={listRow}>
            <td className={`${td} break-all`}>
              {u.email}
              <div className="text-sm text-stone-700 dark:text-stone-300">{u.role === 'admin' ? t('backoffice.users.roleAdmin') : t('backoffice.users.roleRestaurant')}</div>
            </td>
            <td className={td}>
              {/* one restaurant a line, its role under its name: a list that reads on a phone too */}
              {u.restaurants.length === 0 ? (
                '–'
              ) : (
                <ul className="space-y-1">
                  {u.restaurants.map((r) => (
                    <li key={r.id} className="break-words">
                      <Link className={linkClass} to={`/admin/restaurants/${r.id}`}>
                        {r.name}
                      </Link>
                      {/* i18n-keys: team.roles.* */}
                      <span className="block text-sm text-stone-700 dark:text-stone-300">{t(`team.roles.${r.role}`)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td className={td}>{[...u.signInMethods.map(method), t('backoffice.users.methodLink')].join(', ')}</td>
            <td className={td}>{u.lastSignInAt ? formatMoment(u.lastSignInAt, lang) : t('backoffice.common.never')}</td>
            <td className={td}>{formatDay(u.createdAt, lang)}</td>
            <td className={td}>{u.disabled ? t('backoffice.users.disabled') : t('backoffice.users.active')}</td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                <ConfirmAction
                  label={t('backoffice.users.sendLink')}
                  question={t('backoffice.users.sendLinkQuestion', { email: u.email })}
                  intent="send-link"
                  fields={{ userId: u.id }}
                />
                {u.id === loaderData.self ? null : u.disabled ? (
                  <ConfirmAction
                    label={t('backoffice.users.enable')}
                    question={t('backoffice.users.enableQuestion', { email: u.email })}
                    intent="enable"
                    fields={{ userId: u.id }}
                  />
                ) : (
                  <ConfirmAction
                    label={t('backoffice.users.disable')}
                    question={t('backoffice.users.disableQuestion', { email: u.email })}
                    intent="disable"
                    fields={{ userId: u.id }}
                    buttonClassName={dangerButton}
                  />
                )}
              </div>
            </td>
          </tr>
        ))}
      />
    </AdminPage>
  );
}
