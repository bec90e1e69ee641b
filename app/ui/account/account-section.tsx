import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';

const button = 'min-h-11 rounded-lg border border-stone-400 px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';

/** Account self-service for an owner: sign out everywhere, download their data, delete the account. */
export function AccountSection({ error }: { error?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-title" className="mt-12 border-t border-stone-200 pt-8 dark:border-stone-800">
      <h2 id="account-title" className="text-xl font-semibold">{t('account.title')}</h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Form method="post" className="space-y-2">
          <p className="text-stone-700 dark:text-stone-300">{t('account.signOutEverywhereHelp')}</p>
          <button type="submit" name="intent" value="sign-out-everywhere" className={button}>{t('account.signOutEverywhere')}</button>
        </Form>
        <div className="space-y-2">
          <p className="text-stone-700 dark:text-stone-300">{t('account.exportHelp')}</p>
          <a href="/account/export" download className={`inline-flex items-center ${button}`}>{t('account.exportData')}</a>
        </div>
      </div>
      <Form method="post" className="mt-8 max-w-md space-y-3 rounded-[10px] border border-primary-600 p-4">
        <h3 className="text-lg font-semibold text-primary-700 dark:text-primary-100">{t('account.deleteTitle')}</h3>
        <p className="text-stone-700 dark:text-stone-300">{t('account.deleteHelp')}</p>
        {error ? <p role="alert" className="font-medium text-primary-800 dark:text-primary-100">{error}</p> : null}
        <label className="block font-medium">
          {t('account.confirmPassword')}
          <input type="password" name="password" required autoComplete="current-password" className="mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900" />
        </label>
        <button type="submit" name="intent" value="delete-account" className="min-h-11 rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
          {t('account.deleteButton')}
        </button>
      </Form>
    </section>
  );
}
