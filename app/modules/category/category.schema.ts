import { z } from 'zod';
import { checkbox, idField, optionalId, optionalText, requiredText } from '#app/modules/editing/menu-fields.ts';
import { readScheduleFields, type CategorySchedule } from './category-schedule.ts';

/**
 * A category's fields; `imageId` is an image this restaurant uploaded (checked by the service).
 * `schedule` comes from the form's schedule fields (category-schedule.ts), checked even when
 * another field failed, so every error shows at once.
 */
export const CategoryInput = z
  .looseObject({
    locationId: idField,
    nameRo: requiredText(80),
    nameEn: optionalText(80),
    descriptionRo: optionalText(500),
    descriptionEn: optionalText(500),
    imageId: optionalId,
    visible: checkbox,
  })
  .superRefine(
    (values, ctx) => {
      for (const issue of readScheduleFields(values).issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    { when: () => true },
  )
  .transform(({ locationId, nameRo, nameEn, descriptionRo, descriptionEn, imageId, visible, ...rest }) => ({
    locationId,
    nameRo,
    nameEn,
    descriptionRo,
    descriptionEn,
    imageId,
    visible,
    schedule: readScheduleFields(rest).schedule,
  }));
export type CategoryInput = z.infer<typeof CategoryInput>;

/** What the services take: a parsed form; without `schedule` (callers with no schedule fields) an edit keeps the one it had. */
export type CategoryFields = Omit<CategoryInput, 'schedule'> & { schedule?: CategorySchedule | null };
