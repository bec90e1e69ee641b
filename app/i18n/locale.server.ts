import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from './i18n.ts';

/** The guest's language: the `lang` cookie when valid, otherwise Romanian (spec section 9). */
export function getRequestLocale(request: Request): Locale {
  return localeFromHeaders(request.headers);
}

/** The same, from a request's headers alone (services that are handed headers, not the request). */
export function localeFromHeaders(headers: Headers): Locale {
  const cookie = headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return DEFAULT_LOCALE;
}

/** A Set-Cookie value that keeps the chosen language for a year. */
export function serializeLocaleCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}
