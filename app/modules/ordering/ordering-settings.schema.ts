import { z } from 'zod';
import { checkbox, optionalText } from '#app/modules/editing/menu-fields.ts';

/** Bounds of a location's ordering and reservation settings (decision 0032). */
export const ORDERING_LIMITS = {
  slotMinutes: [15, 240],
  maxPartySize: [1, 50],
  leadMinutes: [0, 7 * 24 * 60],
  daysAhead: [1, 180],
  capacityPerSlot: [1, 200],
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
    guestNoteRo: optionalText(500),
    guestNoteEn: optionalText(500),
  })
  .superRefine((value, ctx) => {
    // ordering with no way to order is a mistake the owner wants to hear about
    if (value.ordersEnabled && !value.dineIn && !value.pickup) ctx.addIssue({ code: 'custom', path: ['dineIn'], message: 'orderKindRequired' });
  });
export type OrderingSettingsInput = z.infer<typeof OrderingSettingsInput>;
