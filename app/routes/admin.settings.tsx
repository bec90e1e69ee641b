import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, useActionData } from 'react-router';
import { z } from 'zod';
import { getI18n } from '#app/i18n/i18n.ts';
import { LOCALES } from '#app/i18n/locales.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { getPlatformSettings, updatePlatformSettings } from '#app/modules/platform/platform-settings.server.ts';
import { AdminPage, fieldClass, useAnswerToast } from '#app/ui/admin/admin-ui.tsx';
import { primaryButton, secondaryButton } from '#app/ui/editor/fields.tsx';
import { localeOf } from '#app/ui/admin/format.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.settings';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.settings.title', 'backoffice.settings.title');

export const loader = adminRoute(async (_args: Route.LoaderArgs, admin) => {
  return { settings: await getPlatformSettings(admin) };
});

type Answer = { notice: string | undefined; error: string | undefined; fieldErrors?: Record<string, string> };

// i18n-keys: backoffice.settings.error-* appErrors.*
/** Saves the app config; bad input changes nothing and says what to fix, field by field. */
export const action = adminRoute(async ({ request }: Route.ActionArgs, admin) => {
  const { t } = getI18n(getRequestLocale(request));
  const form = await request.formData();
  const input = {
    defaultLocale: form.get('defaultLocale'),
    availableLocales: form.getAll('availableLocales'),
    contactEmail: form.get('contactEmail') ?? '',
    priceMonthly: form.get('priceMonthly') ?? '',
    priceYearly: form.get('priceYearly') ?? '',
    priceCurrency: form.get('priceCurrency') ?? '',
  };
  try {
    const version = form.get('version');
    await updatePlatformSettings(admin, input, typeof version === 'string' ? version : undefined);
  } catch (error) {
    // another admin saved since this form was loaded (or the post has no version): nothing written
    if (isAppError(error)) return data<Answer>({ notice: undefined, error: t(`appErrors.${error.code}`, error.params) }, { status: error.status });
    if (!(error instanceof z.ZodError)) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = String(issue.path[0] ?? '');
      const code = ['availableLocales', 'defaultLocale', 'defaultNotAvailable', 'contactEmail', 'price', 'priceCurrency'].includes(issue.message)
        ? issue.message
        : field === 'contactEmail'
          ? 'contactEmail'
          : field.startsWith('price') && field !== 'priceCurrency'
            ? 'price'
            : field;
      fieldErrors[field] ??= t(`backoffice.settings.error-${code}`);
    }
    return data<Answer>({ notice: undefined, error: t('backoffice.settings.fixErrors'), fieldErrors }, { status: 400 });
  }
  return data<Answer>({ notice: t('backoffice.settings.saved'), error: undefined });
});

const amount = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

