import { describe, expect, it } from 'vitest';
import { consentOnOpen, isBannerPath, staleStorageKeys } from './consent.ts';

describe('cookie consent (spec section 4)', () => {
  it('shows the banner only on the listed pages and admin paths', () => {
    for (const path of ['/', '/login', '/contact', '/detalii', '/privacy-policy', '/terms-of-service', '/admin', '/bistro/admin', '/restaurant/bistro/settings/subscription']) {
      expect(isBannerPath(path), path).toBe(true);
    }
    for (const path of ['/bistro-la-bunica', '/pricing', '/not-found', '/unauthorized', '/translation-debug', '/a/b/c']) {
      expect(isBannerPath(path), path).toBe(false);
    }
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
