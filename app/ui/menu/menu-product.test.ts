import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import { kilojoules } from '#app/modules/product/nutrition.ts';
import type { MenuProduct } from '#app/modules/guest-menu/menu.types.ts';
import { MenuProductItem } from './menu-product.tsx';

const plain: MenuProduct = {
  id: 'p1', categoryId: 'c1', nameRo: 'Ciorbă de burtă', nameEn: null, descriptionRo: null, descriptionEn: null,
  ingredientsRo: null, ingredientsEn: null, priceMinor: 3200, currency: 'RON', weightValue: 400, weightUnit: 'ml',
  allergens: [], traces: [], additives: [], frozen: false, energyKcal: null, fat: null, saturates: null, carbs: null,
  sugars: null, protein: null, salt: null, servedFrom: null, servedUntil: null, available: true, imageUrl: null, imageSrcSet: null,
};

function render(product: Partial<MenuProduct>, locale: Locale = 'ro'): string {
  const item = createElement(MenuProductItem, { product: { ...plain, ...product }, locale, currency: 'RON' });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: getI18n(locale) }, item));
}

describe('a dish on the guest menu', () => {
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
    expect(html).toMatch(/Valoare energetică<\/th><td[^>]*>–<\/td>/);
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
