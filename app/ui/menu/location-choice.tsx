import { useTranslation } from 'react-i18next';
import type { MenuLocation } from '#app/modules/guest-menu/menu.types.ts';
import { fieldIn, type ContentLanguage } from '#app/modules/translation/content-language.ts';

/**
 * The menu's locations as one control beside the language switch (issue 23: the first dish on a
 * phone's first screen): the location shown, opening on a tap into a list of links, with no
 * script (`<details>`). Each link keeps the language in the address (decision 0019).
 */
export function LocationChoice({ locations, current, locale }: { locations: readonly MenuLocation[]; current: MenuLocation; locale: ContentLanguage }) {
  const { t } = useTranslation();
  return (
    // never narrower than the location's name (issue 33 item 12: "L ▾" beside three languages and
    // "Rezervă o masă" on a 390 px phone): it moves to the next row instead, and fills it; only a name
    // wider than the whole row is cut
    <details className="relative max-w-full min-w-0 flex-[1_0_auto] sm:flex-none" data-location-choice="">
      <summary className="flex min-h-11 cursor-pointer items-center gap-1 rounded-full border border-stone-300 px-3 font-medium dark:border-stone-700">
        <span className="sr-only">{t('menu.location')}: </span>
        <span className="truncate">{fieldIn(current, 'name', locale)}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <nav aria-label={t('menu.location')} className="absolute right-0 z-20 mt-1 rounded-lg border border-stone-300 bg-white shadow-lg dark:border-stone-700 dark:bg-stone-900">
        <ul>
          {locations.map((location) => (
            <li key={location.id}>
              <a
                href={`?loc=${location.id}&lang=${locale}`}
                aria-current={location.id === current.id ? 'page' : undefined}
                className="flex min-h-11 items-center px-4 font-medium whitespace-nowrap aria-[current=page]:font-bold"
              >
                {fieldIn(location, 'name', locale)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
