import { useTranslation } from 'react-i18next';
import { useLocation, useRouteLoaderData } from 'react-router';

/**
 * Switches between Romanian and English with a plain form POST, so it also works on pages that
 * ship no JavaScript. The guest comes back to the same path (and fragment, when `keepHash`).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const other = i18n.language === 'ro' ? 'en' : 'ro';
  // the app config may offer one language only (the root loader says which): then there is nothing to switch to
  const offered = (useRouteLoaderData('root') as { availableLocales?: readonly string[] } | undefined)?.availableLocales;
  if (offered && !offered.includes(other)) return null;
  return (
    <form method="post" action="/set-locale" className={className}>
      <input type="hidden" name="locale" value={other} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        lang={other}
        aria-label={t('nav.switchToLabel')}
        className="min-h-11 rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-200 dark:text-stone-200 dark:hover:bg-stone-800"
      >
        {t('nav.switchTo')}
      </button>
    </form>
  );
}
