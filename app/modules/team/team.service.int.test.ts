import { describe, expect, it } from 'vitest';
import { ROLES } from '#app/modules/access/policy.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';
import { addMate, auditActions, insertTeam, ownersOf, rolesIn } from '#tests/support/team-world.ts';
import { inviteMember } from './invitation.service.server.ts';
import { changeMemberRole, getTeamPage, leaveRestaurant, removeMember } from './team.service.server.ts';

/**
 * The team's rules (decision 0029) against a real database: what each role may do to whom, the
 * last owner, a member removed a moment ago. Concurrency and the transfer are in their own files.
 */

useFileWorld();

const versionOf = async (membershipId: string) => (await db.selectFrom('membership').select('updatedAt').where('id', '=', membershipId).executeTakeFirstOrThrow()).updatedAt;

describe(`the team page on ${testDialect}`, () => {
  it('lists every member with what the viewer may do to each, by the viewer’s role', async () => {
    const { mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor', 'staff']);
    const [owner, manager, editor, staff] = mates;
    const asOwner = await getTeamPage(owner!.scope, 'ro');
    expect(asOwner.members.map((member) => [member.email, member.role])).toEqual(mates.map((mate) => [mate.email, mate.role]));
    expect(asOwner.members[0]).toMatchObject({ isMe: true, lastOwner: true, roleChoices: [], canRemove: false });
    expect(asOwner.members[1]).toMatchObject({ isMe: false, roleChoices: ROLES, canRemove: true });
    expect(asOwner).toMatchObject({ grantable: ROLES, canLeave: false });
    expect(asOwner.transferTo.map((member) => member.email)).toEqual([manager!.email, editor!.email, staff!.email]);

    const asManager = await getTeamPage(manager!.scope, 'en');
    expect(asManager.members[0]).toMatchObject({ role: 'owner', roleChoices: [], canRemove: false });
    expect(asManager.members[2]).toMatchObject({ roleChoices: ['manager', 'editor', 'staff'], canRemove: true });
    expect(asManager).toMatchObject({ grantable: ['manager', 'editor', 'staff'], canLeave: true, transferTo: [] });

    for (const viewer of [editor!, staff!]) {
      const page = await getTeamPage(viewer.scope, 'ro');
      expect(page.members.every((member) => member.roleChoices.length === 0 && !member.canRemove)).toBe(true);
      expect(page).toMatchObject({ grantable: [], canLeave: true, transferTo: [] });
    }
    await expect(getTeamPage(scopes.forgedOwner(mates[0]!.scope.restaurantId), 'ro')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lists open invitations, expired ones marked, with who sent them', async () => {
    const { mates } = await insertTeam(db, scopes, ['owner']);
    await inviteMember(mates[0]!.scope, { email: 'fresh@team.example', role: 'editor', locale: 'ro' });
    await inviteMember(mates[0]!.scope, { email: 'old@team.example', role: 'staff', locale: 'en' }, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    const page = await getTeamPage(mates[0]!.scope, 'ro');
    expect(page.invitations.map(({ email, role, locale, expired }) => ({ email, role, locale, expired }))).toEqual([
      { email: 'fresh@team.example', role: 'editor', locale: 'ro', expired: false },
      { email: 'old@team.example', role: 'staff', locale: 'en', expired: true },
    ]);
    expect(page.invitations[0]!.invitedBy).toMatch(/^owner /);
  });
});

describe(`changing roles on ${testDialect}`, () => {
  it('lets an owner give any role and a manager any role below owner, each change audited with the actor’s role', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor']);
    const [owner, manager, editor] = mates;
    expect(await changeMemberRole(owner!.scope, { membershipId: editor!.membershipId, role: 'manager', version: await versionOf(editor!.membershipId) })).toEqual({
      email: editor!.email,
      role: 'manager',
      changed: true,
    });
    expect(await changeMemberRole(manager!.scope, { membershipId: editor!.membershipId, role: 'staff', version: await versionOf(editor!.membershipId) })).toMatchObject({
      role: 'staff',
      changed: true,
    });
    const audit = await db.selectFrom('auditEvent').select(['action', 'actorRole', 'targetId', 'summary']).where('restaurantId', '=', restaurantId).orderBy('createdAt').execute();
    expect(audit.map((row) => [row.action, row.actorRole, row.targetId])).toEqual([
      ['member.role-change', 'owner', editor!.userId],
      ['member.role-change', 'manager', editor!.userId],
    ]);
    expect(JSON.parse(audit[1]!.summary)).toEqual({ before: { role: 'manager' }, after: { role: 'staff' } });
  });

  it('refuses, changing nothing: a role above what the actor may give (a tampered form), an owner changed by a manager, a stale form, the last owner demoted', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'staff']);
    const [owner, manager, staff] = mates;
    const before = await rolesIn(db, restaurantId);
    await expect(changeMemberRole(manager!.scope, { membershipId: staff!.membershipId, role: 'owner', version: await versionOf(staff!.membershipId) })).rejects.toMatchObject({
      code: 'role-not-grantable',
    });
    await expect(changeMemberRole(manager!.scope, { membershipId: owner!.membershipId, role: 'staff', version: await versionOf(owner!.membershipId) })).rejects.toMatchObject({
      code: 'owner-protected',
    });
    await expect(changeMemberRole(owner!.scope, { membershipId: staff!.membershipId, role: 'editor', version: '2000-01-01T00:00:00.000Z' })).rejects.toMatchObject({
      code: 'stale-edit',
    });
    await expect(changeMemberRole(owner!.scope, { membershipId: owner!.membershipId, role: 'manager', version: await versionOf(owner!.membershipId) })).rejects.toMatchObject({
      code: 'last-owner',
    });
    await expect(changeMemberRole(owner!.scope, { membershipId: 'no-such-membership', role: 'editor', version: 'x' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await rolesIn(db, restaurantId)).toEqual(before);
    expect(await auditActions(db, restaurantId)).toEqual([]);
  });

  it('changes nothing and audits nothing when the role is the same', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'editor']);
    expect(await changeMemberRole(mates[0]!.scope, { membershipId: mates[1]!.membershipId, role: 'editor', version: await versionOf(mates[1]!.membershipId) })).toMatchObject({
      changed: false,
    });
    expect(await auditActions(db, restaurantId)).toEqual([]);
  });
});

