import { describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { UserScope } from '#app/modules/access/scope.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { auditActions, deliverMail, insertTeam, insertUser, rolesIn, tokenIn } from '#tests/support/team-world.ts';
import { acceptInvitation, getInvitationView, registerFromInvitation } from './invitation-accept.service.server.ts';
import { inviteMember, revokeInvitation } from './invitation.service.server.ts';

/**
 * Following an invitation's link (decision 0029): as the invited account (any case), or as a new
 * account registered from the link, which gets no restaurant of its own. Each way it no longer
 * works has its own refusal, and a refusal changes nothing.
 */

let db: TestDb;
let scopes: ActorScopes;
let sent: OutgoingMail[];
let auth: ReturnType<typeof createAuth>;
test.beforeAll(({ database, scopes: fileScopes, outbox }) => {
  db = database.db;
  scopes = fileScopes;
  sent = outbox.sent;
  auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'i'.repeat(32) }), authServices(database));
});

/** A restaurant whose owner invited `email` with `role`; the link's token from the e-mail. */
async function invited(email: string, role: 'manager' | 'editor' | 'staff' = 'editor', at?: Date) {
  const team = await insertTeam(db, scopes, ['owner']);
  await inviteMember(team.mates[0]!.scope, { email, role, locale: 'ro' }, at);
  await deliverMail(db, sent);
  return { ...team, token: tokenIn(sent.at(-1)!) };
}

const userScopeOf = async (email: string, role: 'admin' | 'restaurant' = 'restaurant'): Promise<UserScope> =>
  scopes.user({ id: await insertUser(db, { email, role }), email, role });

