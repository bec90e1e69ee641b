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

/** One formatter per language and currency: building an Intl.NumberFormat costs far more than using one. */
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Money in minor units, formatted for the language: 4500 RON → '45,00 lei' (ro) / 'RON 45.00' (en). */
export function formatPrice(minor: number, currency: string, locale: Locale | (string & {})): string {
  const key = `${locale} ${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency });
    priceFormats.set(key, format);
  }
  return format.format(minor / 100);
}

/** A day as the language writes it, in the restaurant's time zone: '22 noiembrie 2027' / '22 November 2027'. */
export function formatDate(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

const SHORT_QUANTITY = /^\d{1,3}(\.\d{1,3})?$/;

const quantityFormats = new Map<string, Intl.NumberFormat>();

/**
 * A quantity as the language writes it: 12.5 → '12,5' (ro) / '12.5' (en); no grouping surprises below 1000.
 * A short value in ro or en (every nutrition value, most weights) is written directly: a 200-dish
 * menu formats well over a thousand of these per render, and Intl's format stood out in its CPU profile.
 */
export function formatQuantity(value: number, locale: Locale | (string & {})): string {
  // JavaScript's shortest decimal form is what Intl rounds from; with at most 3 decimals and 3 digits before the point it is already the answer
  if (locale === 'ro' || locale === 'en') {
    const text = String(value);
    if (SHORT_QUANTITY.test(text) && !Object.is(value, -0)) return locale === 'ro' ? text.replace('.', ',') : text;
  }
  let format = quantityFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 3 });
    quantityFormats.set(locale, format);
  }
  return format.format(value);
}