describe(`what each role is refused on ${testDialect}`, () => {
  it('an editor and a staff member may only look at the team and leave; nothing changes and nothing is audited', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor', 'staff']);
    const [owner, , editor, staff] = mates;
    const before = await rolesIn(db, restaurantId);
    for (const actor of [editor!, staff!]) {
      await expect(changeMemberRole(actor.scope, { membershipId: owner!.membershipId, role: 'staff', version: await versionOf(owner!.membershipId) })).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(changeMemberRole(actor.scope, { membershipId: actor.membershipId, role: 'owner', version: await versionOf(actor.membershipId) })).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(removeMember(actor.scope, owner!.membershipId)).rejects.toMatchObject({ code: 'forbidden' });
      await expect(inviteMember(actor.scope, { email: 'friend@team.example', role: 'staff', locale: 'ro' })).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect(await rolesIn(db, restaurantId)).toEqual(before);
    expect(await auditActions(db, restaurantId)).toEqual([]);
    expect(await db.selectFrom('invitation').select('id').where('restaurantId', '=', restaurantId).execute()).toEqual([]);
  });

  it('a manager may not remove an owner; another restaurant’s owner reaches nothing of this team', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor']);
    const [owner, manager, editor] = mates;
    const other = await insertTeam(db, scopes, ['owner']);
    const before = await rolesIn(db, restaurantId);
    await expect(removeMember(manager!.scope, owner!.membershipId)).rejects.toMatchObject({ code: 'owner-protected' });
    await expect(removeMember(other.mates[0]!.scope, editor!.membershipId)).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      changeMemberRole(other.mates[0]!.scope, { membershipId: editor!.membershipId, role: 'owner', version: await versionOf(editor!.membershipId) }),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(removeMember(scopes.forgedOwner(restaurantId), editor!.membershipId)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await rolesIn(db, restaurantId)).toEqual(before);
    expect(await auditActions(db, restaurantId)).toEqual([]);
  });
});

describe(`removing and leaving on ${testDialect}`, () => {
  it('removes a member at once: their next action, with the scope they still hold, is refused', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'manager', 'editor']);
    const [owner, manager, editor] = mates;
    expect(await removeMember(owner!.scope, manager!.membershipId)).toEqual({ email: manager!.email });
    expect((await rolesIn(db, restaurantId)).map((row) => row.userId).sort()).toEqual([owner!.userId, editor!.userId].sort());
    // the removed manager's open tab: every team change re-reads the membership under the lock
    await expect(removeMember(manager!.scope, editor!.membershipId)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(inviteMember(manager!.scope, { email: 'back@team.example', role: 'manager', locale: 'ro' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(getTeamPage(manager!.scope, 'ro')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await auditActions(db, restaurantId)).toEqual(['member.remove']);
  });

  it('lets anyone leave except the last owner, who may leave once there is another', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'staff']);
    const [owner, staff] = mates;
    await expect(leaveRestaurant(owner!.scope)).rejects.toMatchObject({ code: 'last-owner' });
    await expect(removeMember(owner!.scope, owner!.membershipId)).rejects.toMatchObject({ code: 'invalid-input' });
    await leaveRestaurant(staff!.scope);
    expect(await rolesIn(db, restaurantId)).toEqual([{ userId: owner!.userId, role: 'owner' }]);
    const second = await addMate(db, scopes, restaurantId, 'owner');
    await leaveRestaurant(owner!.scope);
    expect(await rolesIn(db, restaurantId)).toEqual([{ userId: second.userId, role: 'owner' }]);
    expect(await auditActions(db, restaurantId)).toEqual(['member.leave', 'member.leave']);
    // the last owner again: removal and demotion are refused too
    await expect(changeMemberRole(second.scope, { membershipId: second.membershipId, role: 'staff', version: await versionOf(second.membershipId) })).rejects.toMatchObject({
      code: 'last-owner',
    });
    expect(await ownersOf(db, restaurantId)).toBe(1);
  });
});
