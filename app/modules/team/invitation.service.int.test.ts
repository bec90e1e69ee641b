import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';
import { addMate, auditActions, deliverMail, insertTeam, rolesIn, tokenIn } from '#tests/support/team-world.ts';
import { getInvitationView } from './invitation-accept.service.server.ts';
import { INVITATION_MAIL_RULE, inviteMember, resendInvitation, revokeInvitation } from './invitation.service.server.ts';
import { InviteInput } from './team.schema.ts';

/**
 * Sending invitations (decision 0029): the row keeps only the token's hash, the e-mail goes out
 * as a job of the same transaction in the language the inviter chose, sending again makes a new
 * link, revoking ends it. Accepting is invitation-accept.service.int.test.ts.
 */

useFileWorld();

let sent: OutgoingMail[];
test.beforeAll(({ outbox }) => {
  sent = outbox.sent;
});

const invitationsOf = (restaurantId: string) => db.selectFrom('invitation').selectAll().where('restaurantId', '=', restaurantId).orderBy('createdAt').execute();
const pendingMailJobs = async () => (await db.selectFrom('job').select('id').where('type', '=', 'mail.send').where('status', '=', 'pending').execute()).length;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function sendAndRead(): Promise<OutgoingMail> {
  const before = sent.length;
  await deliverMail(db, sent);
  expect(sent.length - before).toBe(1);
  return sent.at(-1)!;
}

describe(`inviting on ${testDialect}`, () => {
  it('stores the invitation with only its token’s hash, for seven days, and sends its e-mail in the chosen language', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner']);
    const now = new Date();
    expect(await inviteMember(mates[0]!.scope, InviteInput.parse({ email: ' Nou@Example.COM ', role: 'editor', locale: 'en' }), now)).toEqual({ email: 'nou@example.com' });
    const [row] = await invitationsOf(restaurantId);
    expect(row).toMatchObject({ email: 'nou@example.com', role: 'editor', locale: 'en', invitedBy: mates[0]!.userId, acceptedAt: null, revokedAt: null });
    expect(Date.parse(row!.expiresAt) - now.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const mail = await sendAndRead();
    expect(mail.to).toBe('nou@example.com');
    expect(mail.subject).toMatch(/^owner \S+ invited you to the Bistro \S+ team on Bucate$/);
    expect(mail.text).toContain('with the role Editor');
    const token = tokenIn(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(mail.html).toContain(`/invitatie/${token}">Accept the invitation</a>`);
    expect(await auditActions(db, restaurantId)).toEqual(['invitation.create']);
    // the audit row says who was invited with what, never the token
    const audit = await db.selectFrom('auditEvent').select(['summary', 'actorRole']).where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toEqual({ before: null, after: { email: 'nou@example.com', role: 'editor', locale: 'en' } });
    expect(audit.actorRole).toBe('owner');
  });

  it('writes the Romanian e-mail when Romanian is chosen', async () => {
    const { mates } = await insertTeam(db, scopes, ['owner', 'manager']);
    await inviteMember(mates[1]!.scope, { email: 'ospatar@example.com', role: 'staff', locale: 'ro' });
    const mail = await sendAndRead();
    expect(mail.subject).toMatch(/^manager \S+ te invită în echipa Bistro \S+ pe Bucate$/);
    expect(mail.text).toContain('cu rolul Personal');
    expect(mail.text).toContain('poate fi folosit o singură dată');
    expect(mail.html).toContain('Acceptă invitația</a>');
  });

  it('refuses a malformed address, one’s own, a member’s and a role above the sender’s; nothing is stored, sent or audited', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor']);
    const [owner, manager, editor] = mates;
    const jobs = await pendingMailJobs();
    for (const email of ['not-an-address', 'two@@example.com', '', 'a@b']) {
      expect(InviteInput.safeParse({ email, role: 'editor', locale: 'ro' }).error?.issues[0]).toMatchObject({ path: ['email'], message: 'email' });
    }
    expect(InviteInput.safeParse({ email: 'x@example.com', role: 'admin', locale: 'ro' }).error?.issues[0]).toMatchObject({ path: ['role'], message: 'role' });
    await expect(inviteMember(owner!.scope, { email: owner!.email.toUpperCase(), role: 'editor', locale: 'ro' })).rejects.toMatchObject({ code: 'invite-self', field: 'email' });
    await expect(inviteMember(owner!.scope, { email: editor!.email.toUpperCase(), role: 'manager', locale: 'ro' })).rejects.toMatchObject({
      code: 'invite-member',
      params: { email: editor!.email },
    });
    // a tampered form: a manager asks for an owner
    await expect(inviteMember(manager!.scope, { email: 'boss@example.com', role: 'owner', locale: 'ro' })).rejects.toMatchObject({ code: 'role-not-grantable' });
    expect(await invitationsOf(restaurantId)).toEqual([]);
    expect(await pendingMailJobs()).toBe(jobs);
    expect(await auditActions(db, restaurantId)).toEqual([]);
  });

  it('replaces an open invitation to the same address: the earlier link stops working', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner']);
    await inviteMember(mates[0]!.scope, { email: 'twice@example.com', role: 'staff', locale: 'ro' });
    const first = tokenIn(await sendAndRead());
    await inviteMember(mates[0]!.scope, { email: 'twice@example.com', role: 'editor', locale: 'ro' });
    const latest = tokenIn(await sendAndRead());
    expect((await invitationsOf(restaurantId)).map((row) => [row.role, Boolean(row.revokedAt)])).toEqual([
      ['staff', true],
      ['editor', false],
    ]);
    expect(await getInvitationView(db, first, null)).toEqual({ ok: false, error: 'invitation-revoked' });
    expect(await getInvitationView(db, latest, null)).toMatchObject({ ok: true, role: 'editor', viewer: 'guest' });
  });
});

