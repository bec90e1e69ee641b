import { z } from 'zod';
import { idField, optionalText, requiredText } from '#app/modules/editing/menu-fields.ts';
import { STATION_LIMITS } from './stations.types.ts';

/**
 * The stations' forms (issue 36): a station's names and the kitchen display's thresholds, its place
 * in the list, a category's station. Errors are keys under `editorErrors`; a warning threshold not
 * below the late one is refused on `lateMinutes`.
 */
const minutes = z
  .string({ error: 'required' })
  .trim()
  .transform((value, ctx) => {
    if (!/^\d{1,4}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: value ? 'wholeNumber' : 'required' });
      return z.NEVER;
    }
    const number = Number(value);
    if (number < STATION_LIMITS.minMinutes || number > STATION_LIMITS.maxMinutes) {
      ctx.addIssue({ code: 'custom', message: 'outOfRange', params: { min: STATION_LIMITS.minMinutes, max: STATION_LIMITS.maxMinutes } });
      return z.NEVER;
    }
    return number;
  });

const stationFields = {
  nameRo: requiredText(STATION_LIMITS.maxName),
  nameEn: optionalText(STATION_LIMITS.maxName),
  warnMinutes: minutes,
  lateMinutes: minutes,
};

const thresholdsInOrder = (value: { warnMinutes: number; lateMinutes: number }, ctx: z.RefinementCtx) => {
  if (value.warnMinutes >= value.lateMinutes) ctx.addIssue({ code: 'custom', path: ['lateMinutes'], message: 'stationThresholds' });
};

export const AddStationInput = z.object({ locationId: idField, ...stationFields }).superRefine(thresholdsInOrder);
export type AddStationInput = z.infer<typeof AddStationInput>;

export const UpdateStationInput = z.object({ stationId: idField, ...stationFields }).superRefine(thresholdsInOrder);
export type UpdateStationInput = z.infer<typeof UpdateStationInput>;

export const MoveStationInput = z.object({ stationId: idField, direction: z.enum(['up', 'down'], { error: 'required' }) });
export type MoveStationInput = z.infer<typeof MoveStationInput>;

export const DeleteStationInput = z.object({ stationId: idField });
export type DeleteStationInput = z.infer<typeof DeleteStationInput>;

/** A category's station; empty: the location's first. */
export const CategoryStationInput = z.object({
  categoryId: idField,
  stationId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || null),
});
export type CategoryStationInput = z.infer<typeof CategoryStationInput>;
