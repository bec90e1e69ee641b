import type { Auth } from '#app/auth/auth.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { formatDate } from '#app/i18n/localized.ts';
import { can, grantableRoles, keepsTheRestaurant, mayManageMember, type Role } from '#app/modules/access/policy.ts';
import { authorize, withDb, type MemberScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publishAccessChange } from '#app/modules/live/live-bus.server.ts';
import { consumeRateLimit, PASSWORD_CHECK_RULE, passwordCheckKey } from '#app/modules/rate-limit/rate-limit.server.ts';
import { formatInvitationExpiry } from './invitation-token.server.ts';
import type { ChangeRoleInput, TransferInput } from './team.schema.ts';
import type { TeamPage } from './team.types.ts';
import { lockTeam, nextVersion, wouldLeaveNoOwner } from './team-guard.server.ts';
import { deleteMembership, findMembership, findTeamRestaurant, listMembers, listOpenInvitations, updateMembershipRole } from './team.repo.server.ts';

/**
 * The team of one restaurant (decision 0029): who is in, their roles, leaving and handing over
 * ownership. Every change runs in one transaction that first takes the restaurant's row lock and
 * then reads the actor's own membership again (a member removed or demoted a moment ago acts no
 * more) and counts the owners, so the last owner can neither leave, nor be removed, nor be
 * demoted, even when two owners remove each other at the same moment. Each change is audited in
 * its transaction. Invitations are invitation.service.server.ts.
 */

/** The team page: members with what the viewer may do to each, the open invitations. */
export async function getTeamPage(scope: MemberScope, locale: Locale): Promise<TeamPage> {
  authorize(scope, 'team.view');
  const { db, restaurantId, role } = scope;
  const [restaurant, members, invitations] = await Promise.all([findTeamRestaurant(db, restaurantId), listMembers(db, restaurantId), listOpenInvitations(db, restaurantId)]);
  if (!restaurant) throw new AppError('not-found');
  const owners = members.filter((member) => keepsTheRestaurant(member.role)).length;
  const me = members.find((member) => member.userId === scope.actor.id);
  if (!me) throw new AppError('forbidden');
  const now = new Date().toISOString();
  const touchable = (target: Role) => mayManageMember(role, target);
  return {
    restaurantName: restaurant.name,
    me: { id: me.id, role },
    members: members.map((member) => {
      const lastOwner = keepsTheRestaurant(member.role) && owners <= 1;
      return {
        id: member.id,
        name: member.name || member.email,
        email: member.email,
        role: member.role,
        since: formatDate(member.createdAt, locale, restaurant.timeZone),
        version: member.updatedAt,
        isMe: member.userId === scope.actor.id,
        // the last owner keeps the role (the page says why)
        roleChoices: touchable(member.role) && !lastOwner ? grantableRoles(role) : [],
        canRemove: touchable(member.role) && !lastOwner && member.userId !== scope.actor.id,
        lastOwner,
      };
    }),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      locale: invitation.locale === 'en' ? 'en' : 'ro',
      invitedBy: invitation.inviterName,
      expires: formatInvitationExpiry(invitation.expiresAt, locale, restaurant.timeZone),
      expired: invitation.expiresAt <= now,
    })),
    grantable: grantableRoles(role),
    canLeave: !(keepsTheRestaurant(me.role) && owners <= 1),
    transferTo: can(role, 'team.transfer')
      ? members.filter((member) => member.userId !== scope.actor.id).map((member) => ({ id: member.id, name: member.name || member.email, email: member.email }))
      : [],
  };
}

/**
 * Changes a member's role: never to a role above the actor's own (`grantableRoles`), an owner's
 * only by an owner, never the last owner's, and only when the member is as the form showed them
 * (`version`, decision 0015). The same role again changes nothing. Returns the member's address and role.
 */
