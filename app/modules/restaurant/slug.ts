import { DEMO_RESTAURANT_SLUG } from './demo.ts';

/**
 * docs/product-spec.md section 5: a new slug is built from the name: lowercase, runs of non-alphanumeric
 * characters become a hyphen, then a timestamp is appended. Romanian (and other Latin) diacritics
 * are transliterated first, so 'Țară' gives 'tara', not '-ara'.
 */
export function slugifyName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The longest slug (docs/product-spec.md section 5); the settings form and registration both keep to it. */
export const SLUG_MAX_LENGTH = 60;

/**
 * The one slug rule, for registration and the settings form alike: lowercase letters without
 * diacritics, digits and hyphens, 3 to 60 characters, a letter or digit first and last.
 */
export const SLUG_PATTERN = new RegExp(`^[a-z0-9](?:[a-z0-9-]{1,${SLUG_MAX_LENGTH - 2}}[a-z0-9])$`);

/**
 * A new restaurant's slug: its name's slug, cut so that with the timestamp appended the whole
 * stays within SLUG_MAX_LENGTH (a long name once made a slug the settings form then refused, so
 * nothing could be saved), and never ending in a hyphen where it was cut.
 */
export function buildRestaurantSlug(name: string, now: Date = new Date()): string {
  const suffix = `-${now.getTime()}`;
  const base =
    slugifyName(name)
      .slice(0, SLUG_MAX_LENGTH - suffix.length)
      .replace(/-+$/, '') || 'restaurant';
  return `${base}${suffix}`;
}

/**
 * Paths of the app itself that can never be a restaurant slug, and the demo's slug: the home page
 * previews whatever restaurant has it, so no owner may take it (the seed inserts it directly).
 */
export const RESERVED_SLUGS = new Set([
  DEMO_RESTAURANT_SLUG,
  'admin',
  'api',
  'login',
  'contact',
  'pricing',
  'detalii',
  'privacy-policy',
  'terms-of-service',
  'translation-debug',
  'not-found',
  'unauthorized',
  'restaurant',
  'restaurants',
  'invitatie',
  'healthz',
  'set-locale',
  'logout',
  'reset-password',
  'account',
  'm',
  'assets',
  'uploads',
  'favicon.svg',
  'robots.txt',
  'sitemap.xml',
  'sw.js',
]);
