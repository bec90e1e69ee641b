import { describe, expect, it } from 'vitest';
import { isTestClockEnabled, parseEnv } from '#app/env.server.ts';
import { menuNow, TEST_CLOCK_HEADER } from './menu-clock.server.ts';

const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) };
const fakeNow = new Headers({ [TEST_CLOCK_HEADER]: '2026-12-25T10:00:00Z' });

describe('the browser tests’ clock header (decision 0022)', () => {
  it('is ignored by a production server on a public address, even with the variable set', () => {
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true', PUBLIC_URL: 'https://meniu.example.ro' }))).toBe(false);
    expect(isTestClockEnabled(parseEnv({ ...production, PUBLIC_URL: 'http://127.0.0.1:4000' }))).toBe(false);
    expect(isTestClockEnabled(parseEnv({ NODE_ENV: 'development' }))).toBe(false);
  });

  it('is ignored by a production server that left PUBLIC_URL unset (its default is localhost) or listens on every interface', () => {
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true' }))).toBe(false);
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true', PUBLIC_URL: 'http://localhost:3000' }))).toBe(false);
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true', HOST: '0.0.0.0', PUBLIC_URL: 'http://127.0.0.1:4000' }))).toBe(false);
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true', HOST: '::', PUBLIC_URL: 'http://[::1]:4000' }))).toBe(false);
  });

  it('is honoured only when asked for on a loopback test server (the e2e setup) or outside production', () => {
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:4000' }))).toBe(true);
    expect(isTestClockEnabled(parseEnv({ ...production, TEST_CLOCK_HEADER: 'true', HOST: '::1', PUBLIC_URL: 'http://[::1]:4000' }))).toBe(true);
    expect(isTestClockEnabled(parseEnv({ NODE_ENV: 'test', TEST_CLOCK_HEADER: '1' }))).toBe(true);
  });

  it('moves the guest menu’s clock only when enabled, and a malformed value is the real clock', () => {
    expect(menuNow(fakeNow, true)).toBe(Date.parse('2026-12-25T10:00:00Z'));
    const real = menuNow(fakeNow, false);
    expect(Math.abs(real - Date.now())).toBeLessThan(5_000);
    expect(Math.abs(menuNow(new Headers({ [TEST_CLOCK_HEADER]: 'yesterday' }), true) - Date.now())).toBeLessThan(5_000);
  });
});
