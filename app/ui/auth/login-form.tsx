import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { FormMessages } from '../form-messages.tsx';

export type LoginMode = 'sign-in' | 'register' | 'reset';

const input = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';
const primaryButton = 'min-h-12 w-full rounded-lg bg-primary-600 px-4 text-lg font-semibold text-white hover:bg-primary-700 disabled:opacity-70';
const secondaryButton =
  'min-h-11 w-full rounded-lg border border-stone-400 px-4 font-semibold text-stone-900 hover:bg-stone-100 disabled:opacity-70 dark:border-stone-600 dark:text-stone-100 dark:hover:bg-stone-800';
const textLink = 'inline-flex min-h-11 items-center font-semibold text-primary-700 underline dark:text-primary-100';

function EmailField({ defaultValue }: { defaultValue?: string }) {
  const { t } = useTranslation();
  return (
    <label className="block font-medium">
      {t('auth.email')}
      <input name="email" type="email" required autoComplete="email" defaultValue={defaultValue ?? ''} className={input} />
    </label>
  );
}

function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/**
 * Sign-in (password or e-mail link), registration and the password-reset request (docs/product-spec.md section 2:
 * `?register=true` shows registration). Plain forms: they work without JavaScript.
 */
export function LoginForm({
  mode,
  redirectTo,
  googleEnabled,
  passwordHint,
  minPasswordLength,
  error,
  notice,
  fields,
  busy,
}: {
  mode: LoginMode;
  redirectTo: string;
  /** Google sign-in is configured: show its button */
  googleEnabled: boolean;
  /** the configured password rules in words, shown when choosing a password */
  passwordHint: string;
  minPasswordLength: number;
  error?: string;
  notice?: string;
  fields?: Record<string, string>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const title = mode === 'register' ? t('login.registerTitle') : mode === 'reset' ? t('auth.resetTitle') : t('login.title');
  let body: ReactNode;
  if (mode === 'reset') {
    body = (
      <Form method="post" className="mt-6 space-y-5">
        <Intent value="reset-request" />
        <p className="text-stone-700 dark:text-stone-300">{t('auth.resetLead')}</p>
        <EmailField defaultValue={fields?.email} />
        <button type="submit" disabled={busy} className={primaryButton}>
          {t('auth.sendReset')}
        </button>
      </Form>
    );
  } else {
    body = (
      <>
        <Form method="post" className="mt-6 space-y-5">
          <Intent value={mode === 'register' ? 'register' : 'sign-in'} />
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          {mode === 'register' ? (
            <label className="block font-medium">
              {t('auth.yourName')}
              <input name="name" minLength={2} maxLength={100} autoComplete="name" defaultValue={fields?.name ?? ''} className={input} />
              <span className="mt-1 block text-sm font-normal text-stone-600 dark:text-stone-400">{t('auth.yourNameHint')}</span>
            </label>
          ) : null}
          {mode === 'register' ? (
            <label className="block font-medium">
              {t('auth.restaurantName')}
              <input name="restaurantName" required minLength={2} maxLength={100} autoComplete="organization" defaultValue={fields?.restaurantName ?? ''} className={input} />
            </label>
          ) : null}
          <EmailField defaultValue={fields?.email} />
          <label className="block font-medium">
            {t('auth.password')}
            <input
              name="password"
              type="password"
              required
              minLength={mode === 'register' ? minPasswordLength : undefined}
              autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
              className={input}
            />
            {mode === 'register' ? (
              <span className="mt-1 block text-sm font-normal text-stone-600 dark:text-stone-400">{t('auth.passwordHint', { rules: passwordHint })}</span>
            ) : null}
          </label>
          <button type="submit" disabled={busy} className={primaryButton}>
            {mode === 'register' ? t('auth.signUp') : t('auth.signIn')}
          </button>
        </Form>
        {mode === 'sign-in' ? (
          <>
            <Link to="/login?reset=true" className={textLink}>
              {t('auth.forgotPassword')}
            </Link>
            <Form method="post" className="mt-6 space-y-4 border-t border-stone-200 pt-6 dark:border-stone-800">
              <h2 className="text-lg font-semibold">{t('auth.emailLinkTitle')}</h2>
              <Intent value="magic-link" />
              <EmailField defaultValue={fields?.email} />
              <button type="submit" disabled={busy} className={secondaryButton}>
                {t('auth.sendLink')}
              </button>
            </Form>
          </>
        ) : null}
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {mode === 'register' ? <p className="mt-2 text-stone-700 dark:text-stone-300">{t('auth.registerLead')}</p> : null}
      <FormMessages error={error} notice={notice} />
      {googleEnabled && mode !== 'reset' ? (
        <Form method="post" className="mt-6">
          <Intent value="google" />
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <button type="submit" disabled={busy} className={secondaryButton}>
            {t('auth.continueWithGoogle')}
          </button>
          <p className="mt-4 text-center text-stone-600 dark:text-stone-400">{t('auth.or')}</p>
        </Form>
      ) : null}
      {body}
      <p className="mt-6 text-stone-700 dark:text-stone-300">
        {mode === 'register' ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
        <Link to={mode === 'register' ? '/login' : '/login?register=true'} className={textLink}>
          {mode === 'register' ? t('auth.signIn') : t('nav.register')}
        </Link>
      </p>
    </div>
  );
}
