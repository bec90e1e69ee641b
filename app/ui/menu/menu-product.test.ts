import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { getGuestI18n } from '#app/i18n/guest-labels.ts';
import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import type { ContentLanguage } from '#app/modules/translation/content-language.ts';
import { kilojoules } from '#app/modules/product/nutrition.ts';
import type { MenuProduct } from '#app/modules/guest-menu/menu.types.ts';
import { MenuProductItem } from './menu-product.tsx';

const plain: MenuProduct = {
  id: 'p1',
  categoryId: 'c1',
  nameRo: 'Ciorbă de burtă',
  nameEn: null,
  descriptionRo: null,
  descriptionEn: null,
  ingredientsRo: null,
  ingredientsEn: null,
  priceMinor: 3200,
  currency: 'RON',
  weightValue: 400,
  weightUnit: 'ml',
  allergens: [],
  traces: [],
  additives: [],
  frozen: false,
  energyKcal: null,
  fat: null,
  saturates: null,
  carbs: null,
  sugars: null,
  protein: null,
  salt: null,
  servedFrom: null,
  servedUntil: null,
  available: true,
  imageUrl: null,
  imageSrcSet: null,
};

function render(product: Partial<MenuProduct>, locale: Locale = 'ro'): string {
  const item = createElement(MenuProductItem, { product: { ...plain, ...product }, locale, currency: 'RON' });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: getI18n(locale) }, item));
}

/** EUR-Lex's Annex II headings of cereals with gluten, milk, and sulphites (shortened as the catalogues have it). */
const ANNEX_II: Record<ContentLanguage, [string, string, string]> = {
  ro: ['Cereale care conțin gluten', 'Lapte (inclusiv lactoză)', 'Dioxid de sulf și sulfiți (&gt;10 mg/kg sau 10 mg/l SO2)'],
  en: ['Cereals containing gluten', 'Milk (including lactose)', 'Sulphur dioxide and sulphites (&gt;10 mg/kg or 10 mg/l as SO2)'],
  de: ['Glutenhaltiges Getreide', 'Milch (einschließlich Laktose)', 'Schwefeldioxid und Sulphite (&gt;10 mg/kg bzw. 10 mg/l SO2)'],
  fr: ['Céréales contenant du gluten', 'Lait (y compris le lactose)', 'Anhydride sulfureux et sulfites (&gt;10 mg/kg ou 10 mg/l SO2)'],
  it: ['Cereali contenenti glutine', 'Latte (incluso lattosio)', 'Anidride solforosa e solfiti (&gt;10 mg/kg o 10 mg/l SO2)'],
  es: ['Cereales que contengan gluten', 'Leche (incluida la lactosa)', 'Dióxido de azufre y sulfitos (&gt;10 mg/kg o 10 mg/l SO2)'],
  hu: ['Glutént tartalmazó gabonafélék', 'Tej (beleértve a laktózt)', 'Kén-dioxid és szulfitok (&gt;10 mg/kg ill. 10 mg/l SO2)'],
  pl: ['Zboża zawierające gluten', 'Mleko (łącznie z laktozą)', 'Dwutlenek siarki i siarczyny (&gt;10 mg/kg lub 10 mg/l SO2)'],
};

describe('a dish on the guest menu', () => {
  it('names its allergens and traces by the regulation’s Annex II headings, in each of the eight languages', () => {
    for (const [language, [gluten, milk, sulphites]] of Object.entries(ANNEX_II) as [ContentLanguage, [string, string, string]][]) {
      const item = createElement(MenuProductItem, { product: { ...plain, allergens: ['gluten', 'milk'], traces: ['sulphites'] }, locale: language, currency: 'RON' });
      const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: getGuestI18n(language) }, item));
      expect(html, language).toContain(`</b>${gluten}, ${milk}</p>`);
      expect(html, language).toContain(`: ${sulphites}</p>`);
    }
  });

  it('has nothing to open when there is nothing more to say', () => {
    expect(render({})).not.toContain('<details');
  });

  it('shows the frozen marker to every guest, outside the fold', () => {
    const html = render({ frozen: true });
    expect(html).toContain('Preparat din produse congelate');
    expect(html).not.toContain('<details');
    expect(render({ frozen: true }, 'en')).toContain('Made from frozen ingredients');
  });

  it('opens on its additives even without ingredients or nutrition', () => {
    const html = render({ additives: ['E330', 'E471'] });
    expect(html).toMatch(/<details[^>]*>.*Aditivi: <\/b>E330, E471/s);
  });

  it('shows a partial nutrition declaration without inventing the energy', () => {
    const html = render({ fat: 12.5, salt: 1.1 });
    expect(html).toContain('<table');
    expect(html).toMatch(/<tr><th>Valoare energetică<td>–<tr>/);
    expect(html).toContain('12,5 g');
    expect(render({ fat: 12.5 }, 'en')).toContain('12.5 g');
    expect(html).not.toContain('kJ');
  });

  it('gives the energy in kJ and kcal, per 100 ml for a drink', () => {
    const html = render({ energyKcal: 85 });
    expect(html).toContain(`${kilojoules(85)} kJ / 85 kcal`);
    expect(html).toContain('100 ml');
  });

  it('writes an owner’s text in the fold as text, never as markup (the fold is one escaped string)', () => {
    const html = render({ ingredientsRo: '<img src=x onerror=alert(1)> & "sare"', additives: ['E<330>'] });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;sare&quot;');
    expect(html).toContain('E&lt;330&gt;');
    expect(html).not.toContain('<img src=x');
  });

  it('falls back to the Romanian text where the English is missing', () => {
    const html = render({ nameEn: null, descriptionRo: 'Cu smântână', descriptionEn: 'With sour cream' }, 'en');
    expect(html).toContain('Ciorbă de burtă');
    expect(html).toContain('With sour cream');
  });
});

describe('kilojoules', () => {
  it('converts at 4.184 kJ per kcal, rounded', () => {
    expect(kilojoules(0)).toBe(0);
    expect(kilojoules(100)).toBe(418);
    expect(kilojoules(85)).toBe(356);
    expect(kilojoules(250.5)).toBe(1048);
  });
});

describe('the words of a dish card', () => {
  it('are looked up once per language, not once per dish (a 200-dish render spent most of its time in i18next)', () => {
    const i18n = getI18n('en');
    const t = i18n.t.bind(i18n);
    let lookups = 0;
    Object.assign(i18n, { t: (...args: Parameters<typeof t>) => (lookups++, t(...args)) });
    try {
      const dishes = ['a', 'b', 'c', 'd'].map((id) => createElement(MenuProductItem, { key: id, product: { ...plain, id, allergens: ['milk'] }, locale: 'en', currency: 'RON' }));
      renderToStaticMarkup(createElement(I18nextProvider, { i18n }, dishes));
      const afterFirstRender = lookups;
      renderToStaticMarkup(createElement(I18nextProvider, { i18n }, dishes));
      expect(lookups).toBe(afterFirstRender);
    } finally {
      Object.assign(i18n, { t });
    }
  });
});
