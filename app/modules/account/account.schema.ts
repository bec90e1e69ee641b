import { z } from 'zod';

/** Spec section 5: minimum password length 6 unless the server policy says otherwise. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

/** Field shapes shared by the sign-in and registration forms and their action; codes are i18n keys. */
export const SignInInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'invalid-email' })),
  password: z.string({ error: 'missing-password' }).min(1, { error: 'missing-password' }),
  redirect: z.string().optional(),
});

export const EmailOnlyInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'invalid-email' })),
});

export const NewPasswordInput = z.object({
  token: z.string().min(1, { error: 'invalid-action-code' }),
  password: z
    .string({ error: 'missing-password' })
    .min(DEFAULT_MIN_PASSWORD_LENGTH, { error: 'password-does-not-meet-requirements' })
    .max(128, { error: 'password-does-not-meet-requirements' }),
});

export const RegisterInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'invalid-email' })),
  password: z
    .string({ error: 'missing-password' })
    .min(DEFAULT_MIN_PASSWORD_LENGTH, { error: 'password-does-not-meet-requirements' })
    .max(128, { error: 'password-does-not-meet-requirements' }),
  restaurantName: z
    .string({ error: 'restaurant-name-required' })
    .trim()
    .min(2, { error: 'restaurant-name-required' })
    .max(100, { error: 'restaurant-name-required' }),
});

export type RegisterInput = z.infer<typeof RegisterInput>;
