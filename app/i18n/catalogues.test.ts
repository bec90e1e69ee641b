import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '#app/modules/account/password-policy.ts';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { describePasswordRules } from '#app/ui/auth/password-rules.ts';
import { en } from './en.ts';
import { getI18n, translateKnownMessage } from './i18n.ts';
import { ro } from './ro.ts';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'string' ? [`${prefix}${key}`] : keys(inner as object, `${prefix}${key}.`)));
}

describe('translation catalogues (docs/style.md, Text and languages)', () => {
  it('have exactly the same keys in Romanian and English', () => {
    expect(keys(en).sort()).toEqual(keys(ro).sort());
  });

  it('have no empty text', () => {
    for (const catalogue of [ro, en]) {
      for (const key of keys(catalogue)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(String(text).trim(), key).not.toBe('');
      }
    }
  });

  it('quote the messages of docs/product-spec.md section 8 word for word', () => {
    expect(ro.errors.restaurantNotFound).toBe('Acest restaurant nu există sau a fost dezactivat.');
    expect(ro.errors.pageNotFound).toBe('Pagina nu există.');
    expect(ro.errors.pageForbidden).toBe('Nu aveți permisiunea de a accesa această pagină.');
    expect(ro.errors.restaurantForbidden).toBe('Nu aveți permisiunea de a accesa acest restaurant.');
    expect(ro.errors.slugTaken).toBe('Acest URL este deja folosit de alt restaurant');
  });

  it('name every allergen with the Romanian list of docs/product-spec.md section 3', () => {
    expect(ALLERGEN_KEYS.map((key) => ro.allergen[key])).toEqual([
      'Gluten',
      'Lactate',
      'Ouă',
      'Pește',
      'Nuci',
      'Arahide',
      'Soia',
      'Crustacee',
      'Moluște',
      'Țelină',
      'Muștar',
      'Susan',
      'Sulfiți',
      'Lupin',
    ]);
  });

  it('agree "niciun/nicio" with the noun: neuter and masculine nouns take "niciun" (issue 17, friction 7)', () => {
    const text = JSON.stringify(ro);
    expect(text).not.toMatch(/\b[Nn]icio (preparat|produs|restaurant|meniu|cod|fișier|element|câmp|rezultat)\b/);
    expect(ro.editor.noProducts).toBe('Niciun produs încă în această categorie.');
  });

  it('speak to the owner in one voice (tu), except the quoted messages of docs/product-spec.md section 8', () => {
    const spec = new Set([ro.errors.pageForbidden, ro.errors.restaurantForbidden]);
    const informal = (value: unknown): string[] => (typeof value === 'string' ? (spec.has(value) ? [] : [value]) : Object.values(value as object).flatMap(informal));
    expect(informal(ro).filter((text) => /\b(Separați|Introduceți|Apăsați|Verificați|Alegeți|aveți)\b/.test(text))).toEqual([]);
  });

  it('count the Romanian way: 1 and 2–19 without "de", 20 and up with it (issue 17, friction 7)', () => {
    const t = getI18n('ro').t;
    expect([1, 3, 12, 24].map((count) => t('backoffice.restaurant.months', { count }))).toEqual(['1 lună', '3 luni', '12 luni', '24 de luni']);
    expect([7, 30, 101].map((count) => t('backoffice.restaurant.days', { count }))).toEqual(['7 zile', '30 de zile', '101 zile']);
    expect(t('backoffice.common.results', { count: 21 })).toBe('21 de rezultate');
    expect(t('backoffice.nav.unread', { count: 1 })).toBe('1 mesaj necitit');
    expect(t('import.showMore', { count: 500 })).toBe('Arată încă 500 de rânduri');
    expect(describePasswordRules(t, { ...DEFAULT_PASSWORD_POLICY, minLength: 8, maxLength: 128 })).toBe('cel puțin 8 caractere, cel mult 128 de caractere');
    expect(describePasswordRules(getI18n('en').t, { ...DEFAULT_PASSWORD_POLICY, minLength: 20 })).toBe('at least 20 characters');
  });

  it('use comma-below ș and ț, never the cedilla look-alikes', () => {
    expect(JSON.stringify(ro)).not.toMatch(/[şţŞŢ]/);
  });

  it('translate the Romanian route messages of docs/product-spec.md section 2 for English readers', () => {
    expect(translateKnownMessage('Pagina nu există.', 'en')).toBe('This page does not exist.');
    expect(translateKnownMessage('Pagina nu există.', 'ro')).toBe('Pagina nu există.');
    expect(translateKnownMessage('Un mesaj oarecare', 'en')).toBe('Un mesaj oarecare');
  });

  it('fall back to English for a key missing in the language asked for', () => {
    expect(getI18n('en').t('nav.home')).toBe('Home');
    expect(getI18n('ro').t('nav.home')).toBe('Acasă');
  });
});
