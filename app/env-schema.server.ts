import { z } from 'zod';

/**
 * The configuration's schema, checked once at start-up: a bad variable stops the process with a
 * message naming it. Every variable is documented in `.env.example`. Defaults make `npm start` work
 * with nothing configured: a SQLite file under `data/`, images on local disk, e-mails written to an
 * outbox folder.
 */

/** A variable that may be left out or set empty, both meaning "not set". */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));
const optionalUrl = unsetWhenEmpty(z.url());
const socialUrl = unsetWhenEmpty(z.union([z.literal('off'), z.url()]));
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): the number of proxies in front
 * of the app (`1` behind one nginx or load balancer) or a comma-separated list of their addresses
 * or subnets. Express trusts as many entries from the right, so a client cannot pick its own
 * address by writing one on the left. `true` (trust every entry) is refused: with it, anyone
 * resets the sign-in rate limits by sending a new X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): number | string[] | undefined => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return undefined;
    if (/^\d+$/.test(text)) return Number(text);
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true would trust any X-Forwarded-For a client writes; set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (!entries.every((entry) => /^(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\/\d{1,3})?)$/.test(entry))) {
      ctx.addIssue({ code: 'custom', message: 'must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or subnets' });
      return z.NEVER;
    }
    return entries;
  });

/** '49' or '49.90' in the currency's main unit, as integer minor units (docs/style.md, Money and time): no float rounding. */
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

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy,
    DATA_DIR: z.string().min(1).default('data'),
    /** memory for the guest menu's rendered pages, per app process */
    MENU_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),
    /** seconds a CDN or proxy cache may serve a guest menu without asking (0: always revalidate); docs/deploying.md */
    MENU_SHARED_MAX_AGE: z.coerce.number().int().min(0).max(3600).default(0),
    /**
     * Browser tests only: the guest menu takes "now" from an X-Test-Now header (decision 0022).
     * Honoured only on a loopback HOST and PUBLIC_URL (or outside production); see isTestClockEnabled.
     */
    TEST_CLOCK_HEADER: flag,
    // Bearer token for GET /metrics; unset: /metrics does not exist (404)
    METRICS_TOKEN: unsetWhenEmpty(z.string().min(16, 'must be at least 16 characters')),
    DATABASE_URL: unsetWhenEmpty(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite file)')),
    SQLITE_PATH: z.string().min(1).optional(),
    /** how long a SQLite write waits for another writer (ms) before the request answers 503 */
    SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: unsetWhenEmpty(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: z.string().min(3).default('Bucate <no-reply@bucate.localhost>'),
    CONTACT_EMAIL: z.email().default('contact@bucate.localhost'),
    SEED_DEMO: flag,
    // the footer's social pages: Bucate's own by default (DEFAULT_SOCIAL_LINKS), another address, or `off`
    SOCIAL_FACEBOOK_URL: socialUrl,
    SOCIAL_INSTAGRAM_URL: socialUrl,
    SOCIAL_LINKEDIN_URL: socialUrl,
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
    // Where guests load uploaded images from when a CDN sits in front of the storage (decision 0013):
    // the stored keys are joined to it on every read, so changing it changes no row
    IMAGE_PUBLIC_BASE_URL: optionalUrl,
    // Background jobs (decision 0010): the app process runs a worker unless WORKER=off
    WORKER: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['on', 'off']).default('on')),
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
    JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** a folder for the daily backup job (decision 0011); unset: no scheduled backups */
    BACKUP_DIR: unsetWhenEmpty(z.string().min(1)),
    /** how many daily backups the job keeps in BACKUP_DIR */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
    // Per-restaurant quotas (abuse limits, not plan limits): a refused create names the limit
    QUOTA_LOCATIONS_PER_RESTAURANT: z.coerce.number().int().min(1).max(10_000).default(20),
    QUOTA_CATEGORIES_PER_LOCATION: z.coerce.number().int().min(1).max(10_000).default(100),
    QUOTA_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
    QUOTA_STORAGE_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
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
    // Card payments through Stripe (docs/decisions/0014-billing.md); all four unset: billing is "not configured"
    STRIPE_SECRET_KEY: unsetWhenEmpty(z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)')),
    STRIPE_WEBHOOK_SECRET: unsetWhenEmpty(z.string().regex(/^whsec_/, 'must be the webhook endpoint’s signing secret (whsec_…)')),
    STRIPE_PRICE_MONTHLY: unsetWhenEmpty(z.string().regex(/^price_/, 'must be a Stripe price id (price_…)')),
    STRIPE_PRICE_YEARLY: unsetWhenEmpty(z.string().regex(/^price_/, 'must be a Stripe price id (price_…)')),
    // Stripe Tax computes VAT at Checkout (it must be set up in the Stripe dashboard first)
    STRIPE_AUTOMATIC_TAX: flag,
    // Automatic translation of menu content (docs/decisions/0019-content-languages.md); unset: none, the editor hides it
    TRANSLATION_PROVIDER: unsetWhenEmpty(z.enum(['deepl', 'google', 'libretranslate'])),
    /** the provider's base URL: required for LibreTranslate; DeepL and Google default to their public APIs */
    TRANSLATION_API_URL: optionalUrl,
    TRANSLATION_API_KEY: unsetWhenEmpty(z.string().min(1)),
    TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
    // tests only: the fake Stripe server the SDK talks to instead of api.stripe.com (http://127.0.0.1:PORT)
    STRIPE_API_BASE: optionalUrl,
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_MAX_LENGTH !== undefined && env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_MAX_LENGTH'], message: 'must not be below PASSWORD_MIN_LENGTH' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      });
    }
    if (env.S3_BUCKET && !env.S3_PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'is required with S3_BUCKET: the address guests load the images from' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'S3 keys come in pairs: set both or neither' });
    }
    const stripe = {
      STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: env.STRIPE_PRICE_MONTHLY,
      STRIPE_PRICE_YEARLY: env.STRIPE_PRICE_YEARLY,
    };
    const missing = Object.entries(stripe)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0 && missing.length < 4) {
      for (const name of missing)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'card payments need STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY: set all four or none',
        });
    }
    if (env.TRANSLATION_PROVIDER === 'libretranslate' && !env.TRANSLATION_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['TRANSLATION_API_URL'], message: 'LibreTranslate is self-hosted: set the address of your server' });
    }
    if ((env.TRANSLATION_PROVIDER === 'deepl' || env.TRANSLATION_PROVIDER === 'google') && !env.TRANSLATION_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TRANSLATION_API_KEY'], message: `${env.TRANSLATION_PROVIDER === 'deepl' ? 'DeepL' : 'Google Cloud Translation'} needs an API key` });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
  });
