import { describe, expect, it } from 'vitest';
import { getPasswordPolicy, getPublicUrl, getSocialLinks, isGoogleEnabled, isHttps, parseEnv } from './env.server.ts';

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

  it('requires a signing secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });

  it('reads the password policy, never below the spec’s minimum of 6', () => {
    expect(getPasswordPolicy(parseEnv({}))).toEqual({
      minLength: 6, maxLength: undefined, requireLowercase: false, requireUppercase: false, requireDigit: false, requireSymbol: false,
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

  it('lists only the configured social pages, and refuses a bad address', () => {
    expect(getSocialLinks(parseEnv({}))).toEqual([]);
    expect(getSocialLinks(parseEnv({ SOCIAL_INSTAGRAM_URL: 'https://instagram.com/bucate' }))).toEqual([
      { name: 'Instagram', url: 'https://instagram.com/bucate' },
    ]);
    expect(() => parseEnv({ SOCIAL_FACEBOOK_URL: 'not a url' })).toThrow(/SOCIAL_FACEBOOK_URL/);
  });

  it('derives HTTPS behaviour from the public URL', () => {
    expect(isHttps(parseEnv({ PUBLIC_URL: 'https://bucate.ro' }))).toBe(true);
  });
});
