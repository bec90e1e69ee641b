import { describe, expect, it } from 'vitest';
import { BANNER_DELAY_MS, consentOnOpen, isBannerPath, staleStorageKeys } from './consent.ts';

describe('cookie consent (docs/product-spec.md section 4)', () => {
  it('shows the banner only on the listed pages and admin paths', () => {
    for (const path of ['/', '/login', '/contact', '/detalii', '/privacy-policy', '/terms-of-service', '/contact/']) {
      expect(isBannerPath(path), path).toBe(true);
    }
    for (const path of ['/bistro-la-bunica', '/pricing', '/not-found', '/unauthorized', '/translation-debug', '/a/b/c', '/m/abc123']) {
      expect(isBannerPath(path), path).toBe(false);
    }
  });

  it('counts every page of the admin areas as an admin path, not just their first page', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/bistro/admin',
      '/bistro/admin/',
      '/bistro/admin/settings',
      '/bistro/admin/qr',
      '/bistro/admin/account',
      '/bistro/admin/products/new',
      '/bistro/admin/products/123',
      '/restaurant/bistro/settings/subscription',
    ]) {
      expect(isBannerPath(path), path).toBe(true);
    }
    // a word that merely contains "admin", or an admin segment deeper down, is not an admin area
    for (const path of ['/administrator', '/bistro/administrare', '/bistro-admin', '/a/b/admin', '/restaurant/bistro']) {
      expect(isBannerPath(path), path).toBe(false);
    }
  });

  it('waits one second before showing the banner (docs/product-spec.md section 9)', () => {
    expect(BANNER_DELAY_MS).toBe(1000);
  });

  it('asks on a banner page when nothing is stored, and never again once a choice is stored', () => {
    expect(consentOnOpen('/', null)).toBe('show-banner');
    expect(consentOnOpen('/', 'all')).toBe('nothing');
    expect(consentOnOpen('/', 'essential')).toBe('nothing');
    expect(consentOnOpen('/', 'true')).toBe('nothing');
    expect(consentOnOpen('/', 'garbage')).toBe('show-banner');
  });

  it('stores true silently on menu pages and every other path', () => {
    expect(consentOnOpen('/bistro-la-bunica', null)).toBe('store-true');
    expect(consentOnOpen('/pricing', null)).toBe('store-true');
  });

  it('finds the stale payment keys to delete on start-up', () => {
    expect(staleStorageKeys(['subscription_cache', 'my_stripe_session', 'cookie-consent', 'xsubscription_', 'stripe'])).toEqual([
      'subscription_cache',
      'my_stripe_session',
      'stripe',
    ]);
  });
});
