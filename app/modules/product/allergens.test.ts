import { describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS, isAllergenKey, parseAllergenList } from './allergens.ts';

describe('allergens', () => {
  it('are the 14 EU allergens', () => {
    expect(ALLERGEN_KEYS).toHaveLength(14);
    expect(new Set(ALLERGEN_KEYS).size).toBe(14);
  });

  it('default to an empty list (docs/product-spec.md section 5)', () => {
    expect(parseAllergenList(null)).toEqual([]);
    expect(parseAllergenList('')).toEqual([]);
  });

  it('keep only known keys, in canonical order, from stored JSON', () => {
    expect(parseAllergenList('["sesame","gluten","poison",3]')).toEqual(['gluten', 'sesame']);
    expect(parseAllergenList('not json')).toEqual([]);
    expect(parseAllergenList('{"gluten":true}')).toEqual([]);
    expect(isAllergenKey('milk')).toBe(true);
    expect(isAllergenKey('Lactate')).toBe(false);
  });
});
