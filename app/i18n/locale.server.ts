import { LOCALE_COOKIE, type Locale } from './i18n.ts';
import { getLocalePolicy, resolveLocale } from './locale-policy.ts';

/**
 * The guest's language: the `lang` cookie when it names a language the site offers (the app
 * config's availableLocales), otherwise the app config's defaultLocale (Romanian unless an admin
 * changed it, docs/product-spec.md section 9).
 */
export function getRequestLocale(request: Request): Locale {
  return localeFromHeaders(request.headers);
}

/** The same, from a request's headers alone (services that are handed headers, not the request). */
export function localeFromHeaders(headers: Headers): Locale {
  return resolveLocale(localeCookieOf(headers.get('cookie')));
}

/** The `lang` cookie's value, as sent (not yet checked). */
export function localeCookieOf(cookie: string | null | undefined): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return value ?? null;
  }
  return null;
}

/** A Set-Cookie value that keeps the chosen language for a year. */
export function serializeLocaleCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Whether a page written for one reader in `locale` (an invitation, issue 33 item 14) should take
 * it as the visitor's language: only when they have not chosen one (no `lang` cookie), the site
 * offers it and it is not already the page's; `?lang=` marks the address it was already adopted
 * on, so a browser that refuses cookies is not sent round again.
 */
export function shouldAdoptLocale(request: Request, locale: Locale): boolean {
  if (localeCookieOf(request.headers.get('cookie')) !== null || new URL(request.url).searchParams.has('lang')) return false;
  return getLocalePolicy().availableLocales.includes(locale) && getRequestLocale(request) !== locale;
}
