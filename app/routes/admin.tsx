import { useTranslation } from 'react-i18next';
import { data, Form, Link, useActionData } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { formatDate } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { listUsersForAdmin, setUserDisabled } from '#app/modules/account/admin-users.service.server.ts';
import { requireAdmin } from '#app/modules/access/access.server.ts';
import { runNoticeAction } from '#app/modules/errors/action-result.server.ts';
import { setManualPro } from '#app/modules/subscription/subscription.service.server.ts';
import { FormMessages } from '#app/ui/form-messages.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import { useNoticeToast } from '#app/ui/toast/toast-provider.tsx';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.title', 'admin.title');

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(getDb(), request);
  const locale = getRequestLocale(request);
  const users = await listUsersForAdmin(admin);
  return {
    users: users.map(({ restaurantPlan: plan, ...u }) => ({
      ...u,
      banned: Boolean(u.banned),
      createdAt: String(u.createdAt),
      plan: plan ? { pro: plan.pro, manual: plan.manual, until: plan.expirationDate ? formatDate(plan.expirationDate, locale, plan.timeZone) : null } : null,
    })),
  };
}

/** Disable or enable a user, grant or take back PRO; the action checks the admin itself, whatever the page did. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(getDb(), request);
  const locale = getRequestLocale(request);
  const { t } = getI18n(locale);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'grant-pro' || intent === 'remove-pro') {
    return runNoticeAction(request, async () => {
      const restaurant = await setManualPro(admin, String(form.get('restaurantId') ?? ''), intent === 'grant-pro');
      const until = restaurant.expirationDate ? formatDate(restaurant.expirationDate, locale, restaurant.timeZone) : '';
      return intent === 'grant-pro' ? t('admin.proGranted', { name: restaurant.name, date: until }) : t('admin.proRemoved', { name: restaurant.name });
    });
  }
  const userId = String(form.get('userId') ?? '');
  const disable = intent === 'disable';
  const result = await setUserDisabled(admin, getAuth(), userId, disable);
  if (result === 'self') return data({ error: t('admin.cannotDisableSelf'), notice: undefined }, { status: 400 });
  if (result !== 'ok') return data({ error: t('errors.pageNotFound'), notice: undefined }, { status: 404 });
  return { error: undefined, notice: disable ? t('admin.userDisabled') : t('admin.userEnabled') };
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  // a saved change is confirmed by a toast; a refusal stays on the page next to the table
  useNoticeToast(result);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin.title')}</h1>
      <p className="mt-2"><Link className="underline" to="/admin/jobs">{t('adminJobs.link')}</Link></p>
      <FormMessages error={result?.error} />
      <h2 className="mt-8 text-xl font-semibold">{t('admin.users')}</h2>
      <div className="mt-4 overflow-x-auto">
        {/* on a phone the table scrolls sideways rather than breaking e-mails letter by letter */}
        <table className="w-full min-w-[48rem] text-left">
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-700">
              <th scope="col" className="py-2 pr-4">{t('admin.email')}</th>
              <th scope="col" className="py-2 pr-4">{t('admin.role')}</th>
              <th scope="col" className="py-2 pr-4">{t('admin.restaurant')}</th>
              <th scope="col" className="py-2 pr-4">{t('admin.plan')}</th>
              <th scope="col" className="py-2 pr-4">{t('admin.status')}</th>
              <th scope="col" className="py-2"><span className="sr-only">{t('admin.disable')}</span></th>
            </tr>
          </thead>
          <tbody>
            {loaderData.users.map((user) => (
              <tr key={user.id} className="border-b border-stone-200 dark:border-stone-800">
                <td className="py-2 pr-4 break-words">{user.email}</td>
                <td className="py-2 pr-4">{user.role === 'admin' ? t('admin.roleAdmin') : t('admin.roleRestaurant')}</td>
                <td className="py-2 pr-4">{user.restaurantSlug ? <a className="underline" href={`/${user.restaurantSlug}`}>{user.restaurantName}</a> : '–'}</td>
                <td className="py-2 pr-4">
                  {user.restaurantId !== null && user.plan ? (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <span>{user.plan.pro ? (user.plan.until ? t('admin.proUntil', { date: user.plan.until }) : t('subscription.phase-pro')) : t('admin.notPro')}</span>
                      <input type="hidden" name="restaurantId" value={user.restaurantId} />
                      {/* a PRO paid by card is not the admin's to take back */}
                      {user.plan.pro && !user.plan.manual ? null : (
                        <button
                          type="submit"
                          name="intent"
                          value={user.plan.pro ? 'remove-pro' : 'grant-pro'}
                          aria-label={`${user.plan.pro ? t('admin.removePro') : t('admin.grantPro')}: ${user.restaurantName ?? ''}`}
                          className="min-h-11 rounded-lg border border-stone-400 px-3 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
                        >
                          {user.plan.pro ? t('admin.removePro') : t('admin.grantPro')}
                        </button>
                      )}
                    </Form>
                  ) : '–'}
                </td>
                <td className="py-2 pr-4">{user.banned ? t('admin.disabled') : t('admin.active')}</td>
                <td className="py-2">
                  <Form method="post">
                    <input type="hidden" name="userId" value={user.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={user.banned ? 'enable' : 'disable'}
                      aria-label={`${user.banned ? t('admin.enable') : t('admin.disable')} ${user.email}`}
                      className="min-h-11 rounded-lg border border-stone-400 px-3 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
                    >
                      {user.banned ? t('admin.enable') : t('admin.disable')}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
