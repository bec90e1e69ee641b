import type { Kysely } from 'kysely';
import type { Database, MembershipTable } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

type MembershipRole = MembershipTable['role'];

/**
 * Kysely queries on a user's own account rows (better-auth's tables, read-only here), each scoped to
 * that user; and the platform admin's user list, the one query here that spans restaurants.
 */

export function findUserProfile(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user').select(['id', 'name', 'email', 'emailVerified', 'role', 'createdAt', 'updatedAt', 'lastRestaurantId']).where('id', '=', userId).executeTakeFirst();
}

/** Sign-in methods, without their password hashes or tokens. */
export function listUserSignInMethods(db: Kysely<Database>, userId: string) {
  return db.selectFrom('account').select(['providerId', 'createdAt', 'updatedAt']).where('userId', '=', userId).execute();
}

/** Sessions, without their tokens. */
export function listUserSessions(db: Kysely<Database>, userId: string) {
  return db.selectFrom('session').select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']).where('userId', '=', userId).execute();
}

/** Contact-form messages sent from this e-mail address. */
export function listContactMessagesFrom(db: Kysely<Database>, email: string) {
  return db.selectFrom('contactMessage').select(['name', 'email', 'restaurantName', 'message', 'locale', 'createdAt']).where('email', '=', email).execute();
}

/** Every restaurant row of the restaurants the user owns (GDPR export): a membership in `roles`, the owners as the policy names them. */
export function listOwnedRestaurantRows(db: Kysely<Database>, userId: string, roles: readonly MembershipRole[]) {
  const across = acrossRestaurants(db, 'a user’s own restaurants, for their GDPR export');
  return across
    .selectFrom('restaurant')
    .selectAll('restaurant')
    .where('restaurant.id', 'in', across.selectFrom('membership').select('membership.restaurantId').where('membership.userId', '=', userId).where('membership.role', 'in', roles))
    .orderBy('restaurant.name')
    .execute();
}

/**
 * The invitations the user sent, and those sent to `email` (GDPR export): never a token's hash.
 * `email` is null when the account's address is not proven theirs: then only those they sent.
 */
export function listInvitationsOfUser(db: Kysely<Database>, userId: string, email: string | null) {
  return acrossRestaurants(db, 'the invitations a user sent or received, for their GDPR export')
    .selectFrom('invitation')
    .innerJoin('restaurant', 'restaurant.id', 'invitation.restaurantId')
    .select([
      'invitation.email',
      'invitation.role',
      'restaurant.name as restaurantName',
      'invitation.createdAt',
      'invitation.expiresAt',
      'invitation.acceptedAt',
      'invitation.revokedAt',
    ])
    .where((eb) => (email === null ? eb('invitation.invitedBy', '=', userId) : eb.or([eb('invitation.invitedBy', '=', userId), eb('invitation.email', '=', email.toLowerCase())])))
    .orderBy('invitation.createdAt')
    .execute();
}

/**
 * The restaurants the user owns with no other owner: deleting the account deletes them. Read in the
 * deletion's transaction after `lockRestaurantRow`, so two owners leaving at once see each other.
 */
export function listSoleOwnedRestaurants(db: Kysely<Database>, userId: string, roles: readonly MembershipRole[]) {
  return acrossRestaurants(db, 'the restaurants a user alone owns, for deleting their account')
    .selectFrom('membership as mine')
    .innerJoin('restaurant', 'restaurant.id', 'mine.restaurantId')
    .select(['restaurant.id', 'restaurant.slug', 'restaurant.shortCode'])
    .where('mine.userId', '=', userId)
    .where('mine.role', 'in', roles)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('membership as other')
            .select('other.id')
            .whereRef('other.restaurantId', '=', 'mine.restaurantId')
            .where('other.role', 'in', roles)
            .where('other.userId', '!=', userId),
        ),
      ),
    )
    .execute();
}

/** The restaurants the user owns (to lock before counting their owners). */
export function listOwnedRestaurantIds(db: Kysely<Database>, userId: string, roles: readonly MembershipRole[]) {
  return acrossRestaurants(db, 'the restaurants a user owns, for deleting their account')
    .selectFrom('membership')
    .select('restaurantId')
    .where('userId', '=', userId)
    .where('role', 'in', roles)
    .orderBy('restaurantId')
    .execute();
}

/** The restaurant's uploads as the export lists them (no download tokens). */
export function listStoredImagesForExport(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('storedImage').select(['id', 'path', 'name', 'size', 'contentType', 'width', 'height', 'createdAt']).execute();
}

/** Removes a user again (registration that failed after better-auth created them). */
export async function deleteUserRow(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}

/** A user who has just joined a restaurant: role restaurant, landing in it next time. */
export async function setRestaurantRole(db: Kysely<Database>, userId: string, restaurantId: string): Promise<void> {
  await db.updateTable('user').set({ role: 'restaurant', lastRestaurantId: restaurantId }).where('id', '=', userId).execute();
}

/** The person's own name (the account page); returns the name it replaced, for the audit. */
export async function updateUserName(db: Kysely<Database>, userId: string, name: string): Promise<string | undefined> {
  const before = await db.selectFrom('user').select('name').where('id', '=', userId).executeTakeFirst();
  await db.updateTable('user').set({ name }).where('id', '=', userId).execute();
  return before?.name;
}
