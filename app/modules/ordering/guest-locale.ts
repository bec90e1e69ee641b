import { isContentLanguage, type ContentLanguage } from '#app/modules/translation/content-language.ts';

/**
 * The language of the cart and order pages (ro or en, the site's): the menu's links carry `?lang=`
 * for the language the guest reads the menu in (English for any language beyond ro/en); without
 * it, the site's own choice. Safe in the browser.
 */
export function orderPageLocale(url: URL, siteLocale: 'ro' | 'en'): 'ro' | 'en' {
  const lang = url.searchParams.get('lang');
  if (lang === 'ro' || lang === 'en') return lang;
  // a menu language beyond ro/en (the dish page's link carries it): the page's own words in English
  return isContentLanguage(lang) ? 'en' : siteLocale;
}

/**
 * The language of the menu's own texts on a dish's page (its name, its groups' and options' names):
 * the menu's language from `?lang=` (German, French, …, decision 0019), else the page's.
 */
export function orderContentLanguage(url: URL, pageLocale: 'ro' | 'en'): ContentLanguage {
  const lang = url.searchParams.get('lang');
  return isContentLanguage(lang) && lang !== 'ro' ? lang : pageLocale;
}

/** The `?lang=` the menu's ordering links carry for a menu shown in `menuLocale`. */
export function orderLangParam(menuLocale: string): string {
  return menuLocale === 'ro' ? '' : '?lang=en';
}

/** The `?lang=` of the link to a dish's page: the menu's own language, so its names read as on the menu. */
export function dishLangParam(menuLocale: string): string {
  return menuLocale === 'ro' || !isContentLanguage(menuLocale) ? '' : `?lang=${menuLocale}`;
}
