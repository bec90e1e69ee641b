import type { Locale } from '#app/i18n/i18n.ts';

/** Dates of the back office, in the platform's time zone (Bucharest), the same on server and browser. */
const TIME_ZONE = 'Europe/Bucharest';

export function formatDay(iso: string | null, locale: string): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ro-RO', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatMoment(iso: string | null, locale: string): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ro-RO', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function localeOf(language: string): Locale {
  return language === 'en' ? 'en' : 'ro';
}
