import { z } from 'zod';
import { optionalText, requiredText } from '#app/modules/editing/menu-fields.ts';

/** A location's fields: a name guests read in Romanian (required) and English (optional). */
export const LocationInput = z.object({
  nameRo: requiredText(80),
  nameEn: optionalText(80),
  address: optionalText(200),
});
export type LocationInput = z.infer<typeof LocationInput>;
