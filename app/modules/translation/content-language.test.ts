import { describe, expect, it } from 'vitest';
import { getGuestI18n } from '#app/i18n/guest-labels.ts';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { EXTRA_LANGUAGES, fieldIn, negotiateLanguage, offeredLanguages, parseTranslations, requestedMenuLanguage, servedLanguage } from './content-language.ts';
import { maskTerms, unmaskTerms } from './protect-terms.ts';

describe('content languages (issue 16)', () => {
  it('falls back per field: the language, else English, else Romanian', () => {
    const row = { nameRo: 'Ciorbă', nameEn: 'Soup', descriptionRo: 'Caldă', descriptionEn: null, translations: parseTranslations('{"de":{"name":"Suppe"},"xx":{"name":"?"}}') };
    expect(fieldIn(row, 'name', 'de')).toBe('Suppe');
    expect(fieldIn(row, 'name', 'fr')).toBe('Soup');
    expect(fieldIn(row, 'description', 'de')).toBe('Caldă');
    expect(fieldIn(row, 'name', 'ro')).toBe('Ciorbă');
    expect(parseTranslations('not json')).toEqual({});
  });

  it('negotiates Accept-Language among the offered languages by q, regions matching their language', () => {
    const offered = offeredLanguages(['de', 'fr']);
    expect(offered).toEqual(['ro', 'en', 'de', 'fr']);
    expect(negotiateLanguage('de-AT,de;q=0.9,en;q=0.8', offered)).toBe('de');
    expect(negotiateLanguage('it;q=1, fr;q=0.5, en;q=0.7', offered)).toBe('en');
    expect(negotiateLanguage('ja, zh;q=0.5', offered)).toBe('ro');
    expect(negotiateLanguage('de;q=0, fr', offered)).toBe('fr');
    expect(negotiateLanguage(undefined, offered)).toBe('ro');
  });

  it('asks by ?lang=, then the site cookie, then Accept-Language; serves English for a language not offered', () => {
    expect(requestedMenuLanguage('lang=pl&loc=x', 'lang=ro', 'de')).toBe('pl');
    expect(requestedMenuLanguage('lang=xx', 'theme=dark; lang=en', 'de')).toBe('en');
    expect(requestedMenuLanguage('', null, 'hu-HU,hu;q=0.9')).toBe('hu');
    expect(servedLanguage('hu', ['ro', 'en', 'de'])).toBe('en');
    expect(servedLanguage('ro', ['ro', 'en'])).toBe('ro');
    expect(servedLanguage('de', ['ro', 'en', 'de'])).toBe('de');
  });

  it('takes the menu language from the address, the site cookie or Accept-Language: guests get no menu cookie (issue 23)', () => {
    // an old menu-lang cookie (set by earlier versions) no longer decides anything
    expect(requestedMenuLanguage('', 'lang=ro; menu-lang=de', 'fr')).toBe('ro');
    expect(requestedMenuLanguage('loc=x', 'menu-lang=pl', 'hu')).toBe('hu');
    expect(requestedMenuLanguage('loc=x&lang=pl', 'menu-lang=de', 'hu')).toBe('pl');
    expect(requestedMenuLanguage('lang=xx', 'lang=en', 'de')).toBe('en');
  });

  it('protects do-not-translate terms as whole words, any case, and puts them back as written', () => {
    const masked = maskTerms('  Mici  cu muștar,  MICI mari și micii ', ['mici', 'Mici de Cluj']);
    expect(masked).toEqual({ masked: '⟦0⟧ cu muștar, ⟦1⟧ mari și micii', terms: ['Mici', 'MICI'] });
    expect(unmaskTerms('⟦0⟧ mit Senf, ⟦1⟧ groß', masked.terms)).toBe('Mici mit Senf, MICI groß');
  });

  it('has the guest menu’s labels in every extra language, allergens included', () => {
    for (const language of EXTRA_LANGUAGES) {
      const { t } = getGuestI18n(language);
      // every allergen named (not a missing key), and the language's own word for milk
      for (const key of ALLERGEN_KEYS) expect(t(`allergen.${key}`), `${language} ${key}`).not.toMatch(/^allergen\./);
      expect(t('allergen.milk'), language).not.toBe('Milk');
      expect(t('menu.allergens')).not.toBe('Allergens');
      expect(t('menu.restaurantInactive')).not.toBe(getGuestI18n('en').t('menu.restaurantInactive'));
    }
    expect(getGuestI18n('de').t('allergen.milk')).toBe('Milch');
    expect(getGuestI18n('fr').t('weekday.mon')).toBe('Lundi');
  });
});