/** What the access module does with a new session's cookies: reads who it is. */
const scopeOfCookies = async (cookies: string[]) => {
  const session = await auth.api.getSession({ headers: new Headers({ cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') }) });
  return scopes.user({ id: session!.user.id, email: session!.user.email });
};

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@accept.example`;

describe(`accepting as an existing account on ${testDialect}`, () => {
  it('joins with the invited role, once: the invitation is used, the next sign-in lands there, audited', async () => {
    const email = unique('ana');
    const { restaurantId, slug, token } = await invited(email, 'manager');
    const ana = await userScopeOf(email.toUpperCase());
    expect(await getInvitationView(db, token, ana.actor)).toMatchObject({ ok: true, viewer: 'invitee', role: 'manager', email });
    expect(await acceptInvitation(ana, token)).toEqual({ slug, restaurantId });
    expect((await rolesIn(db, restaurantId)).find((row) => row.userId === ana.actor.id)?.role).toBe('manager');
    expect((await db.selectFrom('user').select('lastRestaurantId').where('id', '=', ana.actor.id).executeTakeFirstOrThrow()).lastRestaurantId).toBe(restaurantId);
    const invitation = await db.selectFrom('invitation').selectAll().where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow();
    expect(invitation.acceptedBy).toBe(ana.actor.id);
    expect(await auditActions(db, restaurantId)).toEqual(['invitation.create', 'invitation.accept']);
    // the link works once
    await expect(acceptInvitation(ana, token)).rejects.toMatchObject({ code: 'invitation-used' });
    expect(await getInvitationView(db, token, null)).toEqual({ ok: false, error: 'invitation-used' });
  });

  it('of two acceptances at the same moment exactly one joins', async () => {
    const email = unique('twin');
    const { restaurantId, token } = await invited(email);
    const user = await userScopeOf(email);
    const results = await Promise.allSettled([acceptInvitation(user, token), acceptInvitation(user, token)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await rolesIn(db, restaurantId)).filter((row) => row.userId === user.actor.id)).toHaveLength(1);
  });

  it('refuses each way a link no longer works, and changes nothing', async () => {
    const email = unique('late');
    const user = await userScopeOf(email);
    const expired = await invited(email, 'editor', new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    const revoked = await invited(email);
    await revokeInvitation(revoked.mates[0]!.scope, (await db.selectFrom('invitation').select('id').where('restaurantId', '=', revoked.restaurantId).executeTakeFirstOrThrow()).id);
    const good = await invited(email);
    const tampered = `${good.token.slice(0, -1)}${good.token.endsWith('A') ? 'B' : 'A'}`;
    const cases: [string, string][] = [
      [expired.token, 'invitation-expired'],
      [revoked.token, 'invitation-revoked'],
      [tampered, 'invitation-unknown'],
      ['', 'invitation-unknown'],
      ['x'.repeat(500), 'invitation-unknown'],
    ];
    for (const [token, code] of cases) {
      await expect(acceptInvitation(user, token), code).rejects.toMatchObject({ code });
      expect(await getInvitationView(db, token, user.actor)).toEqual({ ok: false, error: code });
    }
    for (const restaurant of [expired, revoked, good]) expect(await rolesIn(db, restaurant.restaurantId)).toHaveLength(1);
    expect(await db.selectFrom('membership').select('id').where('userId', '=', user.actor.id).execute()).toEqual([]);
  });

  it('says the language it was written in, and to the invited address already in, their own role (issue 33 item 14)', async () => {
    const team = await insertTeam(db, scopes, ['owner', 'staff']);
    const staff = team.mates[1]!;
    await inviteMember(team.mates[0]!.scope, { email: unique('english'), role: 'manager', locale: 'en' });
    await deliverMail(db, sent);
    expect(await getInvitationView(db, tokenIn(sent.at(-1)!), null)).toMatchObject({ ok: true, viewer: 'guest', locale: 'en', viewerRole: null });
    await db.updateTable('invitation').set({ email: staff.email }).where('restaurantId', '=', team.restaurantId).execute();
    expect(await getInvitationView(db, tokenIn(sent.at(-1)!), scopes.user({ id: staff.userId, email: staff.email }).actor)).toMatchObject({
      ok: true,
      viewer: 'member',
      viewerRole: 'staff',
      role: 'manager',
    });
  });

  it('refuses another address, a platform admin and someone already in; the page tells each apart', async () => {
    const email = unique('right');
    const { restaurantId, mates, token } = await invited(email);
    const other = await userScopeOf(unique('wrong'));
    const admin = await userScopeOf(unique('admin'), 'admin');
    const owner = scopes.user({ id: mates[0]!.userId, email: mates[0]!.email });
    await expect(acceptInvitation(other, token)).rejects.toMatchObject({ code: 'invitation-other-account', params: { email } });
    await expect(acceptInvitation(admin, token)).rejects.toMatchObject({ code: 'invitation-admin' });
    expect(await getInvitationView(db, token, other.actor)).toMatchObject({ ok: true, viewer: 'other-account' });
    expect(await getInvitationView(db, token, admin.actor)).toMatchObject({ ok: true, viewer: 'admin' });
    // the owner opening the link they sent: told it is someone else's, with their own role, not the invitation's (issue 33 item 14)
    expect(await getInvitationView(db, token, owner.actor)).toMatchObject({ ok: true, viewer: 'other-member', viewerRole: 'owner', role: 'editor', email });
    // the owner got hold of the link meant for someone else: still another address
    await expect(acceptInvitation(owner, token)).rejects.toMatchObject({ code: 'invitation-other-account' });
    expect(await rolesIn(db, restaurantId)).toEqual([{ userId: mates[0]!.userId, role: 'owner' }]);
    expect((await db.selectFrom('invitation').select('acceptedAt').where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow()).acceptedAt).toBeNull();
    // a forged user scope is refused before anything is read
    await expect(acceptInvitation({ ...other } as UserScope, token)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe(`registering from an invitation on ${testDialect}`, () => {
  const restaurants = async () => (await db.selectFrom('restaurant').select('id').execute()).length;

  it('creates the account with the invited address, joins it, makes no restaurant, and counts the address as verified', async () => {
    const email = unique('new');
    const { restaurantId, slug, token } = await invited(email, 'editor');
    const before = await restaurants();
    const result = await registerFromInvitation(auth, db, token, { name: 'Ioana', password: 'parola-buna-1' }, new Headers(), scopeOfCookies);
    expect(result).toMatchObject({ ok: true, slug });
    const user = await db.selectFrom('user').select(['id', 'name', 'role', 'emailVerified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Ioana', role: 'restaurant' });
    expect(Boolean(user.emailVerified)).toBe(true);
    expect(await db.selectFrom('membership').select(['restaurantId', 'role']).where('userId', '=', user.id).execute()).toEqual([{ restaurantId, role: 'editor' }]);
    expect(await restaurants()).toBe(before);
    // the session is the new account's
    expect((await scopeOfCookies(result.ok ? result.cookies : [])).actor.id).toBe(user.id);
    await expect(registerFromInvitation(auth, db, token, { name: 'Ioana', password: 'parola-buna-1' }, new Headers(), scopeOfCookies)).rejects.toMatchObject({
      code: 'invitation-used',
    });
  });

  it('refuses an address that has an account (sign in instead) and a link that no longer works, creating nobody', async () => {
    const email = unique('taken');
    await insertUser(db, { email });
    const { restaurantId, token } = await invited(email);
    expect(await registerFromInvitation(auth, db, token, { name: 'Dan', password: 'parola-buna-1' }, new Headers(), scopeOfCookies)).toEqual({
      ok: false,
      error: 'email-already-in-use',
    });
    expect(await rolesIn(db, restaurantId)).toHaveLength(1);
    const late = unique('late');
    const expired = await invited(late, 'staff', new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    await expect(registerFromInvitation(auth, db, expired.token, { name: 'Dan', password: 'parola-buna-1' }, new Headers(), scopeOfCookies)).rejects.toMatchObject({
      code: 'invitation-expired',
    });
    expect(await db.selectFrom('user').select('id').where('email', '=', late).execute()).toEqual([]);
  });

  it('removes the new account again when joining fails after it was created', async () => {
    const email = unique('race');
    const { token } = await invited(email);
    const failing = async () => {
      throw new Error('the session could not be read');
    };
    await expect(registerFromInvitation(auth, db, token, { name: 'Radu', password: 'parola-buna-1' }, new Headers(), failing)).rejects.toThrow('the session could not be read');
    expect(await db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await getInvitationView(db, token, null)).toMatchObject({ ok: true, viewer: 'guest' });
  });
});
