import type { i18n } from 'i18next';
import { createContext } from 'react';
import type { Locale } from './locales.ts';

/**
 * The i18next instance a page renders with. It does not import the catalogues, so the browser's bundle
 * carries none: the server gives the full instances (entry.server.tsx), the browser the one built from
 * the page's own catalogue (i18n-client.ts, entry.client.tsx).
 */
let source: ((locale: Locale) => i18n) | undefined;

export function setPageI18n(get: (locale: Locale) => i18n): void {
  source = get;
}

export function pageI18n(locale: Locale): i18n {
  if (!source) throw new Error('page i18n used before entry.server or entry.client set it');
  return source(locale);
}

/** The page catalogue's JSON (page-catalogue.ts), written by the root layout into a hydrated page. */
export const PageCatalogueContext = createContext<string | null>(null);
