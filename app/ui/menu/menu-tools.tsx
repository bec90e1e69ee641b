import { useTranslation } from 'react-i18next';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';

/**
 * Search and "hide dishes containing …" for guests with allergies, in one row on a phone: the
 * search box and the filter's toggle (`<details>`, no script needed to open it); opened, the
 * filter takes the row below (issue 23: the first dish on the first screen). In place from the first paint
 * (revealing it from the script moved the whole menu down: Lighthouse's 0.024 layout shift); a
 * browser with scripting off hides it in CSS (app.css), since without JavaScript it could not work.
 */
export function MenuTools() {
  const { t } = useTranslation();
  return (
    // the row is its own element: #menu-tools is hidden with scripting off (app.css), which a utility's display would override
    <div id="menu-tools" className="px-4 pb-3 print:hidden">
      <div className="flex flex-wrap items-start gap-2">
        <label htmlFor="menu-search" className="sr-only">
          {t('menu.search')}
        </label>
        <input
          id="menu-search"
          type="search"
          autoComplete="off"
          placeholder={t('menu.searchPlaceholder')}
          className="min-h-11 min-w-0 flex-1 basis-40 rounded-lg border border-stone-400 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900"
        />
        <details className="open:basis-full">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-stone-300 px-3 font-medium whitespace-nowrap dark:border-stone-700">
            {t('menu.allergenFilter')}
          </summary>
          <fieldset className="mt-1">
            <legend className="text-sm text-stone-700 dark:text-stone-300">{t('menu.hideContaining')}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {ALLERGEN_KEYS.map((key) => (
                <label
                  key={key}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 px-3 has-checked:border-primary-700 has-checked:bg-primary-50 dark:border-stone-700 dark:has-checked:bg-stone-800"
                >
                  <input type="checkbox" name="hide-allergen" value={key} className="h-4 w-4 accent-primary-700" />
                  {t(`allergen.${key}`)}
                </label>
              ))}
            </div>
            <button type="button" id="menu-clear" className="mt-2 min-h-11 rounded-lg px-3 font-medium text-primary-700 underline dark:text-primary-100">
              {t('menu.clearFilters')}
            </button>
          </fieldset>
        </details>
      </div>
    </div>
  );
}
