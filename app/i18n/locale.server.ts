import { LOCALE_COOKIE, type Locale } from './i18n.ts';
import { resolveLocale } from './locale-policy.ts';

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
