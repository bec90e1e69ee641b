import { z } from 'zod';
import {
  checkbox,
  idField,
  optionalDecimal,
  optionalId,
  optionalEndTime,
  optionalText,
  optionalTime,
  optionalWholeNumber,
  priceMinor,
  requiredText,
} from '#app/modules/editing/menu-fields.ts';
import { ALLERGEN_KEYS } from './allergens.ts';

const allergenList = z
  .array(z.enum(ALLERGEN_KEYS, { error: 'allergen' }))
  .default([])
  .transform((keys) => ALLERGEN_KEYS.filter((key) => keys.includes(key)));

/** E-numbers such as E330, E160a or E1422, typed with spaces, commas or semicolons between them. */
const additiveList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const codes = (value ?? '')
      .split(/[\s,;]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    const bad = codes.find((code) => !/^E\d{3,4}[A-Z]?$/.test(code));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: 'additive', params: { code: bad } });
      return z.NEVER;
    }
    return [...new Set(codes)];
  });

/**
 * Every field a Romanian menu needs per dish (quantity, ingredients, additives, nutrition per
 * 100 g/ml, allergens): the owner is compliant by filling this form.
 */
export const ProductInput = z
  .object({
    categoryId: idField,
    nameRo: requiredText(120),
    nameEn: optionalText(120),
    descriptionRo: optionalText(1000),
    descriptionEn: optionalText(1000),
    ingredientsRo: optionalText(2000),
    ingredientsEn: optionalText(2000),
    price: priceMinor,
    weightValue: optionalWholeNumber(100_000),
    weightUnit: z.enum(['g', 'ml', 'pcs'], { error: 'unit' }).default('g'),
    allergens: allergenList,
    traces: allergenList,
    additives: additiveList,
    frozen: checkbox,
    energyKcal: optionalDecimal(900),
    fat: optionalDecimal(100),
    saturates: optionalDecimal(100),
    carbs: optionalDecimal(100),
    sugars: optionalDecimal(100),
    protein: optionalDecimal(100),
    salt: optionalDecimal(100),
    servedFrom: optionalTime,
    servedUntil: optionalEndTime,
    available: checkbox,
    visible: checkbox,
    imageId: optionalId,
  })
  // Runs even when a field failed (`when`), so every error shows at once (issue 17, friction 5):
  // a field that failed holds no value, and only fields that parsed are compared.
  .superRefine(
    (p, ctx) => {
      const both = (a: unknown, b: unknown): [number, number] | null => (typeof a === 'number' && typeof b === 'number' ? [a, b] : null);
      const fat = both(p.saturates, p.fat);
      if (fat && fat[0] > fat[1]) ctx.addIssue({ code: 'custom', path: ['saturates'], message: 'saturatesAboveFat' });
      const carbs = both(p.sugars, p.carbs);
      if (carbs && carbs[0] > carbs[1]) ctx.addIssue({ code: 'custom', path: ['sugars'], message: 'sugarsAboveCarbs' });
      const timeOrBlank = (value: unknown) => value === null || typeof value === 'string';
      if (timeOrBlank(p.servedFrom) && timeOrBlank(p.servedUntil) && (p.servedFrom === null) !== (p.servedUntil === null)) {
        ctx.addIssue({ code: 'custom', path: [p.servedFrom ? 'servedUntil' : 'servedFrom'], message: 'servingHoursPair' });
      }
    },
    { when: () => true },
  );
export type ProductInput = z.infer<typeof ProductInput>;
