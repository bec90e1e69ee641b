import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, MENU_LANGUAGE_PARAM, type ContentLanguage } from '#app/modules/translation/content-language.ts';

/** The menu's address in one language (`?lang=`), keeping a named location. */
export function menuHref(url: string, language: ContentLanguage, locationId?: string | null): string {
  return `${url}?${locationId ? `loc=${encodeURIComponent(locationId)}&` : ''}${MENU_LANGUAGE_PARAM}=${language}`;
}

/**
 * The guest menu's language switch: plain links, one per offered language, each named in its own
 * language (so it works with no JavaScript and every page stays cacheable per language).
 */
export function MenuLanguageSwitch({ languages, current, url, locationId, className = '' }: {
  languages: readonly ContentLanguage[];
  current: ContentLanguage;
  url: string;
  locationId: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('guestMenu.language')} className={className}>
      <ul className="flex flex-wrap gap-1 text-sm sm:justify-end">
        {languages.map((language) => (
          <li key={language}>
            <a
              href={menuHref(new URL(url).pathname, language, locationId)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              className="inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-stone-700 underline-offset-4 hover:bg-stone-200 aria-[current=true]:bg-stone-200 aria-[current=true]:no-underline dark:text-stone-200 dark:hover:bg-stone-800 dark:aria-[current=true]:bg-stone-800"
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
