import type { Kysely } from 'kysely';
import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import { identityErrorFrom, type IdentityErrorCode } from '#app/auth/identity-errors.ts';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { isRole } from '#app/modules/access/policy.ts';
import { assertUser, withDb, type UserScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { insertMembership, rememberLastRestaurant } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { hashInvitationToken } from './invitation-token.server.ts';
import type { InvitationSignUpInput } from './team.schema.ts';
import type { InvitationView } from './team.types.ts';
import { claimInvitation, deleteUserRow, findInvitationByTokenHash, findMembershipOfUser } from './team.repo.server.ts';

/**
 * Following an invitation's link (decision 0029). The token is the key: an unknown (or altered)
 * token, a revoked, a used and an expired invitation are each refused with their own message.
 * The invited address must be the account's (any case); a platform admin cannot join a team.
 * Registering from the link creates the account with the invited address and no restaurant of
 * its own, and joins it to the restaurant; following the link proved the address.
 */

type InvitationError = Extract<InvitationView, { ok: false }>['error'];

type OpenInvitation = NonNullable<Awaited<ReturnType<typeof findInvitationByTokenHash>>>;

/** The open invitation a token stands for, or the reason it no longer works. */
async function openInvitation(db: Kysely<Database>, token: string, now: string): Promise<{ invitation: OpenInvitation; error?: never } | { error: InvitationError }> {
  const invitation = token.length > 0 && token.length <= 100 ? await findInvitationByTokenHash(db, hashInvitationToken(token)) : undefined;
  if (!invitation) return { error: 'invitation-unknown' };
  if (invitation.revokedAt) return { error: 'invitation-revoked' };
  if (invitation.acceptedAt) return { error: 'invitation-used' };
  if (invitation.expiresAt <= now) return { error: 'invitation-expired' };
  return { invitation };
}

/** Who follows the link, as the page needs to know (the session's user, or nobody). */
export interface InvitationViewer {
  id: string;
  email: string;
  role: 'admin' | 'restaurant';
}

/** What the link's page shows: the restaurant, the role, who invited, and what the viewer can do. */
export async function getInvitationView(db: Kysely<Database>, token: string, viewer: InvitationViewer | null): Promise<InvitationView> {
  const found = await openInvitation(db, token, new Date().toISOString());
  if (found.error) return { ok: false, error: found.error };
  const invitation = found.invitation;
  const member = viewer ? await findMembershipOfUser(db, invitation.restaurantId, viewer.id) : undefined;
  const addressed = viewer?.email.toLowerCase() === invitation.email.toLowerCase();
  const viewerKind = !viewer ? 'guest' : viewer.role === 'admin' ? 'admin' : member ? (addressed ? 'member' : 'other-member') : addressed ? 'invitee' : 'other-account';
  return {
    ok: true,
    restaurantName: invitation.restaurantName,
    role: invitation.role,
    inviter: invitation.inviterName,
    email: invitation.email,
    locale: invitation.locale === 'en' ? 'en' : 'ro',
    viewer: viewerKind,
    viewerRole: member && isRole(member.role) ? member.role : null,
    slug: invitation.slug,
  };
}

/**
 * Accepts the invitation as the signed-in user: the membership with the invited role, the
 * invitation used (once: of two acceptances at once one wins), the user's next sign-in landing in
 * the restaurant, and the audit row, in one transaction. Returns where to go.
 */
export async function acceptInvitation(scope: UserScope, token: string): Promise<{ slug: string; restaurantId: string }> {
  assertUser(scope);
  if (scope.actor.role === 'admin') throw new AppError('invitation-admin');
  return scope.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const found = await openInvitation(trx, token, now);
    if (found.error) throw new AppError(found.error);
    const invitation = found.invitation;
    if (scope.actor.email.toLowerCase() !== invitation.email.toLowerCase()) throw new AppError('invitation-other-account', { email: invitation.email });
    if (await findMembershipOfUser(trx, invitation.restaurantId, scope.actor.id)) throw new AppError('invitation-member');
    if (!(await claimInvitation(trx, invitation.id, scope.actor.id, now))) throw new AppError('invitation-used');
    await insertMembership(trx, { id: newId(), restaurantId: invitation.restaurantId, userId: scope.actor.id, role: invitation.role, createdAt: now, updatedAt: now });
    await rememberLastRestaurant(trx, scope.actor.id, invitation.restaurantId);
    await recordAudit(withDb(scope, trx), {
      action: 'invitation.accept',
      target: { type: 'invitation', id: invitation.id },
      restaurantId: invitation.restaurantId,
      after: { role: invitation.role },
    });
    return { slug: invitation.slug, restaurantId: invitation.restaurantId };
  });
}

export type InvitationSignUpResult = { ok: true; slug: string; cookies: string[] } | { ok: false; error: IdentityErrorCode };

/**
 * Registers from an invitation: the account (better-auth's sign-up, through its handler so its
 * per-client limits hold) with the invited address and no restaurant of its own, then accepts
 * the invitation as that account (`scopeOf` is the access module reading the new session). If
 * joining fails, the account is removed again, so no account without a restaurant is left behind.
 * The address counts as verified: the link was sent to it.
 */
export async function registerFromInvitation(
  auth: Auth,
  db: Kysely<Database>,
  token: string,
  input: InvitationSignUpInput,
  headers: Headers,
  scopeOf: (cookies: string[]) => Promise<UserScope>,
): Promise<InvitationSignUpResult> {
  const found = await openInvitation(db, token, new Date().toISOString());
  if (found.error) throw new AppError(found.error);
  const response = await callAuthEndpoint(auth, '/sign-up/email', { name: input.name, email: found.invitation.email, password: input.password }, headers);
  const body = (await response.json().catch(() => ({}))) as { code?: string; user?: { id: string } };
  if (!response.ok || !body.user) return { ok: false, error: identityErrorFrom(response.status, body.code) };
  const userId = body.user.id;
  const cookies = response.headers.getSetCookie();
  try {
    const { slug } = await acceptInvitation(await scopeOf(cookies), token);
    await (await auth.$context).internalAdapter.updateUser(userId, { emailVerified: true });
    return { ok: true, slug, cookies };
  } catch (error) {
    logger.warn({ err: error, userId }, 'joining from an invitation failed after the account was created; removing the account');
    await deleteUserRow(db, userId);
    throw error;
  }
}
