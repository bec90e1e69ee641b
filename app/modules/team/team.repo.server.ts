import type { Insertable, Kysely } from 'kysely';
import type { Database, InvitationTable, MembershipTable } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/**
 * The team's rows (decision 0029): memberships with their people, and invitations. Every query
 * names the restaurant it belongs to, except the lookup of an invitation by its token's hash,
 * which is how a link finds its restaurant.
 */

type Role = MembershipTable['role'];

/** What the team page and the invitation e-mail say about the restaurant. */
export function findTeamRestaurant(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['id', 'name', 'slug', 'timeZone']).executeTakeFirst();
}

/** The restaurant's members with their names and addresses, in the order they joined. */
export function listMembers(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('membership')
    .innerJoin('user', 'user.id', 'membership.userId')
    .select(['membership.id', 'membership.userId', 'membership.role', 'membership.createdAt', 'membership.updatedAt', 'user.name', 'user.email'])
    .orderBy('membership.createdAt')
    .orderBy('membership.id')
    .execute();
}

/** One membership of the restaurant by its id. */
export function findMembership(db: Kysely<Database>, restaurantId: string, membershipId: string) {
  return tenant(db, restaurantId)
    .selectFrom('membership')
    .innerJoin('user', 'user.id', 'membership.userId')
    .select(['membership.id', 'membership.userId', 'membership.role', 'membership.updatedAt', 'user.email'])
    .where('membership.id', '=', membershipId)
    .executeTakeFirst();
}

/** The user's membership of the restaurant, if they still have one. */
export function findMembershipOfUser(db: Kysely<Database>, restaurantId: string, userId: string) {
  return tenant(db, restaurantId).selectFrom('membership').select(['id', 'role']).where('userId', '=', userId).executeTakeFirst();
}

/** Whether someone with this address (any case) is a member of the restaurant. */
export async function isMemberAddress(db: Kysely<Database>, restaurantId: string, email: string): Promise<boolean> {
  const row = await tenant(db, restaurantId)
    .selectFrom('membership')
    .innerJoin('user', 'user.id', 'membership.userId')
    .select('membership.id')
    .where((eb) => eb(eb.fn('lower', ['user.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}

/** How many members with these roles the restaurant has: its owners, as the policy names them (read after the restaurant's row lock). */
export async function countOwners(db: Kysely<Database>, restaurantId: string, roles: readonly Role[]): Promise<number> {
  if (roles.length === 0) return 0;
  const row = await tenant(db, restaurantId)
    .selectFrom('membership')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', 'in', roles)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sets a member's role; with `version`, only when the row is still the one the form showed. Whether it changed. */
export async function updateMembershipRole(db: Kysely<Database>, restaurantId: string, membershipId: string, role: Role, now: string, version?: string): Promise<boolean> {
  let query = tenant(db, restaurantId).updateTable('membership').set({ role, updatedAt: now }).where('id', '=', membershipId);
  if (version !== undefined) query = query.where('updatedAt', '=', version);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a membership; whether there was one. */
export async function deleteMembership(db: Kysely<Database>, restaurantId: string, membershipId: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).deleteFrom('membership').where('id', '=', membershipId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A user's name and address, for what an invitation says about who sent it. */
export function findUserIdentity(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** Removes an account again (a registration from an invitation that could not join). */
export async function deleteUserRow(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}

// ---- invitations ----

export async function insertInvitation(db: Kysely<Database>, row: Insertable<InvitationTable>): Promise<void> {
  await db.insertInto('invitation').values(row).execute();
}

/** Revokes the restaurant's open invitations to an address (a new one replaces them). */
export async function revokeOpenInvitationsTo(db: Kysely<Database>, restaurantId: string, email: string, now: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('invitation')
    .set({ revokedAt: now })
    .where('email', '=', email)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .execute();
}

/** The invitations neither accepted nor revoked (expired ones too: they can be sent again), newest first. */
export function listOpenInvitations(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('invitation')
    .leftJoin('user', 'user.id', 'invitation.invitedBy')
    .select(['invitation.id', 'invitation.email', 'invitation.role', 'invitation.locale', 'invitation.expiresAt', 'invitation.createdAt', 'user.name as inviterName'])
    .where('invitation.acceptedAt', 'is', null)
    .where('invitation.revokedAt', 'is', null)
    .orderBy('invitation.createdAt', 'desc')
    .orderBy('invitation.id')
    .execute();
}

/** One open invitation of the restaurant by its id. */
export function findOpenInvitation(db: Kysely<Database>, restaurantId: string, invitationId: string) {
  return tenant(db, restaurantId)
    .selectFrom('invitation')
    .selectAll()
    .where('id', '=', invitationId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

/** The invitation a link's token stands for, with its restaurant and who sent it. */
export function findInvitationByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return acrossRestaurants(db, 'an invitation link finds its restaurant by the hash of its token')
    .selectFrom('invitation')
    .innerJoin('restaurant', 'restaurant.id', 'invitation.restaurantId')
    .leftJoin('user', 'user.id', 'invitation.invitedBy')
    .select([
      'invitation.id',
      'invitation.restaurantId',
      'invitation.email',
      'invitation.role',
      'invitation.locale',
      'invitation.expiresAt',
      'invitation.acceptedAt',
      'invitation.revokedAt',
      'restaurant.name as restaurantName',
      'restaurant.slug',
      'user.name as inviterName',
    ])
    .where('invitation.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** A new token and expiry for an open invitation (the old link stops working); whether it was still open. */
export async function renewInvitationToken(db: Kysely<Database>, restaurantId: string, invitationId: string, tokenHash: string, expiresAt: string): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('invitation')
    .set({ tokenHash, expiresAt })
    .where('id', '=', invitationId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes an open invitation; whether it was still open. */
export async function revokeInvitationRow(db: Kysely<Database>, restaurantId: string, invitationId: string, now: string): Promise<boolean> {
  const result = await tenant(db, restaurantId)
    .updateTable('invitation')
    .set({ revokedAt: now })
    .where('id', '=', invitationId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks an invitation used by `userId`, only while it is open and unexpired: one statement, so of
 * two acceptances at once exactly one wins (single use). Whether this one did.
 */
export async function claimInvitation(db: Kysely<Database>, invitationId: string, userId: string, now: string): Promise<boolean> {
  const result = await acrossRestaurants(db, 'the invitation its link found, by its id')
    .updateTable('invitation')
    .set({ acceptedAt: now, acceptedBy: userId })
    .where('id', '=', invitationId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes invitations that ended (accepted, revoked or expired) before `before`, across restaurants:
 * the invited address is kept no longer than the retention needs (the retention job). How many went.
 */
export async function deleteInvitationsEndedBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await acrossRestaurants(db, 'the retention sweep of ended invitations, every restaurant')
    .deleteFrom('invitation')
    .where((eb) => eb.or([eb('acceptedAt', '<', before), eb('revokedAt', '<', before), eb('expiresAt', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
