import { z } from 'zod';
import { checkbox, idField, optionalId, optionalText, requiredText } from '#app/modules/editing/menu-fields.ts';

/** A category's fields; `imageId` is an image this restaurant uploaded (checked by the service). */
export const CategoryInput = z.object({
  locationId: idField,
  nameRo: requiredText(80),
  nameEn: optionalText(80),
  descriptionRo: optionalText(500),
  descriptionEn: optionalText(500),
  imageId: optionalId,
  visible: checkbox,
});
export type CategoryInput = z.infer<typeof CategoryInput>;
