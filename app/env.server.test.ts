import { describe, expect, it } from 'vitest';
import { getPasswordPolicy, getProPricing, getRestaurantQuotas, getPublicUrl, getSocialLinks, isGoogleEnabled, isHttps, parseEnv } from './env.server.ts';

describe('configuration', () => {
  it('works with nothing set: SQLite, port 3000, development', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(getPublicUrl(env)).toBe('http://localhost:3000');
    expect(isHttps(env)).toBe(false);
  });

  it('accepts a PostgreSQL URL', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db' }).DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ CONTACT_EMAIL: 'not-an-address' })).toThrow(/CONTACT_EMAIL/);
  });

  it('reads the restaurant quotas, with defaults, and refuses a quota of 0 or a non-number', () => {
    expect(getRestaurantQuotas(parseEnv({}))).toEqual({ locationsPerRestaurant: 20, categoriesPerLocation: 100, uploadsPerHour: 60, storageBytes: 500 * 1024 * 1024 });
    expect(getRestaurantQuotas(parseEnv({ QUOTA_LOCATIONS_PER_RESTAURANT: '5', QUOTA_STORAGE_MB: '2' }))).toMatchObject({
      locationsPerRestaurant: 5,
      storageBytes: 2 * 1024 * 1024,
    });
    expect(() => parseEnv({ QUOTA_UPLOADS_PER_HOUR: '0' })).toThrow(/QUOTA_UPLOADS_PER_HOUR/);
    expect(() => parseEnv({ QUOTA_CATEGORIES_PER_LOCATION: 'many' })).toThrow(/QUOTA_CATEGORIES_PER_LOCATION/);
  });

  it('requires a signing secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it('reads the password policy, never below the minimum of 6 (docs/product-spec.md section 5)', () => {
    expect(getPasswordPolicy(parseEnv({}))).toEqual({
      minLength: 6,
      maxLength: undefined,
      requireLowercase: false,
      requireUppercase: false,
      requireDigit: false,
      requireSymbol: false,
    });
    const strict = getPasswordPolicy(parseEnv({ PASSWORD_MIN_LENGTH: '10', PASSWORD_REQUIRE_DIGIT: 'true', PASSWORD_MAX_LENGTH: '64' }));
    expect(strict).toMatchObject({ minLength: 10, maxLength: 64, requireDigit: true, requireSymbol: false });
    expect(() => parseEnv({ PASSWORD_MIN_LENGTH: '4' })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => parseEnv({ PASSWORD_MIN_LENGTH: '12', PASSWORD_MAX_LENGTH: '8' })).toThrow(/PASSWORD_MAX_LENGTH/);
  });

  it('offers Google sign-in only with both its id and its secret', () => {
    expect(isGoogleEnabled(parseEnv({}))).toBe(false);
    expect(isGoogleEnabled(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }))).toBe(true);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it("shows Bucate's own social pages on a default install; each can be replaced or turned off, and a bad address is refused", () => {
    expect(getSocialLinks(parseEnv({}))).toEqual([
      { name: 'Facebook', url: 'https://www.facebook.com/bucate' },
      { name: 'Instagram', url: 'https://www.instagram.com/bucate' },
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/bucate' },
    ]);
    expect(getSocialLinks(parseEnv({ SOCIAL_INSTAGRAM_URL: 'https://instagram.com/alt', SOCIAL_FACEBOOK_URL: 'off', SOCIAL_LINKEDIN_URL: '' }))).toEqual([
      { name: 'Instagram', url: 'https://instagram.com/alt' },
      { name: 'LinkedIn', url: 'https://www.linkedin.com/company/bucate' },
    ]);
    expect(() => parseEnv({ SOCIAL_FACEBOOK_URL: 'not a url' })).toThrow(/SOCIAL_FACEBOOK_URL/);
  });

  it('derives HTTPS behaviour from the public URL', () => {
    expect(isHttps(parseEnv({ PUBLIC_URL: 'https://bucate.ro' }))).toBe(true);
  });

  it('reads the PRO prices as money and keeps them in minor units, in RON unless told otherwise', () => {
    expect(getProPricing(parseEnv({}))).toEqual({ monthlyMinor: 4900, yearlyMinor: 49000, currency: 'RON' });
    expect(getProPricing(parseEnv({ PRO_PRICE_MONTHLY: '', PRO_PRICE_YEARLY: '', PRICE_CURRENCY: '' }))).toEqual({
      monthlyMinor: 4900,
      yearlyMinor: 49000,
      currency: 'RON',
    });
    // 19.99 * 100 is 1998.9999999999998 in floating point: the amount is parsed as text instead
    expect(getProPricing(parseEnv({ PRO_PRICE_MONTHLY: '19.99', PRO_PRICE_YEARLY: '199.9', PRICE_CURRENCY: 'eur' }))).toEqual({
      monthlyMinor: 1999,
      yearlyMinor: 19990,
      currency: 'EUR',
    });
  });

  it('refuses a price that is not an amount, or a currency that is not a code, and names the variable', () => {
    expect(() => parseEnv({ PRO_PRICE_MONTHLY: '4900 bani' })).toThrow(/PRO_PRICE_MONTHLY/);
    expect(() => parseEnv({ PRO_PRICE_MONTHLY: '49,90' })).toThrow(/PRO_PRICE_MONTHLY/);
    expect(() => parseEnv({ PRO_PRICE_YEARLY: '1.999' })).toThrow(/PRO_PRICE_YEARLY/);
    expect(() => parseEnv({ PRO_PRICE_YEARLY: '0' })).toThrow(/PRO_PRICE_YEARLY/);
    expect(() => parseEnv({ PRICE_CURRENCY: 'lei' })).toThrow(/PRICE_CURRENCY/);
    expect(() => parseEnv({ PRICE_CURRENCY: 'XYZ' })).toThrow(/PRICE_CURRENCY/);
  });

  it('takes TRUST_PROXY as a number of proxy hops or a list of proxy addresses, and refuses true', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any X-Forwarded-For/);
    expect(() => parseEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});
