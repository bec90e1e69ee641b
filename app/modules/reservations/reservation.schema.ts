import { z } from 'zod';
import { STAFF_ACTIONS } from './reservations.types.ts';

// i18n-keys: reservations.errors.*
/**
 * The guest's reservation form (issue 25). Each error is a key under `reservations.errors`. Names
 * and notes keep what the guest wrote, emoji and markup included: they are text, escaped wherever
 * shown (React, the e-mails' escapeHtml, the calendar file's own escaping).
 */
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const ReservationDate = z.string().trim().regex(DATE, { error: 'date' });

export const ReservationRequestInput = z.object({
  locationId: z.string().trim().min(1, { error: 'location' }).max(64, { error: 'location' }),
  date: ReservationDate,
  time: z.string({ error: 'time' }).trim().regex(TIME, { error: 'time' }),
  partySize: z
    .string({ error: 'partySize' })
    .trim()
    .regex(/^\d{1,3}$/, { error: 'partySize' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'partySize' })),
  name: z.string({ error: 'name' }).trim().min(1, { error: 'name' }).max(80, { error: 'name' }),
  // digits with the usual separators; 6 to 20 digits
  phone: z
    .string({ error: 'phone' })
    .trim()
    .max(30, { error: 'phone' })
    .regex(/^\+?[\d\s().-]+$/, { error: 'phone' })
    .refine(
      (value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 6 && digits <= 20;
      },
      { error: 'phone' },
    ),
  email: z
    .string()
    .trim()
    .max(200, { error: 'email' })
    .optional()
    .transform((value) => value?.toLowerCase() || undefined)
    .pipe(z.email({ error: 'email' }).optional()),
  note: z
    .string()
    .trim()
    .max(500, { error: 'note' })
    .optional()
    .transform((value) => value || undefined),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'expired' }),
});
export type ReservationRequestInput = z.infer<typeof ReservationRequestInput>;

/** A staff member's action on one reservation, with the version the list showed. */
export const StaffReservationActionInput = z.object({
  intent: z.enum(STAFF_ACTIONS),
  id: z.string().min(1).max(64),
  version: z.string().min(1).max(64),
  reason: z
    .string()
    .trim()
    .max(300, { error: 'reason' })
    .optional()
    .transform((value) => value || null),
});
export type StaffReservationActionInput = z.infer<typeof StaffReservationActionInput>;
