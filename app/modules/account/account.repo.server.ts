import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * Kysely queries on a user's own account rows (better-auth's tables, read-only here), each scoped to
 * that user; and the platform admin's user list, the one query here that spans restaurants.
 */

export function findUserProfile(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user').select(['id', 'name', 'email', 'emailVerified', 'role', 'createdAt', 'updatedAt', 'restaurantId']).where('id', '=', userId).executeTakeFirst();
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

/** Every restaurant row of the restaurant, when `ownerId` owns it (GDPR export). */
export function findOwnedRestaurantRow(db: Kysely<Database>, restaurantId: string, ownerId: string) {
  return db.selectFrom('restaurant').selectAll().where('id', '=', restaurantId).where('ownerId', '=', ownerId).executeTakeFirst();
}

/** The restaurant's uploads as the export lists them (no download tokens). */
export function listStoredImagesForExport(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('storedImage').select(['id', 'path', 'name', 'size', 'contentType', 'width', 'height', 'createdAt']).where('restaurantId', '=', restaurantId).execute();
}

/** Removes a user again (registration that failed after better-auth created them). */
export async function deleteUserRow(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}

/** Makes a user the owner of their new restaurant (role restaurant, linked to it). */
export async function linkUserToRestaurant(db: Kysely<Database>, userId: string, restaurantId: string): Promise<void> {
  await db.updateTable('user').set({ role: 'restaurant', restaurantId }).where('id', '=', userId).execute();
}
