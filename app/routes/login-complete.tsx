import { useTranslation } from 'react-i18next';
import { data, Form, redirect, useActionData } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { userRoute } from '#app/modules/access/route-guards.server.ts';
import { completeGoogleProfile } from '#app/modules/account/google.service.server.ts';
import { hasRestaurant, landingPathFor } from '#app/modules/access/access.server.ts';
import { safeRedirectPath } from '#app/modules/access/redirects.ts';
import { FormMessages } from '#app/ui/form-messages.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/login-complete';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'login.registerTitle', 'auth.googleCompleteLead'), { name: 'robots', content: 'noindex' }];

/**
 * After Google: where the user was going (`?redirect=`, e.g. an invitation's page: a new user joins that
 * team there and is not asked for a restaurant of their own); otherwise a user who already has a
 * restaurant (or is an admin) goes on, and a new one names their restaurant.
 */
export const loader = userRoute(async ({ request }: Route.LoaderArgs, { user }) => {
  const target = safeRedirectPath(new URL(request.url).searchParams.get('redirect'), '');
  if (target) throw redirect(target);
  if (user.role === 'admin' || (await hasRestaurant(getDb(), user))) throw redirect(await landingPathFor(getDb(), user));
  return null;
});

export const action = userRoute(async ({ request }: Route.ActionArgs, { user }) => {
  if (user.role === 'admin') throw redirect('/admin');
  const form = await request.formData();
  const result = await completeGoogleProfile(getDb(), user, form.get('restaurantName')?.toString(), getRequestLocale(request));
  if (!result.ok) {
    const { t } = getI18n(getRequestLocale(request));
    return data({ error: t(`identityErrors.${result.error}`) }, { status: 400 });
  }
  // where their sign-in lands: the new restaurant, or for someone already in a team, by their role there
  return redirect(await landingPathFor(getDb(), user));
});

export default function LoginCompletePage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('login.registerTitle')}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t('auth.googleCompleteLead')}</p>
      <FormMessages error={actionData?.error} />
      <Form method="post" className="mt-6 space-y-5">
        <label className="block font-medium">
          {t('auth.restaurantName')}
          <input
            name="restaurantName"
            required
            minLength={2}
            maxLength={100}
            autoComplete="organization"
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900"
          />
        </label>
        <button type="submit" className="min-h-12 w-full rounded-lg bg-primary-600 px-4 text-lg font-semibold text-white hover:bg-primary-700">
          {t('auth.signUp')}
        </button>
      </Form>
    </div>
  );
}
