import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { callAuthEndpoint, createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { changeOwnPassword, requestOwnEmailChange } from './account-security.service.server.ts';
import { DEFAULT_PASSWORD_POLICY } from './password-policy.ts';
import { registerRestaurantOwner } from './register.service.server.ts';

/** Issue 17, friction 10: an owner changes their password and e-mail while signed in. */
describe(`changing password and e-mail on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let auth: ReturnType<typeof createAuth>;
  let sent: OutgoingMail[];
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes, outbox }) => {
    sent = outbox.sent;
    database = fileDatabase;
    scopes = fileScopes;
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 's'.repeat(32) }), authServices(database, { deliverInstead: outbox.mailer }));
  });

  async function owner(email: string) {
    const result = await registerRestaurantOwner(auth, database.db, { email, password: 'secret-123', restaurantName: `Bistro ${email}` }, new Headers());
    if (!result.ok) throw new Error(result.error);
    const cookie = result.cookies.map((line) => line.split(';')[0]).join('; ');
    return { ...result, scope: scopes.owner(result.restaurantId, { id: result.userId, email }), headers: new Headers({ cookie }) };
  }
  const signIn = async (email: string, password: string) => {
    const response = await callAuthEndpoint(auth, '/sign-in/email', { email, password }, new Headers());
    await response.body?.cancel();
    return response.status;
  };
  const mailJobsTo = async (to: string) =>
    (await database.db.selectFrom('job').select('payload').where('type', '=', 'mail.send').execute())
      .map((job) => (JSON.parse(job.payload) as { mail: OutgoingMail }).mail)
      .filter((mail) => mail.to === to);
  const audit = (userId: string) => database.db.selectFrom('auditEvent').select('action').where('actorId', '=', userId).where('action', 'like', 'account.%').execute();
  const options = (headers: Headers) => ({ policy: DEFAULT_PASSWORD_POLICY, locale: 'ro' as const, headers });

  it('changes the password with the current one: the old no longer signs in, other sessions end, the owner is told', async () => {
    const a = await owner('pass@security.example');
    const other = await callAuthEndpoint(auth, '/sign-in/email', { email: 'pass@security.example', password: 'secret-123' }, new Headers());
    const otherCookie = other.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await other.body?.cancel();

    const result = await changeOwnPassword(a.scope, auth, { currentPassword: 'secret-123', newPassword: 'new-secret-456' }, options(a.headers));
    expect(result.ok).toBe(true);
    // this browser gets a fresh session cookie
    expect(result.ok && result.setCookie.some((cookie) => cookie.includes('session_token'))).toBe(true);
    expect(await signIn('pass@security.example', 'secret-123')).toBe(401);
    expect(await signIn('pass@security.example', 'new-secret-456')).toBe(200);
    const session = await auth.api.getSession({ headers: new Headers({ cookie: otherCookie }) });
    expect(session).toBeNull();
    const [notice] = await mailJobsTo('pass@security.example');
    expect(notice?.subject).toBe('Parola contului Bucate a fost schimbată');
    expect(await audit(a.userId)).toContainEqual({ action: 'account.password-change' });
  });

  it('refuses a wrong current password and a new one that breaks the policy, changing nothing', async () => {
    const b = await owner('wrong@security.example');
    expect(await changeOwnPassword(b.scope, auth, { currentPassword: 'not-it', newPassword: 'new-secret-456' }, options(b.headers))).toEqual({
      ok: false,
      error: 'invalid-credential',
    });
    expect(await changeOwnPassword(b.scope, auth, { currentPassword: 'secret-123', newPassword: 'abc' }, options(b.headers))).toMatchObject({
      ok: false,
      error: 'password-does-not-meet-requirements',
    });
    expect(await signIn('wrong@security.example', 'secret-123')).toBe(200);
    expect(await mailJobsTo('wrong@security.example')).toEqual([]);
    expect(await audit(b.userId)).toEqual([]);
  });

  it('moves the sign-in address only after the new address confirms, and tells the old one at once', async () => {
    const c = await owner('old@security.example');
    expect(await requestOwnEmailChange(c.scope, auth, { password: 'wrong', newEmail: 'new@security.example' }, { locale: 'ro', headers: c.headers, callbackURL: '/x' })).toEqual({
      ok: false,
      error: 'invalid-credential',
    });
    expect(
      await requestOwnEmailChange(c.scope, auth, { password: 'secret-123', newEmail: 'OLD@security.example' }, { locale: 'ro', headers: c.headers, callbackURL: '/x' }),
    ).toEqual({ ok: false, error: 'same-email' });
    expect(await requestOwnEmailChange(c.scope, auth, { password: 'secret-123', newEmail: 'not an address' }, { locale: 'ro', headers: c.headers, callbackURL: '/x' })).toEqual({
      ok: false,
      error: 'invalid-email',
    });
    expect(sent.filter((mail) => mail.to === 'new@security.example')).toEqual([]);

    const result = await requestOwnEmailChange(
      c.scope,
      auth,
      { password: 'secret-123', newEmail: 'New@Security.example' },
      { locale: 'ro', headers: c.headers, callbackURL: `/${c.slug}/admin/account` },
    );
    expect(result.ok).toBe(true);
    // nothing moved yet
    expect((await database.db.selectFrom('user').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow()).email).toBe('old@security.example');
    const [notice] = await mailJobsTo('old@security.example').then((mails) => mails.filter((mail) => mail.subject.includes('schimbare')));
    expect(notice?.text).toContain('new@security.example');
    const link = /https?:\/\/\S+/.exec(sent.findLast((mail) => mail.to === 'new@security.example')!.text)![0];
    const followed = await auth.handler(new Request(link, { headers: c.headers }));
    expect(followed.status).toBe(302);
    expect((await database.db.selectFrom('user').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow()).email).toBe('new@security.example');
    expect(await signIn('new@security.example', 'secret-123')).toBe(200);
    expect(await audit(c.userId)).toContainEqual({ action: 'account.email-change-request' });
  });

  it('gives the same answer for an address another account has, and moves nothing', async () => {
    await owner('taken@security.example');
    const d = await owner('mover@security.example');
    const before = sent.length;
    expect(
      (await requestOwnEmailChange(d.scope, auth, { password: 'secret-123', newEmail: 'taken@security.example' }, { locale: 'ro', headers: d.headers, callbackURL: '/x' })).ok,
    ).toBe(true);
    expect(sent.slice(before).filter((mail) => mail.to === 'taken@security.example')).toEqual([]);
    expect((await database.db.selectFrom('user').select('email').where('id', '=', d.userId).executeTakeFirstOrThrow()).email).toBe('mover@security.example');
  });
});
