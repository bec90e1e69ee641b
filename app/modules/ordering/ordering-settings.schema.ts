import { z } from 'zod';
import { checkbox, optionalText } from '#app/modules/editing/menu-fields.ts';
import { DEFAULT_ORDERING } from './ordering.types.ts';

/** Bounds of a location's ordering and reservation settings (decision 0032). */
export const ORDERING_LIMITS = {
  slotMinutes: [15, 240],
  maxPartySize: [1, 50],
  leadMinutes: [0, 7 * 24 * 60],
  daysAhead: [1, 180],
  capacityPerSlot: [1, 200],
  // the platform's bounds of the ceilings (issue 33): never off, never past what one location serves
  orderCeiling: [5, 500],
  reservationHourCeiling: [1, 200],
  reservationDayCeiling: [1, 1000],
  reservationContactCeiling: [1, 20],
} as const;

const wholeNumberIn = ([min, max]: readonly [number, number]) =>
  z
    .string({ error: 'required' })
    .trim()
    .transform((value, ctx) => {
      if (!/^\d{1,6}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: value ? 'wholeNumber' : 'required' });
        return z.NEVER;
      }
      const number = Number(value);
      if (number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: 'outOfRange', params: { min, max } });
        return z.NEVER;
      }
      return number;
    });

const ceilingField = (name: 'orderCeiling' | 'reservationHourCeiling' | 'reservationDayCeiling' | 'reservationContactCeiling') =>
  wholeNumberIn(ORDERING_LIMITS[name])
    .optional()
    .transform((value) => value ?? DEFAULT_ORDERING[name]);

/**
 * The settings form of one location. Errors are keys under `editorErrors` (menu-fields.ts); the
 * version is the row's as the form showed it (decision 0015: a stale form changes nothing).
 */
export const OrderingSettingsInput = z
  .object({
    locationId: z.string().min(1).max(64),
    version: z.coerce.number().int().min(0),
    ordersEnabled: checkbox,
    dineIn: checkbox,
    pickup: checkbox,
    reservationsEnabled: checkbox,
    slotMinutes: wholeNumberIn(ORDERING_LIMITS.slotMinutes),
    maxPartySize: wholeNumberIn(ORDERING_LIMITS.maxPartySize),
    leadMinutes: wholeNumberIn(ORDERING_LIMITS.leadMinutes),
    daysAhead: wholeNumberIn(ORDERING_LIMITS.daysAhead),
    capacityPerSlot: wholeNumberIn(ORDERING_LIMITS.capacityPerSlot),
    autoAccept: checkbox,
    // a form from before the ceilings (an open tab) sends none: the defaults; an empty field is 'required'
    orderCeiling: ceilingField('orderCeiling'),
    reservationHourCeiling: ceilingField('reservationHourCeiling'),
    reservationDayCeiling: ceilingField('reservationDayCeiling'),
    reservationContactCeiling: ceilingField('reservationContactCeiling'),
    guestNoteRo: optionalText(500),
    guestNoteEn: optionalText(500),
  })
  .superRefine((value, ctx) => {
    // ordering with no way to order is a mistake the owner wants to hear about
    if (value.ordersEnabled && !value.dineIn && !value.pickup) ctx.addIssue({ code: 'custom', path: ['dineIn'], message: 'orderKindRequired' });
    // a day's ceiling below the hour's would make the hour's a lie
    if (value.reservationDayCeiling < value.reservationHourCeiling) {
      ctx.addIssue({
        code: 'custom',
        path: ['reservationDayCeiling'],
        message: 'outOfRange',
        params: { min: value.reservationHourCeiling, max: ORDERING_LIMITS.reservationDayCeiling[1] },
      });
    }
  });
export type OrderingSettingsInput = z.infer<typeof OrderingSettingsInput>;
