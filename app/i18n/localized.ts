import type { Locale } from './i18n.ts';

/** A field a guest reads: English when asked for and filled in, otherwise Romanian (the reference). */
export function localized(ro: string, en: string | null | undefined, locale: Locale): string;
export function localized(ro: string | null, en: string | null | undefined, locale: Locale): string | null;
export function localized(ro: string | null, en: string | null | undefined, locale: Locale): string | null {
  if (locale === 'en' && en && en.trim() !== '') return en;
  return ro;
}

/** The Intl locale of a site or guest-menu language: ro-RO, en-GB, or the language itself (de, fr, …). */
function intlLocale(locale: Locale | (string & {})): string {
  return locale === 'ro' ? 'ro-RO' : locale === 'en' ? 'en-GB' : locale;
}

/** Money in minor units, formatted for the language: 4500 RON → '45,00 lei' (ro) / 'RON 45.00' (en). */
export function formatPrice(minor: number, currency: string, locale: Locale | (string & {})): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(minor / 100);
}

/** A day as the language writes it, in the restaurant's time zone: '22 noiembrie 2027' / '22 November 2027'. */
export function formatDate(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

const quantityFormats = new Map<string, Intl.NumberFormat>();

/** A quantity as the language writes it: 12.5 → '12,5' (ro) / '12.5' (en); no grouping surprises below 1000. */
export function formatQuantity(value: number, locale: Locale | (string & {})): string {
  let format = quantityFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 3 });
    quantityFormats.set(locale, format);
  }
  return format.format(value);
}
