import { describe, expect, it } from 'vitest';
import { formatPrice, localized } from './localized.ts';

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
