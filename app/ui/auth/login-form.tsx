import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';

const input =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

/** Sign-in and registration (spec section 2: `?register=true` shows registration). Works without JavaScript. */
export function LoginForm({
  register,
  redirectTo,
  error,
  fields,
  busy,
}: {
  register: boolean;
  redirectTo: string;
  error?: string;
  fields?: Record<string, string>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const described = error ? errorId : undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{register ? t('login.registerTitle') : t('login.title')}</h1>
      {register ? <p className="mt-2 text-stone-700 dark:text-stone-300">{t('auth.registerLead')}</p> : null}
      <Form method="post" className="mt-8 space-y-5" aria-describedby={described}>
        <input type="hidden" name="intent" value={register ? 'register' : 'sign-in'} />
        {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
        {error ? (
          <p id={errorId} role="alert" className="rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
            {error}
          </p>
        ) : null}
        {register ? (
          <label className="block font-medium">
            {t('auth.restaurantName')}
            <input name="restaurantName" required minLength={2} maxLength={100} autoComplete="organization" defaultValue={fields?.restaurantName ?? ''} className={input} />
          </label>
        ) : null}
        <label className="block font-medium">
          {t('auth.email')}
          <input name="email" type="email" required autoComplete="email" defaultValue={fields?.email ?? ''} className={input} />
        </label>
        <label className="block font-medium">
          {t('auth.password')}
          <input
            name="password"
            type="password"
            required
            minLength={register ? 6 : undefined}
            autoComplete={register ? 'new-password' : 'current-password'}
            className={input}
          />
          {register ? <span className="mt-1 block text-sm font-normal text-stone-600 dark:text-stone-400">{t('auth.passwordHint', { min: 6 })}</span> : null}
        </label>
        <button type="submit" disabled={busy} className="min-h-12 w-full rounded-lg bg-primary-600 px-4 text-lg font-semibold text-white hover:bg-primary-700 disabled:opacity-70">
          {register ? t('auth.signUp') : t('auth.signIn')}
        </button>
      </Form>
      <p className="mt-6 text-stone-700 dark:text-stone-300">
        {register ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
        <Link to={register ? '/login' : '/login?register=true'} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline dark:text-primary-100">
          {register ? t('auth.signIn') : t('nav.register')}
        </Link>
      </p>
    </div>
  );
}
