import { afterEach, describe, expect, it } from 'vitest';
import { getRequestLocale } from './locale.server.ts';
import { getLocalePolicy, resolveLocale, setLocalePolicy } from './locale-policy.ts';

const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });

describe('the app config’s languages (settings/app_config)', () => {
  afterEach(() => setLocalePolicy({ defaultLocale: 'ro', availableLocales: ['ro', 'en'] }));

  it('honours the visitor’s cookie only for a language the site offers', () => {
    expect(getRequestLocale(withCookie('lang=en'))).toBe('en');
    setLocalePolicy({ defaultLocale: 'ro', availableLocales: ['ro'] });
    expect(getRequestLocale(withCookie('lang=en'))).toBe('ro');
    expect(getRequestLocale(withCookie('other=1'))).toBe('ro');
    setLocalePolicy({ defaultLocale: 'en', availableLocales: ['en'] });
    expect(getRequestLocale(withCookie(''))).toBe('en');
    expect(resolveLocale('ro')).toBe('en');
    expect(resolveLocale('de')).toBe('en');
  });

  it('ignores a stored policy that breaks the rules (none available, default not among them, unknown codes)', () => {
    for (const bad of [
      { defaultLocale: 'ro', availableLocales: [] },
      { defaultLocale: 'en', availableLocales: ['ro'] },
      { defaultLocale: 'de', availableLocales: ['de'] },
    ]) {
      setLocalePolicy({ defaultLocale: 'en', availableLocales: ['en'] });
      setLocalePolicy(bad);
      expect(getLocalePolicy(), JSON.stringify(bad)).toEqual({ defaultLocale: 'ro', availableLocales: ['ro', 'en'] });
    }
  });
});
