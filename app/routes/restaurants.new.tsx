import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { getI18n } from '#app/i18n/i18n.ts';
import { formatDate } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantUserRoute } from '#app/modules/access/route-guards.server.ts';
import { addRestaurant, trialOfNextRestaurant } from '#app/modules/account/restaurants.service.server.ts';
import { TRIAL_DAYS } from '#app/modules/subscription/subscription.ts';
import { primaryButton, TextField } from '#app/ui/editor/fields.tsx';
import { RESTAURANTS_PATH } from '#app/ui/restaurants/restaurant-paths.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurants.new';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'restaurants.new.title', 'restaurants.new.description'), { name: 'robots', content: 'noindex' }];

/** "Adaugă un restaurant": the form, and what trial the new restaurant would get (decision 0029). */
export const loader = restaurantUserRoute(async ({ request }: Route.LoaderArgs, { scope }) => {
  const locale = getRequestLocale(request);
  const { trial, timeZone } = await trialOfNextRestaurant(scope);
  const { t } = getI18n(locale);
  const notice =
    trial.kind === 'none'
      ? t('restaurants.new.trialNone', { date: formatDate(trial.endedAt, locale, timeZone) })
      : trial.kind === 'shared'
        ? t('restaurants.new.trialShared', { date: formatDate(trial.endsAt, locale, timeZone) })
        : t('restaurants.new.trialFirst', { days: t('marketing.days', { count: TRIAL_DAYS }) });
  return { trial: { kind: trial.kind, notice } };
});

// i18n-keys: restaurants.errors.*
/** Creates the restaurant with the user as its owner and opens its admin; bad input creates nothing. */
export const action = restaurantUserRoute(async ({ request }: Route.ActionArgs, { scope }) => {
  const locale = getRequestLocale(request);
  const form = await request.formData();
  const restaurantName = form.get('restaurantName')?.toString() ?? '';
  const result = await addRestaurant(scope, { restaurantName }, locale);
  if (result.ok) return redirect(`/${result.slug}/admin`);
  const { t } = getI18n(locale);
  if (result.error === 'too-many-restaurants') {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data({ error: t(`restaurants.errors.${result.error}`, { minutes }), restaurantName }, { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } });
  }
  return data({ error: t(`restaurants.errors.${result.error}`), restaurantName }, { status: 400 });
});

export default function NewRestaurantPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  // a refused name: back to the field, which reads out its error (aria-describedby)
  useEffect(() => {
    if (actionData?.error) document.querySelector<HTMLInputElement>('input[name="restaurantName"]')?.focus();
  }, [actionData]);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('restaurants.new.title')}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t('restaurants.new.lead')}</p>
      <p
        className="mt-4 rounded-lg border border-stone-200 bg-white p-3 text-stone-800 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-200"
        data-trial={loaderData.trial.kind}
      >
        {loaderData.trial.notice}
      </p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <TextField
          label={t('restaurants.new.name')}
          name="restaurantName"
          defaultValue={actionData?.restaurantName}
          required
          minLength={2}
          maxLength={100}
          autoComplete="organization"
          error={actionData?.error}
        />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('restaurants.new.submit')}
          </button>
          <Link to={RESTAURANTS_PATH} className="inline-flex min-h-11 items-center font-medium text-primary-700 underline underline-offset-4 dark:text-primary-100">
            {t('restaurants.new.back')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
