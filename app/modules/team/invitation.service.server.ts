import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { grantableRoles, type Role } from '#app/modules/access/policy.ts';
import { authorize, withDb, type MemberScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { invitationMail } from '#app/modules/mail/team-emails.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { formatInvitationExpiry, invitationExpiry, invitationUrl, newInvitationToken } from './invitation-token.server.ts';
import { lockTeam } from './team-guard.server.ts';
import type { InviteInput } from './team.schema.ts';
import {
  findOpenInvitation,
  findTeamRestaurant,
  findUserIdentity,
  insertInvitation,
  isMemberAddress,
  renewInvitationToken,
  revokeInvitationRow,
  revokeOpenInvitationsTo,
} from './team.repo.server.ts';

/**
 * Invitations into a restaurant's team (decision 0029): an owner or a manager invites an address
 * with a role no higher than their own may give (`grantableRoles`), in the language they pick.
 * The row and its e-mail (a `mail.send` job) are one transaction, with the audit row. Sending
 * again makes a new link and a new expiry (the old link stops working); revoking ends it. A
 * manager can neither send again nor revoke an invitation to be an owner. A restaurant sends at
 * most INVITATION_MAIL_RULE invitation e-mails an hour.
 */

/**
 * Invitation e-mails one restaurant may send (new and sent again) per hour: each goes to an
 * address nobody has proven, so the app must not become a way to mail strangers in bulk.
 */
export const INVITATION_MAIL_RULE: RateRule = { max: 20, windowSeconds: 60 * 60 };

async function countInvitationMail(scope: MemberScope, now: Date): Promise<void> {
  const verdict = await consumeRateLimit(scope.db, `invitation-mail:${scope.restaurantId}`, INVITATION_MAIL_RULE, now);
  if (!verdict.ok) throw new AppError('invite-limit', { max: INVITATION_MAIL_RULE.max });
}

/** The role must be one the actor may give, as their role is now. */
function assertGrantable(actorRole: Role, role: Role): void {
  if (!grantableRoles(actorRole).includes(role)) throw new AppError('role-not-grantable', {}, { field: 'role' });
}

/** The invitation e-mail, enqueued in the caller's transaction. */
async function enqueueInvitationMail(
  trx: Kysely<Database>,
  scope: MemberScope,
  invitation: { email: string; role: Role; locale: Locale; token: string; expiresAt: string },
): Promise<void> {
  const [restaurant, inviter] = await Promise.all([findTeamRestaurant(trx, scope.restaurantId), findUserIdentity(trx, scope.actor.id)]);
  if (!restaurant) throw new AppError('not-found');
  const mail = invitationMail({
    to: invitation.email,
    locale: invitation.locale,
    restaurantName: restaurant.name,
    inviter: inviter?.name || scope.actor.email,
    role: invitation.role,
    url: invitationUrl(invitation.token),
    expires: formatInvitationExpiry(invitation.expiresAt, invitation.locale, restaurant.timeZone),
  });
  await enqueueJob(trx, { type: 'mail.send', payload: { mail } });
}

/**
 * Invites an address into the team. Refused: the actor's own address, a member's address, a role
 * above what the actor may give. An earlier open invitation to the same address is revoked (the
 * new one replaces it). Returns the address.
 */
export async function inviteMember(scope: MemberScope, input: InviteInput, now = new Date()): Promise<{ email: string }> {
  authorize(scope, 'team.manage');
  assertGrantable(scope.role, input.role);
  const email = input.email.trim().toLowerCase();
  if (email === scope.actor.email.toLowerCase()) throw new AppError('invite-self', {}, { field: 'email' });
  await countInvitationMail(scope, now);
  return scope.db.transaction().execute(async (trx) => {
    const actor = await lockTeam(trx, scope, 'team.manage');
    assertGrantable(actor.role, input.role);
    if (await isMemberAddress(trx, scope.restaurantId, email)) throw new AppError('invite-member', { email }, { field: 'email' });
    const at = now.toISOString();
    await revokeOpenInvitationsTo(trx, scope.restaurantId, email, at);
    const { token, tokenHash } = newInvitationToken();
    const id = newId();
    const expiresAt = invitationExpiry(now);
    await insertInvitation(trx, {
      id,
      restaurantId: scope.restaurantId,
      email,
      role: input.role,
      tokenHash,
      invitedBy: scope.actor.id,
      locale: input.locale,
      createdAt: at,
      expiresAt,
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    });
    await enqueueInvitationMail(trx, scope, { email, role: input.role, locale: input.locale, token, expiresAt });
    await recordAudit(withDb(scope, trx), { action: 'invitation.create', target: { type: 'invitation', id }, after: { email, role: input.role, locale: input.locale } });
    return { email };
  });
}

/** Sends an open invitation again with a new link and a new seven days; the old link stops working. */
export async function resendInvitation(scope: MemberScope, invitationId: string, now = new Date()): Promise<{ email: string }> {
  authorize(scope, 'team.manage');
  await countInvitationMail(scope, now);
  return scope.db.transaction().execute(async (trx) => {
    const actor = await lockTeam(trx, scope, 'team.manage');
    const invitation = await findOpenInvitation(trx, scope.restaurantId, invitationId);
    if (!invitation) throw new AppError('not-found');
    assertGrantable(actor.role, invitation.role);
    const { token, tokenHash } = newInvitationToken();
    const expiresAt = invitationExpiry(now);
    if (!(await renewInvitationToken(trx, scope.restaurantId, invitation.id, tokenHash, expiresAt))) throw new AppError('not-found');
    const locale: Locale = invitation.locale === 'en' ? 'en' : 'ro';
    await enqueueInvitationMail(trx, scope, { email: invitation.email, role: invitation.role, locale, token, expiresAt });
    await recordAudit(withDb(scope, trx), { action: 'invitation.resend', target: { type: 'invitation', id: invitation.id }, after: { email: invitation.email, expiresAt } });
    return { email: invitation.email };
  });
}

/** Revokes an open invitation: its link stops working at once. */
export async function revokeInvitation(scope: MemberScope, invitationId: string, now = new Date()): Promise<{ email: string }> {
  authorize(scope, 'team.manage');
  return scope.db.transaction().execute(async (trx) => {
    const actor = await lockTeam(trx, scope, 'team.manage');
    const invitation = await findOpenInvitation(trx, scope.restaurantId, invitationId);
    if (!invitation) throw new AppError('not-found');
    assertGrantable(actor.role, invitation.role);
    if (!(await revokeInvitationRow(trx, scope.restaurantId, invitation.id, now.toISOString()))) throw new AppError('not-found');
    await recordAudit(withDb(scope, trx), {
      action: 'invitation.revoke',
      target: { type: 'invitation', id: invitation.id },
      before: { email: invitation.email, role: invitation.role },
    });
    return { email: invitation.email };
  });
}