// i18n-keys: backoffice.settings.locale-* backoffice.settings.contactEmail backoffice.settings.priceMonthly backoffice.settings.priceYearly backoffice.settings.priceCurrency
export default function AdminSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const answer = useActionData<typeof action>();
  useAnswerToast(answer);
  const s = loaderData.settings;
  const errors = answer?.fieldErrors ?? {};
  const locale = localeOf(i18n.language);
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${field}-error`} className="text-red-800 dark:text-red-300">
        {errors[field]}
      </p>
    ) : null;
  const formId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (asking) dialog.current?.showModal();
  }, [asking]);
  const described = (field: string, hint: string) => [errors[field] ? `${field}-error` : null, hint].filter(Boolean).join(' ');
  return (
    <AdminPage title={t('backoffice.settings.title')}>
      <p className="mt-2">{t('backoffice.settings.intro', { seconds: s.ttlSeconds })}</p>
      {answer?.error ? (
        <p role="alert" className="mt-4 font-semibold text-red-800 dark:text-red-300">
          {answer.error}
        </p>
      ) : null}
      <Form id={formId} method="post" className="mt-6 max-w-xl space-y-8" noValidate>
        {/* the version this form was loaded at: a save over another admin's newer one is refused */}
        <input type="hidden" name="version" value={s.version} />
        <fieldset className="space-y-4" aria-describedby={errors.availableLocales ? 'availableLocales-error' : undefined}>
          <legend className="text-xl font-semibold">{t('backoffice.settings.languages')}</legend>
          <div role="group" aria-label={t('backoffice.settings.availableLocales')}>
            <p className="font-medium">{t('backoffice.settings.availableLocales')}</p>
            {LOCALES.map((l) => (
              <label key={l} className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name="availableLocales" value={l} defaultChecked={s.availableLocales.includes(l)} className="size-5 accent-primary-600" />
                <span>{t(`backoffice.settings.locale-${l}`)}</span>
              </label>
            ))}
            {error('availableLocales')}
          </div>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('backoffice.settings.defaultLocale')}</span>
            <select
              name="defaultLocale"
              defaultValue={s.defaultLocale}
              className={fieldClass}
              aria-invalid={Boolean(errors.defaultLocale)}
              aria-describedby={errors.defaultLocale ? 'defaultLocale-error' : undefined}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`backoffice.settings.locale-${l}`)}
                </option>
              ))}
            </select>
          </label>
          {error('defaultLocale')}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-xl font-semibold">{t('backoffice.settings.operator')}</legend>
          <p>{t('backoffice.settings.operatorIntro')}</p>
          {(
            [
              ['contactEmail', 'email', s.stored.contactEmail ?? '', s.defaults.contactEmail],
              ['priceMonthly', 'text', amount(s.stored.priceMonthlyMinor), formatPrice(s.defaults.priceMonthlyMinor, s.defaults.priceCurrency, locale)],
              ['priceYearly', 'text', amount(s.stored.priceYearlyMinor), formatPrice(s.defaults.priceYearlyMinor, s.defaults.priceCurrency, locale)],
              ['priceCurrency', 'text', s.stored.priceCurrency ?? '', s.defaults.priceCurrency],
            ] as const
          ).map(([name, type, value, fallback]) => (
            <div key={name}>
              <label className="flex flex-col gap-1">
                <span className="font-medium">{t(`backoffice.settings.${name}`)}</span>
                <input
                  name={name}
                  type={type}
                  inputMode={name.startsWith('priceM') || name.startsWith('priceY') ? 'decimal' : undefined}
                  defaultValue={value}
                  className={fieldClass}
                  aria-invalid={Boolean(errors[name])}
                  aria-describedby={described(name, `${name}-default`)}
                />
              </label>
              <p id={`${name}-default`} className="text-sm text-stone-700 dark:text-stone-300">
                {t('backoffice.settings.defaultValue', { value: fallback })}
              </p>
              {error(name)}
            </div>
          ))}
          <p className="text-sm">{t('backoffice.settings.priceNote')}</p>
        </fieldset>
        {/* prices and languages reach every visitor at once: the save asks first */}
        <button type="button" className={primaryButton} onClick={() => setAsking(true)}>
          {t('backoffice.settings.save')}
        </button>
      </Form>
      {asking ? (
        <dialog
          ref={dialog}
          aria-labelledby={`${formId}-title`}
          onClose={() => setAsking(false)}
          className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[12px] bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-950/50 dark:bg-stone-900 dark:text-stone-100"
        >
          <h2 id={`${formId}-title`} className="text-lg font-semibold">
            {t('backoffice.settings.save')}
          </h2>
          <p className="mt-2">{t('backoffice.settings.confirmQuestion')}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={() => dialog.current?.close()} autoFocus>
              {t('backoffice.common.cancel')}
            </button>
            <button type="submit" form={formId} className={primaryButton} onClick={() => dialog.current?.close()}>
              {t('backoffice.common.confirm')}
            </button>
          </div>
        </dialog>
      ) : null}
    </AdminPage>
  );
}
