/**
 * Cookie consent exactly as docs/product-spec.md section 4. The choice lives in the browser's local storage under
 * CONSENT_KEY with the values 'true' (set silently where no banner is needed), 'all' or
 * 'essential'. Pure functions: the banner component and the tests both use them.
 */
export const CONSENT_KEY = 'cookie-consent';
export const BANNER_DELAY_MS = 1000;
export type ConsentValue = 'true' | 'all' | 'essential';

const BANNER_PATHS = new Set(['/', '/login', '/contact', '/detalii', '/privacy-policy', '/terms-of-service']);

/**
 * Paths where the banner may show: the listed public pages and the admin areas, each with every
 * page under it (the restaurant admin's settings, QR, products, ... are "admin paths" too).
 */
export function isBannerPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (BANNER_PATHS.has(path)) return true;
  return /^\/admin(\/|$)/.test(path) || /^\/[^/]+\/admin(\/|$)/.test(path) || /^\/restaurant\/[^/]+\/settings\//.test(path);
}

export function isConsentValue(value: unknown): value is ConsentValue {
  return value === 'true' || value === 'all' || value === 'essential';
}

/**
 * What to do when a page opens: nothing when a choice is stored; on a banner path show the banner
 * after the delay; anywhere else (menu pages included) store 'true' without asking.
 */
export function consentOnOpen(pathname: string, stored: string | null): 'nothing' | 'show-banner' | 'store-true' {
  if (isConsentValue(stored)) return 'nothing';
  return isBannerPath(pathname) ? 'show-banner' : 'store-true';
}

/** docs/product-spec.md section 3: on start-up every key that starts with subscription_ or contains stripe is deleted. */
export function staleStorageKeys(keys: readonly string[]): string[] {
  return keys.filter((key) => key.startsWith('subscription_') || key.includes('stripe'));
}
