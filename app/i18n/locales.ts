/**
 * docs/product-spec.md section 9: default locale ro, fallback en, available ro and en. Kept apart from
 * i18n.ts (which imports every catalogue) so that browser code can name the languages without
 * pulling the catalogues into its bundle (issue 26); i18n.ts re-exports all of it.
 */
export const LOCALES = ['ro', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ro';
export const FALLBACK_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
