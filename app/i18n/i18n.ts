import i18next, { type i18n } from 'i18next';
import { en } from './en.ts';
import { ro } from './ro.ts';

import { FALLBACK_LOCALE, LOCALES, type Locale } from './locales.ts';

// the languages themselves live in locales.ts, which a browser module imports without the catalogues
export { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from './locales.ts';

export const catalogues = { ro, en } as const;

const instances = new Map<Locale, i18n>();

/**
 * One initialised i18next instance per language, created synchronously from the bundled
 * catalogues and shared by every request in that language (they are read-only after init).
 */
export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      resources: { ro: { translation: ro }, en: { translation: en } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

// i18n-keys: errors.*
/**
 * The route messages of docs/product-spec.md section 2 arrive as Romanian text (`/not-found?message=...`); shown in English when
 * the text is one of ours, otherwise shown as given.
 */
export function translateKnownMessage(message: string, locale: Locale): string {
  for (const [key, text] of Object.entries(ro.errors)) {
    if (text === message) return getI18n(locale).t(`errors.${key}`);
  }
  return message;
}
