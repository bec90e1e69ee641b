/**
 * The language of the cart and order pages (ro or en, the site's): the menu's links carry `?lang=`
 * for the language the guest reads the menu in (English for any language beyond ro/en); without
 * it, the site's own choice. Safe in the browser.
 */
export function orderPageLocale(url: URL, siteLocale: 'ro' | 'en'): 'ro' | 'en' {
  const lang = url.searchParams.get('lang');
  return lang === 'ro' || lang === 'en' ? lang : siteLocale;
}

/** The `?lang=` the menu's ordering links carry for a menu shown in `menuLocale`. */
export function orderLangParam(menuLocale: string): string {
  return menuLocale === 'ro' ? '' : '?lang=en';
}
