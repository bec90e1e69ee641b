import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_IP_HEADER, createAuth, type Auth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { setUserDisabled } from '#app/modules/account/admin-users.service.server.ts';
import { requestSignInLink } from '#app/modules/account/email-link.service.server.ts';
import { startGoogleSignIn } from '#app/modules/account/google.service.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { listUsersForBackOffice } from './users.service.server.ts';

const cookieOf = (response: Response | Headers) =>
  (response instanceof Headers ? response : response.headers)
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The back office's "last sign-in" is the user's own column, written on every kind of sign-in, so
 * it outlives the session: signing out or being disabled (which ends every session) keeps it.
 */
describe(`the back office's last sign-in on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let auth: Auth;
  let sent: OutgoingMail[];
  const headers = () => new Headers({ [CLIENT_IP_HEADER]: '192.0.2.7' });

  test.beforeAll(({ database: fileDatabase, scopes: fileScopes, outbox }) => {
    database = fileDatabase;
    scopes = fileScopes;
    sent = outbox.sent;
    auth = createAuth(
      database,
      parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'l'.repeat(32), PUBLIC_URL: 'http://localhost:3000', GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' }),
      authServices(database, { deliverInstead: outbox.mailer }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const shown = async (email: string) => {
    const { items } = await listUsersForBackOffice(scopes.admin(), { q: email, sort: 'newest', page: 1 });
    expect(items).toHaveLength(1);
    return items[0]!;
  };
  const sessions = async (userId: string) => (await database.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;
  const signOut = async (cookie: string) => {
    await auth.api.signOut({ headers: new Headers({ cookie }) });
  };
  const expectRecent = (value: string | null, since: Date) => {
    expect(value).not.toBeNull();
    expect(Date.parse(value!)).toBeGreaterThanOrEqual(since.getTime() - 1000);
    expect(Date.parse(value!)).toBeLessThanOrEqual(Date.now() + 1000);
  };

  async function passwordUser(email: string) {
    const { user } = await auth.api.signUpEmail({ body: { email, password: 'a long enough password', name: 'Ana' } });
    await database.db.deleteFrom('session').where('userId', '=', user.id).execute();
    await database.db.updateTable('user').set({ lastSignInAt: null }).where('id', '=', user.id).execute();
    return user.id;
  }

  it('shows a password sign-in after the user signed out', async () => {
    const id = await passwordUser('ana@example.com');
    expect((await shown('ana@example.com')).lastSignInAt).toBeNull();
    const before = new Date();
    const { headers: signedIn } = await auth.api.signInEmail({ body: { email: 'ana@example.com', password: 'a long enough password' }, headers: headers(), returnHeaders: true });
    await signOut(cookieOf(signedIn));
    expect(await sessions(id)).toBe(0);
    expectRecent((await shown('ana@example.com')).lastSignInAt, before);
  });

  it('keeps it when an admin disables the user, which ends every session', async () => {
    const id = await passwordUser('bogdan@example.com');
    const before = new Date();
    await auth.api.signInEmail({ body: { email: 'bogdan@example.com', password: 'a long enough password' }, headers: headers() });
    expect(await setUserDisabled(scopes.admin(), auth, id, true)).toBe('ok');
    expect(await sessions(id)).toBe(0);
    const row = await shown('bogdan@example.com');
    expect(row.disabled).toBe(true);
    expectRecent(row.lastSignInAt, before);
  });

  it('shows an e-mail link sign-in after sign-out', async () => {
    const id = await passwordUser('carmen@example.com');
    expect(await requestSignInLink(auth, 'carmen@example.com', headers())).toEqual({ ok: true });
    const link = sent.findLast((mail) => mail.to === 'carmen@example.com')?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const before = new Date();
    const followed = await auth.handler(new Request(link!, { headers: headers() }));
    const cookie = cookieOf(followed);
    expect(cookie).toContain('session_token');
    await signOut(cookie);
    expect(await sessions(id)).toBe(0);
    expectRecent((await shown('carmen@example.com')).lastSignInAt, before);
  });

  it('shows a Google sign-in after sign-out', async () => {
    const started = await startGoogleSignIn(auth, headers());
    if (!started.ok) throw new Error(started.error);
    const state = new URL(started.url).searchParams.get('state');
    // only Google's token endpoint is replaced, at the HTTP boundary
    const claims = { sub: 'google-dan', email: 'dan@gmail.example', email_verified: true, name: 'Dan', iss: 'https://accounts.google.com', aud: 'client-id' };
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).startsWith('https://oauth2.googleapis.com/token')
        ? Response.json({ access_token: 'google-access', id_token: `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.c2ln`, token_type: 'Bearer', expires_in: 3600 })
        : realFetch(input, init),
    );
    const before = new Date();
    const callback = await auth.handler(
      new Request(`http://localhost:3000/api/auth/callback/google?code=the-code&state=${state}`, { headers: { cookie: started.cookies.map((c) => c.split(';')[0]).join('; ') } }),
    );
    const cookie = cookieOf(callback);
    expect(cookie).toContain('session_token');
    await signOut(cookie);
    const row = await shown('dan@gmail.example');
    expect(await sessions(row.id)).toBe(0);
    expectRecent(row.lastSignInAt, before);
  });
});
