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

/** Paths of the app itself that can never be a restaurant slug. */
export const RESERVED_SLUGS = new Set([
  'admin', 'api', 'login', 'contact', 'pricing', 'detalii', 'privacy-policy', 'terms-of-service',
  'translation-debug', 'not-found', 'unauthorized', 'restaurant', 'healthz', 'set-locale', 'logout', 'reset-password', 'account', 'm',
  'assets', 'uploads', 'favicon.svg', 'robots.txt', 'sitemap.xml', 'sw.js',
]);
