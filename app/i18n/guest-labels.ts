import i18next, { type i18n } from 'i18next';
import { en } from './en.ts';
import { guestLabelsDe } from './guest-labels.de.ts';
import { guestLabelsEs } from './guest-labels.es.ts';
import { guestLabelsFr } from './guest-labels.fr.ts';
import { guestLabelsHu } from './guest-labels.hu.ts';
import { guestLabelsIt } from './guest-labels.it.ts';
import { guestLabelsPl } from './guest-labels.pl.ts';
import type { GuestLabelCatalogue } from './guest-labels.types.ts';
import { getI18n, isLocale } from './i18n.ts';

/** The guest-labels catalogue of every extra content language (app/modules/translation/content-language.ts). */
export const guestLabels: Record<'de' | 'fr' | 'it' | 'es' | 'hu' | 'pl', GuestLabelCatalogue> = {
  de: guestLabelsDe,
  fr: guestLabelsFr,
  it: guestLabelsIt,
  es: guestLabelsEs,
  hu: guestLabelsHu,
  pl: guestLabelsPl,
};

const instances = new Map<string, i18n>();

/**
 * The i18next instance the guest menu renders with: the site's own for ro/en, otherwise the
 * language's guest labels over the English catalogue (so a label not in the guest catalogue, which
 * the guest menu does not use, would still read in English rather than as a key).
 */
export function getGuestI18n(language: string): i18n {
  if (isLocale(language)) return getI18n(language);
  const labels = (guestLabels as Record<string, GuestLabelCatalogue | undefined>)[language];
  if (!labels) return getI18n('en');
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [language, 'en'],
      resources: { [language]: { translation: { ...en, ...labels } }, en: { translation: en } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(language, instance);
  }
  return instance;
}