describe(`sending again and revoking on ${testDialect}`, () => {
  it('sends at most INVITATION_MAIL_RULE invitation e-mails an hour per restaurant, new or again; past it nothing is stored or sent', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner']);
    const now = new Date();
    for (let i = 0; i < INVITATION_MAIL_RULE.max; i++) await inviteMember(mates[0]!.scope, { email: `guest-${i}@example.com`, role: 'staff', locale: 'ro' }, now);
    const jobs = await pendingMailJobs();
    await expect(inviteMember(mates[0]!.scope, { email: 'one-more@example.com', role: 'staff', locale: 'ro' }, now)).rejects.toMatchObject({ code: 'invite-limit', status: 429 });
    const [first] = await invitationsOf(restaurantId);
    await expect(resendInvitation(mates[0]!.scope, first!.id, now)).rejects.toMatchObject({ code: 'invite-limit' });
    expect(await invitationsOf(restaurantId)).toHaveLength(INVITATION_MAIL_RULE.max);
    expect(await pendingMailJobs()).toBe(jobs);
    // an hour later the restaurant may invite again
    await inviteMember(mates[0]!.scope, { email: 'one-more@example.com', role: 'staff', locale: 'ro' }, new Date(now.getTime() + 61 * 60 * 1000));
    await deliverMail(db, sent);
  });

  it('sends again with a new link and seven more days; the old link no longer works', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner']);
    const long = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000);
    await inviteMember(mates[0]!.scope, { email: 'again@example.com', role: 'editor', locale: 'en' }, long);
    const old = tokenIn(await sendAndRead());
    const [invitation] = await invitationsOf(restaurantId);
    const now = new Date();
    expect(await resendInvitation(mates[0]!.scope, invitation!.id, now)).toEqual({ email: 'again@example.com' });
    const mail = await sendAndRead();
    expect(mail.subject).toContain('invited you');
    const fresh = tokenIn(mail);
    expect(fresh).not.toBe(old);
    expect(await getInvitationView(db, old, null)).toEqual({ ok: false, error: 'invitation-unknown' });
    expect(await getInvitationView(db, fresh, null)).toMatchObject({ ok: true });
    expect((await invitationsOf(restaurantId))[0]!.expiresAt).toBe(new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString());
    expect(await auditActions(db, restaurantId)).toEqual(['invitation.create', 'invitation.resend']);
  });

  it('revokes: the link is refused as revoked, and a revoked invitation can be neither sent again nor revoked again', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner']);
    await inviteMember(mates[0]!.scope, { email: 'gone@example.com', role: 'editor', locale: 'ro' });
    const token = tokenIn(await sendAndRead());
    const [invitation] = await invitationsOf(restaurantId);
    expect(await revokeInvitation(mates[0]!.scope, invitation!.id)).toEqual({ email: 'gone@example.com' });
    expect(await getInvitationView(db, token, null)).toEqual({ ok: false, error: 'invitation-revoked' });
    await expect(resendInvitation(mates[0]!.scope, invitation!.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(revokeInvitation(mates[0]!.scope, invitation!.id)).rejects.toMatchObject({ code: 'not-found' });
    expect(await auditActions(db, restaurantId)).toEqual(['invitation.create', 'invitation.revoke']);
  });

  it('refuses a manager an owner’s invitation, an editor every invitation, another restaurant’s owner this one’s', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor']);
    const [owner, manager, editor] = mates;
    await inviteMember(owner!.scope, { email: 'future-owner@example.com', role: 'owner', locale: 'ro' });
    await deliverMail(db, sent);
    const [invitation] = await invitationsOf(restaurantId);
    const other = await insertTeam(db, scopes, ['owner']);
    for (const action of [resendInvitation, revokeInvitation]) {
      await expect(action(manager!.scope, invitation!.id)).rejects.toMatchObject({ code: 'role-not-grantable' });
      await expect(action(editor!.scope, invitation!.id)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(action(other.mates[0]!.scope, invitation!.id)).rejects.toMatchObject({ code: 'not-found' });
      await expect(action(scopes.forgedOwner(restaurantId), invitation!.id)).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect((await invitationsOf(restaurantId))[0]).toEqual(invitation);
    expect(await auditActions(db, restaurantId)).toEqual(['invitation.create']);
  });

  it('lets a member removed a moment ago send nothing more', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner']);
    const manager = await addMate(db, scopes, restaurantId, 'manager');
    await db.deleteFrom('membership').where('id', '=', manager.membershipId).execute();
    await expect(inviteMember(manager.scope, { email: 'late@example.com', role: 'staff', locale: 'ro' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await invitationsOf(restaurantId)).toEqual([]);
    expect((await rolesIn(db, restaurantId)).map((row) => row.userId)).toEqual([mates[0]!.userId]);
  });
});