export async function changeMemberRole(scope: MemberScope, input: ChangeRoleInput): Promise<{ email: string; role: Role; changed: boolean }> {
  authorize(scope, 'team.manage');
  const { userId, ...answer } = await scope.db.transaction().execute(async (trx) => {
    const actor = await lockTeam(trx, scope, 'team.manage');
    if (!grantableRoles(actor.role).includes(input.role)) throw new AppError('role-not-grantable');
    const target = await findMembership(trx, scope.restaurantId, input.membershipId);
    if (!target) throw new AppError('not-found');
    if (!mayManageMember(actor.role, target.role)) throw new AppError('owner-protected');
    if (target.updatedAt !== input.version) throw new AppError('stale-edit');
    if (target.role === input.role) return { email: target.email, role: target.role, changed: false, userId: target.userId };
    if (await wouldLeaveNoOwner(trx, scope.restaurantId, target.role)) throw new AppError('last-owner');
    if (!(await updateMembershipRole(trx, scope.restaurantId, target.id, input.role, nextVersion(target.updatedAt), input.version))) throw new AppError('stale-edit');
    await recordAudit(withDb(scope, trx), {
      action: 'member.role-change',
      target: { type: 'user', id: target.userId },
      before: { role: target.role },
      after: { role: input.role },
    });
    return { email: target.email, role: input.role, changed: true, userId: target.userId };
  });
  // after the commit: the member's open live streams are checked again now, in every process (issue 33 item 1)
  if (answer.changed) publishAccessChange(userId);
  return answer;
}

/**
 * Takes a member out of the team: their access ends with their next request (the guard reads the
 * membership every time), and their open live streams at once. Never an owner by a manager, never the last owner, never oneself (that
 * is leaving). Returns the member's address.
 */
export async function removeMember(scope: MemberScope, membershipId: string): Promise<{ email: string }> {
  authorize(scope, 'team.manage');
  const removed = await scope.db.transaction().execute(async (trx) => {
    const actor = await lockTeam(trx, scope, 'team.manage');
    const target = await findMembership(trx, scope.restaurantId, membershipId);
    if (!target) throw new AppError('not-found');
    if (target.id === actor.id) throw new AppError('invalid-input');
    if (!mayManageMember(actor.role, target.role)) throw new AppError('owner-protected');
    if (await wouldLeaveNoOwner(trx, scope.restaurantId, target.role)) throw new AppError('last-owner');
    await deleteMembership(trx, scope.restaurantId, target.id);
    await recordAudit(withDb(scope, trx), { action: 'member.remove', target: { type: 'user', id: target.userId }, before: { email: target.email, role: target.role } });
    return target;
  });
  // after the commit: the member's open live streams end now, in every process (issue 33 item 1)
  publishAccessChange(removed.userId);
  return { email: removed.email };
}

/** The actor leaves the restaurant: anyone may, except its last owner. */
export async function leaveRestaurant(scope: MemberScope): Promise<void> {
  authorize(scope, 'team.view');
  await scope.db.transaction().execute(async (trx) => {
    const mine = await lockTeam(trx, scope, 'team.view');
    if (await wouldLeaveNoOwner(trx, scope.restaurantId, mine.role)) throw new AppError('last-owner');
    await deleteMembership(trx, scope.restaurantId, mine.id);
    await recordAudit(withDb(scope, trx), { action: 'member.leave', target: { type: 'user', id: scope.actor.id }, before: { role: mine.role } });
  });
  publishAccessChange(scope.actor.id);
}

/**
 * Hands ownership to another member, confirmed with the owner's password (counted against the
 * owner's password checks, PASSWORD_CHECK_RULE, like deleting the account): the member becomes
 * owner and the owner becomes manager, in one transaction. A wrong password changes nothing.
 */
export async function transferOwnership(scope: MemberScope, auth: Auth, input: TransferInput): Promise<{ email: string }> {
  authorize(scope, 'team.transfer');
  const userId = scope.actor.id;
  const limit = await consumeRateLimit(scope.db, passwordCheckKey(userId), PASSWORD_CHECK_RULE);
  if (!limit.ok) throw new AppError('password-attempts', {}, { field: 'password' });
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find((account) => account.providerId === 'credential');
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password: input.password })))
    throw new AppError('password-wrong', {}, { field: 'password' });
  return scope.db.transaction().execute(async (trx) => {
    const actor = await lockTeam(trx, scope, 'team.transfer');
    const target = await findMembership(trx, scope.restaurantId, input.membershipId);
    if (!target) throw new AppError('not-found');
    if (target.id === actor.id) throw new AppError('invalid-input');
    const now = new Date().toISOString();
    await updateMembershipRole(trx, scope.restaurantId, target.id, 'owner', nextVersion(target.updatedAt, now));
    await updateMembershipRole(trx, scope.restaurantId, actor.id, 'manager', now);
    await recordAudit(withDb(scope, trx), {
      action: 'member.transfer-ownership',
      target: { type: 'user', id: target.userId },
      before: { role: target.role },
      after: { role: 'owner', previousOwnerRole: 'manager' },
    });
    return { email: target.email };
  });
}
