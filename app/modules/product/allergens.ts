import { parseStoredJson } from '#app/modules/text/stored-json.ts';

/**
 * The 14 EU allergens (Regulation 1169/2011, annex II) as fixed keys, in the order of the
 * Romanian list of docs/product-spec.md section 3: Gluten, Lactate, Ouă, Pește, Nuci, Arahide, Soia, Crustacee, Moluște,
 * Țelină, Muștar, Susan, Sulfiți, Lupin. Labels live in the i18n catalogues under `allergen.*`.
 */
export const ALLERGEN_KEYS = ['gluten', 'milk', 'eggs', 'fish', 'nuts', 'peanuts', 'soy', 'crustaceans', 'molluscs', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin'] as const;

export type AllergenKey = (typeof ALLERGEN_KEYS)[number];

export function isAllergenKey(value: unknown): value is AllergenKey {
  return typeof value === 'string' && (ALLERGEN_KEYS as readonly string[]).includes(value);
}

/** Reads a stored JSON list, keeping only known keys in canonical order (bad data never reaches a guest). */
export function parseAllergenList(stored: string | null | undefined): AllergenKey[] {
  const parsed = parseStoredJson(stored);
  if (!Array.isArray(parsed)) return [];
  return ALLERGEN_KEYS.filter((key) => parsed.includes(key));
}
