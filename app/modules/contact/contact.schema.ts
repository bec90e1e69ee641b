import { z } from 'zod';

/** The contact form's fields; each error is an i18n key under `contactErrors`. */
export const ContactInput = z.object({
  name: z.string().trim().min(2, { error: 'name' }).max(100, { error: 'name' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'email' })),
  restaurantName: z
    .string()
    .trim()
    .max(100, { error: 'restaurantName' })
    .optional()
    .transform((v) => v || undefined),
  message: z.string().trim().min(10, { error: 'message' }).max(5000, { error: 'messageTooLong' }),
  /** honeypot: hidden from people, filled by bots */
  website: z.string().optional(),
});

export type ContactInput = z.infer<typeof ContactInput>;
