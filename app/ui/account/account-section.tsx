import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';

const button = 'min-h-11 rounded-lg border border-stone-400 px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';

const input = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900';

export interface AccountSecurityProps {
  email: string;
  /** the person's own name (empty: not written yet) */
  name: string;
  nameError?: string | undefined;
  passwordHint: string;
  minPasswordLength: number;
  passwordError?: string | undefined;
  emailError?: string | undefined;
}

/**
 * The person's name (issue 33 item 15), then change password and change e-mail, each
 * re-authenticated with the current password (issue 17, friction 10).
 */
function SignInSettings({ email, name, nameError, passwordHint, minPasswordLength, passwordError, emailError }: AccountSecurityProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <Form method="post" className="space-y-3 rounded-[10px] border border-stone-200 p-4 md:col-span-2 dark:border-stone-800" aria-labelledby="change-name-title">
        <h3 id="change-name-title" className="text-lg font-semibold">
          {t('accountSecurity.nameTitle')}
        </h3>
        <p className="text-stone-700 dark:text-stone-300">{t('accountSecurity.nameHelp')}</p>
        {nameError ? (
          <p role="alert" className="font-medium text-primary-800 dark:text-primary-100">
            {nameError}
          </p>
        ) : null}
        <label className="block max-w-md font-medium">
          {t('auth.yourName')}
          <input name="name" required minLength={2} maxLength={100} autoComplete="name" defaultValue={name} aria-invalid={nameError ? true : undefined} className={input} />
        </label>
        <button type="submit" name="intent" value="change-name" className={button}>
          {t('accountSecurity.saveName')}
        </button>
      </Form>
      <Form method="post" className="space-y-3 rounded-[10px] border border-stone-200 p-4 dark:border-stone-800" aria-labelledby="change-password-title">
        <h3 id="change-password-title" className="text-lg font-semibold">
          {t('accountSecurity.passwordTitle')}
        </h3>
        <p className="text-stone-700 dark:text-stone-300">{t('accountSecurity.passwordHelp')}</p>
        {passwordError ? (
          <p role="alert" className="font-medium text-primary-800 dark:text-primary-100">
            {passwordError}
          </p>
        ) : null}
        <label className="block font-medium">
          {t('accountSecurity.currentPassword')}
          <input type="password" name="currentPassword" required autoComplete="current-password" className={input} />
        </label>
        <label className="block font-medium">
          {t('accountSecurity.newPassword')}
          <input type="password" name="newPassword" required minLength={minPasswordLength} autoComplete="new-password" className={input} />
          <span className="mt-1 block text-sm font-normal text-stone-600 dark:text-stone-400">{t('auth.passwordHint', { rules: passwordHint })}</span>
        </label>
        <button type="submit" name="intent" value="change-password" className={button}>
          {t('accountSecurity.savePassword')}
        </button>
      </Form>
      <Form method="post" className="space-y-3 rounded-[10px] border border-stone-200 p-4 dark:border-stone-800" aria-labelledby="change-email-title">
        <h3 id="change-email-title" className="text-lg font-semibold">
          {t('accountSecurity.emailTitle')}
        </h3>
        <p className="text-stone-700 dark:text-stone-300">{t('accountSecurity.emailHelp', { email })}</p>
        {emailError ? (
          <p role="alert" className="font-medium text-primary-800 dark:text-primary-100">
            {emailError}
          </p>
        ) : null}
        <label className="block font-medium">
          {t('accountSecurity.newEmail')}
          <input type="email" name="newEmail" required autoComplete="email" className={input} />
        </label>
        <label className="block font-medium">
          {t('accountSecurity.password')}
          <input type="password" name="password" required autoComplete="current-password" className={input} />
        </label>
        <button type="submit" name="intent" value="change-email" className={button}>
          {t('accountSecurity.saveEmail')}
        </button>
      </Form>
    </div>
  );
}

/** Account self-service for an owner: sign-in settings, sign out everywhere, download their data, delete the account. */
export function AccountSection({ error, security }: { error?: string | undefined; security?: AccountSecurityProps }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-title" className="mt-12 border-t border-stone-200 pt-8 dark:border-stone-800">
      <h2 id="account-title" className="text-xl font-semibold">
        {t('account.title')}
      </h2>
      {security ? <SignInSettings {...security} /> : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Form method="post" className="space-y-2">
          <p className="text-stone-700 dark:text-stone-300">{t('account.signOutEverywhereHelp')}</p>
          <button type="submit" name="intent" value="sign-out-everywhere" className={button}>
            {t('account.signOutEverywhere')}
          </button>
        </Form>
        <div className="space-y-2">
          <p className="text-stone-700 dark:text-stone-300">{t('account.exportHelp')}</p>
          <a href="/account/export" download className={`inline-flex items-center ${button}`}>
            {t('account.exportData')}
          </a>
        </div>
      </div>
      <Form method="post" className="mt-8 max-w-md space-y-3 rounded-[10px] border border-primary-600 p-4">
        <h3 className="text-lg font-semibold text-primary-700 dark:text-primary-100">{t('account.deleteTitle')}</h3>
        <p className="text-stone-700 dark:text-stone-300">{t('account.deleteHelp')}</p>
        {error ? (
          <p role="alert" className="font-medium text-primary-800 dark:text-primary-100">
            {error}
          </p>
        ) : null}
        <label className="block font-medium">
          {t('account.confirmPassword')}
          <input type="password" name="password" required autoComplete="current-password" className={input} />
        </label>
        <button type="submit" name="intent" value="delete-account" className="min-h-11 rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
          {t('account.deleteButton')}
        </button>
      </Form>
    </section>
  );
}
