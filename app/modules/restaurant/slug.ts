import { DEMO_RESTAURANT_SLUG } from './demo.ts';

/**
 * Spec section 5: a new slug is built from the name: lowercase, runs of non-alphanumeric
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

export function buildRestaurantSlug(name: string, now: Date = new Date()): string {
  const base = slugifyName(name) || 'restaurant';
  return `${base}-${now.getTime()}`;
}

/**
 * Paths of the app itself that can never be a restaurant slug, and the demo's slug: the home page
 * previews whatever restaurant has it, so no owner may take it (the seed inserts it directly).
 */
export const RESERVED_SLUGS = new Set([
  DEMO_RESTAURANT_SLUG,
  'admin', 'api', 'login', 'contact', 'pricing', 'detalii', 'privacy-policy', 'terms-of-service',
  'translation-debug', 'not-found', 'unauthorized', 'restaurant', 'healthz', 'set-locale', 'logout', 'reset-password', 'account', 'm',
  'assets', 'uploads', 'favicon.svg', 'robots.txt', 'sitemap.xml', 'sw.js',
]);
