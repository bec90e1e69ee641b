import { z } from 'zod';

/** Field shapes shared by the sign-in and registration forms and their action; codes are i18n keys. */
export const SignInInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'invalid-email' })),
  password: z.string({ error: 'missing-password' }).min(1, { error: 'missing-password' }),
  redirect: z.string().optional(),
});

export const EmailOnlyInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'invalid-email' })),
});

export const NewPasswordInput = z.object({
  token: z.string().min(1, { error: 'invalid-action-code' }),
  // length and character rules come from the configured policy (password-policy.ts), checked in the action
  password: z.string({ error: 'missing-password' }).min(1, { error: 'missing-password' }),
});

/** A person's own name (the account page, registration): 2 to 100 characters once trimmed. */
export const PersonNameInput = z.object({
  name: z.string({ error: 'name-required' }).trim().min(2, { error: 'name-required' }).max(100, { error: 'name-required' }),
});

export const RegisterInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'invalid-email' })),
  // length and character rules come from the configured policy (password-policy.ts), checked in the action
  password: z.string({ error: 'missing-password' }).min(1, { error: 'missing-password' }),
  restaurantName: z.string({ error: 'restaurant-name-required' }).trim().min(2, { error: 'restaurant-name-required' }).max(100, { error: 'restaurant-name-required' }),
  // the person's own name (issue 33 item 15); optional: without it the team sees the address
  name: z
    .string()
    .trim()
    .max(100, { error: 'name-required' })
    .refine((name) => name.length === 0 || name.length >= 2, { error: 'name-required' })
    .optional(),
});

export type RegisterInput = z.infer<typeof RegisterInput>;

/** The name of a further restaurant ("Adaugă un restaurant"): registration's length rule, each end of it named. */
export const NewRestaurantInput = z.object({
  restaurantName: z.string({ error: 'restaurant-name-required' }).trim().min(2, { error: 'restaurant-name-required' }).max(100, { error: 'restaurant-name-too-long' }),
});
