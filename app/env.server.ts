import { z } from 'zod';
import type { PasswordPolicy } from '#app/modules/account/password-policy.ts';

/**
 * Configuration, validated once at start-up (STYLE.md habit 6). Every variable is documented in
 * `.env.example`. Defaults make `npm start` work with nothing configured: a SQLite file under
 * `data/`, images on local disk, e-mails written to an outbox folder.
 */
/** A variable that may be left out or set empty, both meaning "not set". */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));
const optionalUrl = unsetWhenEmpty(z.url());
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/** '49' or '49.90' in the currency's main unit, as integer minor units (STYLE.md habit 9): no float rounding. */
function toMinorUnits(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A price an operator types as money ('49', '49.90'); unset or empty takes the default. */
const price = (fallback: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount such as 49 or 49.90, in the currency (not in minor units)')
      .transform(toMinorUnits)
      .refine((minor) => minor > 0, 'must be more than 0')
      .prefault(fallback),
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: flag,
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: unsetWhenEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite file)')),
    SQLITE_PATH: z.string().min(1).optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: unsetWhenEmpty(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: z.string().min(3).default('Bucate <no-reply@bucate.localhost>'),
    CONTACT_EMAIL: z.email().default('contact@bucate.localhost'),
    SEED_DEMO: flag,
    SOCIAL_FACEBOOK_URL: optionalUrl,
    SOCIAL_INSTAGRAM_URL: optionalUrl,
    SOCIAL_LINKEDIN_URL: optionalUrl,
    GOOGLE_CLIENT_ID: unsetWhenEmpty(z.string().min(1)),
    GOOGLE_CLIENT_SECRET: unsetWhenEmpty(z.string().min(1)),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(6),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(6).max(1024).optional(),
    PASSWORD_REQUIRE_LOWERCASE: flag,
    PASSWORD_REQUIRE_UPPERCASE: flag,
    PASSWORD_REQUIRE_DIGIT: flag,
    PASSWORD_REQUIRE_SYMBOL: flag,
    // Images in an S3-compatible bucket instead of DATA_DIR/uploads (several app servers need one store)
    S3_BUCKET: unsetWhenEmpty(z.string().min(1)),
    S3_PUBLIC_URL: optionalUrl,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).default('us-east-1')),
    S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().min(1)),
    S3_FORCE_PATH_STYLE: flag,
    // The PRO plan's prices on /pricing (the card processor's own price must match them)
    PRO_PRICE_MONTHLY: price('49'),
    PRO_PRICE_YEARLY: price('490'),
    PRICE_CURRENCY: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .trim()
        .toUpperCase()
        .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), 'must be an ISO 4217 currency code such as RON or EUR')
        .default('RON'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_MAX_LENGTH !== undefined && env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_MAX_LENGTH'], message: 'must not be below PASSWORD_MIN_LENGTH' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'], message: 'Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' });
    }
    if (env.S3_BUCKET && !env.S3_PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'is required with S3_BUCKET: the address guests load the images from' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'S3 keys come in pairs: set both or neither' });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses the given variables; throws an Error whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The process configuration; the first call validates `process.env`. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Whether the site is served over HTTPS: decides Secure cookies, HSTS and upgrade-insecure-requests. */
export function isHttps(env: Env = getEnv()): boolean {
  return getPublicUrl(env).startsWith('https://');
}

/** The site's own origin, used for absolute links (e-mails, QR codes, sitemaps). */
export function getPublicUrl(env: Env = getEnv()): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The origin images are served from when they live in a bucket, for the Content-Security-Policy; null on local disk. */
export function getImageOrigin(env: Env = getEnv()): string | null {
  return env.S3_BUCKET && env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : null;
}

/** The password policy the configuration sets (spec section 5). */
export function getPasswordPolicy(env: Env = getEnv()): PasswordPolicy {
  return {
    minLength: env.PASSWORD_MIN_LENGTH,
    maxLength: env.PASSWORD_MAX_LENGTH,
    requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE ?? false,
    requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE ?? false,
    requireDigit: env.PASSWORD_REQUIRE_DIGIT ?? false,
    requireSymbol: env.PASSWORD_REQUIRE_SYMBOL ?? false,
  };
}

/** Google sign-in is offered only when it is configured. */
export function isGoogleEnabled(env: Env = getEnv()): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** The footer's social pages (spec section 2), only those configured; safe to send to the browser. */
export function getSocialLinks(env: Env = getEnv()): { name: 'Facebook' | 'Instagram' | 'LinkedIn'; url: string }[] {
  const links = [
    { name: 'Facebook' as const, url: env.SOCIAL_FACEBOOK_URL },
    { name: 'Instagram' as const, url: env.SOCIAL_INSTAGRAM_URL },
    { name: 'LinkedIn' as const, url: env.SOCIAL_LINKEDIN_URL },
  ];
  return links.filter((link): link is { name: 'Facebook' | 'Instagram' | 'LinkedIn'; url: string } => Boolean(link.url));
}

export interface ProPricing {
  /** integer minor units (bani for RON) */
  monthlyMinor: number;
  yearlyMinor: number;
  currency: string;
}

/** The PRO plan's prices as configured; safe to send to the browser. */
export function getProPricing(env: Env = getEnv()): ProPricing {
  return { monthlyMinor: env.PRO_PRICE_MONTHLY, yearlyMinor: env.PRO_PRICE_YEARLY, currency: env.PRICE_CURRENCY };
}
