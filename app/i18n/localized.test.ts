import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, formatQuantity, localized } from './localized.ts';

describe('localized fields', () => {
  it('show English when asked and present, Romanian otherwise', () => {
    expect(localized('Ciorbă', 'Soup', 'en')).toBe('Soup');
    expect(localized('Ciorbă', 'Soup', 'ro')).toBe('Ciorbă');
    expect(localized('Ciorbă', null, 'en')).toBe('Ciorbă');
    expect(localized('Ciorbă', '   ', 'en')).toBe('Ciorbă');
  });

  it('format integer minor units as money for the language', () => {
    expect(formatPrice(4550, 'RON', 'ro').replace(/\s/g, ' ')).toBe('45,50 RON');
    expect(formatPrice(4550, 'RON', 'en').replace(/\s/g, ' ')).toBe('RON 45.50');
    expect(formatPrice(1999, 'EUR', 'en')).toBe('€19.99');
  });
});

describe('formatQuantity', () => {
  it('writes every value exactly as Intl.NumberFormat would, in both languages', () => {
    const intl = { ro: new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 3 }), en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 }) };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -5000, max: 5000, noNaN: true }),
          fc.integer({ min: 0, max: 999_999 }).map((n) => n / 1000),
        ),
        fc.constantFrom('ro' as const, 'en' as const),
        (value, locale) => {
          expect(formatQuantity(value, locale)).toBe(intl[locale].format(value));
        },
      ),
      { numRuns: 5000 },
    );
    expect(formatQuantity(12.5, 'ro')).toBe('12,5');
    expect(formatQuantity(0.1 + 0.2, 'en')).toBe('0.3');
    expect(formatQuantity(12_500, 'ro')).toBe('12.500');
    // halfway cases: Intl rounds the shortest decimal form (0.5005 → 0.501), not the binary value
    for (const value of [0.5005, 2.0005, 0.0005, 999.9995, 1.23456]) expect(formatQuantity(value, 'ro')).toBe(intl.ro.format(value));
  });
});
