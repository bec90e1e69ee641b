import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, MENU_LANGUAGE_PARAM, type ContentLanguage } from '#app/modules/translation/content-language.ts';

/** The menu's address in one language (`?lang=`), keeping a named location. */
export function menuHref(url: string, language: ContentLanguage, locationId?: string | null): string {
  return `${url}?${locationId ? `loc=${encodeURIComponent(locationId)}&` : ''}${MENU_LANGUAGE_PARAM}=${language}`;
}

/**
 * The guest menu's language switch: plain links, one per offered language (so it works with no
 * JavaScript and every page stays cacheable per language). Each shows its short code (RO, EN, DE),
 * so the switch and the location choice share one row on a phone, and is named in its own
 * language for screen readers and voice control ("DE Deutsch").
 */
export function MenuLanguageSwitch({
  languages,
  current,
  url,
  locationId,
  className = '',
}: {
  languages: readonly ContentLanguage[];
  current: ContentLanguage;
  url: string;
  locationId: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('guestMenu.language')} className={className}>
      <ul className="flex gap-1 text-sm">
        {languages.map((language) => (
          <li key={language}>
            <a
              href={menuHref(new URL(url).pathname, language, locationId)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              className="inline-flex min-h-11 items-center rounded-lg px-2 font-semibold text-stone-700 uppercase underline underline-offset-4 hover:bg-stone-200 aria-[current=true]:bg-stone-200 aria-[current=true]:no-underline dark:text-stone-200 dark:hover:bg-stone-800 dark:aria-[current=true]:bg-stone-800"
            >
              {language}
              <span className="sr-only"> {LANGUAGE_NAMES[language]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
