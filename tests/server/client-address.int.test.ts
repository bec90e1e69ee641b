import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * Behind one proxy (TRUST_PROXY=1): the client address is the entry the proxy added, so writing
 * other entries does not reset the sign-in rate limit, which answers 429 with Retry-After; and
 * tokens in request URLs never reach the log.
 */
let database: TestDatabase;
let server: BuiltServer;

test.beforeAll(async ({ database: fileDatabase }) => {
  database = fileDatabase;
  server = await startBuiltServer({ ...database.location, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server?.stop();
});

function signIn(forwardedFor: string, cookie = '') {
  return fetch(`${server.baseUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'nobody@example.com', password: 'wrong-password' }),
    headers: { origin: server.baseUrl, 'x-forwarded-for': forwardedFor, cookie },
    redirect: 'manual',
  });
}

describe('sign-in rate limit behind a proxy', () => {
  it('answers 429 with Retry-After, translated, and a spoofed left-most X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(`10.1.${i}.7, 203.0.113.9`)).status);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses[3]).toBe(429);
    const spoofed = await signIn('198.51.100.77, 203.0.113.9');
    expect(spoofed.status).toBe(429);
    expect(Number(spoofed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await spoofed.text()).toContain('Prea multe încercări.');
    const english = await signIn('192.0.2.1, 203.0.113.9', 'lang=en');
    expect(english.status).toBe(429);
    expect(await english.text()).toContain('Too many attempts.');
    // another person behind the same proxy is not affected
    expect((await signIn('203.0.113.10')).status).toBe(400);
  });
});

describe('request logs', () => {
  it('never contain the tokens people carry in links', async () => {
    const secrets = ['Rst0kenAAA111', 'QryT0kenBBB222', 'C0deCCC333', 'StateDDD444', 'SessEEE555', 'VerifyFFF666'];
    const paths = [
      `/api/auth/reset-password/${secrets[0]}?callbackURL=%2Freset-password`,
      `/api/auth/verify-email?token=${secrets[1]}`,
      `/api/auth/callback/google?code=${secrets[2]}&state=${secrets[3]}`,
      `/restaurant/x/settings/subscription?session_id=${secrets[4]}`,
      `/api/auth/magic-link/verify?token=${secrets[5]}&callbackURL=%2F`,
    ];
    for (const path of paths) await (await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' })).text();
    // a line is written when its response finishes; wait for the last one rather than a fixed time
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain('/api/auth/magic-link/');
    const log = server.output();
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('token=[redacted]');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});
