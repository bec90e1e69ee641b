import type { z } from 'zod';
import { EnvSchema } from './env-schema.server.ts';
import type { PasswordPolicy, RestaurantQuotas } from './env.types.ts';

/**
 * The process configuration: parsed and checked once from `process.env` by the schema in
 * env-schema.server.ts (every variable documented in `.env.example`), and the readers the app uses
 * (public URL, password policy, quotas, prices, card payments). Their shapes are in env.types.ts.
 */

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

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

/**
 * Whether the guest menu may take its clock from a request header (the browser tests' fake clock):
 * only when TEST_CLOCK_HEADER is set and the server is not a public one (not production, or it
 * listens on a loopback HOST and says so in an explicit loopback PUBLIC_URL, as in the e2e setup).
 * A real deployment ignores the header even if the variable was set by mistake, including one
 * that left PUBLIC_URL unset (its default is a localhost address) and listens on every interface.
 */
export function isTestClockEnabled(env: Env = getEnv()): boolean {
  if (!env.TEST_CLOCK_HEADER) return false;
  if (env.NODE_ENV !== 'production') return true;
  return env.PUBLIC_URL !== undefined && LOOPBACK.includes(new URL(env.PUBLIC_URL).hostname) && LOOPBACK.includes(env.HOST);
}

/** The site's own origin, used for absolute links (e-mails, QR codes, sitemaps). */
export function getPublicUrl(env: Env = getEnv()): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The origin images are served from (a CDN, or the bucket), for the Content-Security-Policy; null when they come from /uploads/ here. */
export function getImageOrigin(env: Env = getEnv()): string | null {
  const base = env.IMAGE_PUBLIC_BASE_URL ?? (env.S3_BUCKET && env.S3_PUBLIC_URL ? env.S3_PUBLIC_URL : undefined);
  return base ? new URL(base).origin : null;
}

/** The password policy the configuration sets (docs/product-spec.md section 5). */
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

/** The per-restaurant quotas the configuration sets (locations, categories, uploads, storage). */
export function getRestaurantQuotas(env: Env = getEnv()): RestaurantQuotas {
  return {
    locationsPerRestaurant: env.QUOTA_LOCATIONS_PER_RESTAURANT,
    categoriesPerLocation: env.QUOTA_CATEGORIES_PER_LOCATION,
    uploadsPerHour: env.QUOTA_UPLOADS_PER_HOUR,
    storageBytes: env.QUOTA_STORAGE_MB * 1024 * 1024,
  };
}

/** Google sign-in is offered only when it is configured. */
export function isGoogleEnabled(env: Env = getEnv()): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/** Bucate's own social pages: the footer shows them on a default install (docs/product-spec.md section 2). */
export const DEFAULT_SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/bucate',
  instagram: 'https://www.instagram.com/bucate',
  linkedin: 'https://www.linkedin.com/company/bucate',
} as const;

/**
 * The footer's social pages (docs/product-spec.md section 2: Facebook, Instagram, LinkedIn): Bucate's own unless
 * configured otherwise; `off` hides one. Safe to send to the browser.
 */
export function getSocialLinks(env: Env = getEnv()): { name: 'Facebook' | 'Instagram' | 'LinkedIn'; url: string }[] {
  const links = [
    { name: 'Facebook' as const, url: env.SOCIAL_FACEBOOK_URL ?? DEFAULT_SOCIAL_LINKS.facebook },
    { name: 'Instagram' as const, url: env.SOCIAL_INSTAGRAM_URL ?? DEFAULT_SOCIAL_LINKS.instagram },
    { name: 'LinkedIn' as const, url: env.SOCIAL_LINKEDIN_URL ?? DEFAULT_SOCIAL_LINKS.linkedin },
  ];
  return links.filter((link) => link.url !== 'off');
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

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; yearly: string };
  automaticTax: boolean;
  /** where the SDK sends its requests instead of api.stripe.com (the tests' fake server) */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | null;
  /** the site's own origin, for Checkout's and the portal's return addresses */
  publicUrl: string;
}

/**
 * Where the subscription page's forms may lead (CSP form-action): Stripe's hosted Checkout and
 * Customer Portal when card payments are configured, and the fake server's origin in tests.
 */
export function getBillingFormOrigins(env: Env = getEnv()): string[] {
  const config = getBillingConfig(env);
  if (!config) return [];
  const origins = ['https://checkout.stripe.com', 'https://billing.stripe.com'];
  if (env.STRIPE_API_BASE) origins.push(new URL(env.STRIPE_API_BASE).origin);
  return origins;
}

/** Card payments' configuration, or null when this installation has none (no broken buttons then). Server only: holds secrets. */
export function getBillingConfig(env: Env = getEnv()): BillingConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_YEARLY) return null;
  let apiBase: BillingConfig['apiBase'] = null;
  if (env.STRIPE_API_BASE) {
    const url = new URL(env.STRIPE_API_BASE);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    apiBase = { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80, protocol };
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: { monthly: env.STRIPE_PRICE_MONTHLY, yearly: env.STRIPE_PRICE_YEARLY },
    automaticTax: env.STRIPE_AUTOMATIC_TAX ?? false,
    apiBase,
    publicUrl: getPublicUrl(env),
  };
}
