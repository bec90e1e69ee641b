import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createAuth, CLIENT_IP_HEADER } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { createMailer, outboxDir } from '#app/modules/mail/mailer.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { verificationBannerText } from '#app/ui/editor/verify-email-banner.tsx';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { resendVerificationLink, verifiedLandingPath } from './email-link.service.server.ts';
import { registerRestaurantOwner, registrationLandingPath } from './register.service.server.ts';

// Issue 23 item 11: after three sign-ups from one address within ten minutes the fourth got no
// verification e-mail while its page said one was sent. better-auth's per-address limit on
// /send-verification-email (3 per 10 minutes) refuses it; the page must say so, and when to ask again.

describe(`the verification e-mail refused by the per-address limit, on ${testDialect}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let auth: ReturnType<typeof createAuth>;
  const base = new Date('2026-11-27T10:00:00.000Z');
  const headers = new Headers({ [CLIENT_IP_HEADER]: '198.51.100.23', cookie: 'lang=ro' });
  const mailsTo = (email: string) => readdirSync(outboxDir({ DATA_DIR: dataDir })).filter((name) => name.endsWith(`-${email}.eml`)).length;

  test.beforeAll(({ database: fileDatabase }) => {
    database = fileDatabase;
    dataDir = mkdtempSync(join(tmpdir(), 'bucate-verify-limit-'));
    // rate limits are on outside NODE_ENV=test: this is what a visitor meets
    const env = parseEnv({ NODE_ENV: 'development', AUTH_SECRET: 'r'.repeat(32), DATA_DIR: dataDir });
    auth = createAuth(database, env, authServices(database, { deliverInstead: createMailer({ ...env, SMTP_URL: undefined }) }));
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the fourth sign-up’s link was not sent and from when it can be asked for, and keeps that promise', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const results = [];
    for (let i = 0; i < 4; i++) {
      vi.setSystemTime(new Date(base.getTime() + i * 2 * 60_000));
      const email = `limit-${i}@verify-limit.example`;
      const result = await registerRestaurantOwner(auth, database.db, { email, password: 'secret-123', restaurantName: `Bistro ${i}` }, headers);
      if (!result.ok) throw new Error(result.error);
      results.push({ email, result });
    }
    for (const { email, result } of results.slice(0, 3)) {
      expect(result.verification).toEqual({ sent: true });
      expect(mailsTo(email)).toBe(1);
      expect(registrationLandingPath(result)).toBe(`/${result.slug}/admin`);
    }
    const fourth = results[3]!;
    expect(mailsTo(fourth.email)).toBe(0);
    // better-auth's window runs from the last allowed request (10:04 UTC): 10:14 UTC is 12:14 in Bucharest
    expect(fourth.result.verification).toEqual({ sent: false, retryAt: '2026-11-27T10:14:00.000Z', retryTime: '12:14' });
    const landing = registrationLandingPath(fourth.result);
    expect(landing).toBe(`/${fourth.result.slug}/admin?verification=unsent&retry=12%3A14`);

    // what the admin frame's banner says on that page, in both languages
    const params = new URL(landing, 'http://localhost').searchParams;
    const ro = verificationBannerText(getI18n('ro').t, fourth.email, params);
    expect(ro).toContain('12:14');
    expect(ro).toMatch(/încă nu ți-am trimis linkul/);
    expect(ro).not.toMatch(/ți-am trimis un link/);
    const en = verificationBannerText(getI18n('en').t, fourth.email, params);
    expect(en).toContain('12:14');
    expect(en).toMatch(/not sent/);
    expect(en).not.toMatch(/we sent you/);
    // the ordinary banner still says a link was sent
    expect(verificationBannerText(getI18n('en').t, fourth.email, new URLSearchParams())).toMatch(/we sent you a link/);

    // asking again before then is refused with the same time; from then on it is sent
    const cookie = fourth.result.cookies.map((line) => line.split(';')[0]).join('; ');
    const signedIn = new Headers({ [CLIENT_IP_HEADER]: '198.51.100.23', cookie });
    const user = { id: fourth.result.userId, email: fourth.email };
    vi.setSystemTime(new Date('2026-11-27T10:10:00.000Z'));
    const early = await resendVerificationLink(database.db, auth, user, verifiedLandingPath(fourth.result.slug), signedIn);
    expect(early).toEqual({ ok: false, error: 'too-many-requests', retryAt: '2026-11-27T10:14:00.000Z', retryTime: '12:14' });
    expect(getI18n('ro').t('emailVerification.notSentUntil', { time: '12:14' })).toBe('Nu ți-am trimis linkul: s-au cerut prea multe. Îl poți cere din nou de la ora 12:14.');
    expect(mailsTo(fourth.email)).toBe(0);
    vi.setSystemTime(new Date('2026-11-27T10:14:00.000Z'));
    expect(await resendVerificationLink(database.db, auth, user, verifiedLandingPath(fourth.result.slug), signedIn)).toEqual({ ok: true });
    expect(mailsTo(fourth.email)).toBe(1);
  });
});
