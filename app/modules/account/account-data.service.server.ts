import type { Kysely } from 'kysely';
import type { Auth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';

/**
 * GDPR access and portability (art. 15, 20): everything stored about the signed-in user and their
 * restaurant, as JSON. Password hashes and session tokens are secrets, not personal data to hand
 * out, and are left out.
 */
export async function exportAccountData(db: Kysely<Database>, user: SessionUser) {
  const [profile, accounts, sessions, contactMessages] = await Promise.all([
    db.selectFrom('user').select(['id', 'name', 'email', 'emailVerified', 'role', 'createdAt', 'updatedAt', 'restaurantId']).where('id', '=', user.id).executeTakeFirst(),
    db.selectFrom('account').select(['providerId', 'createdAt', 'updatedAt']).where('userId', '=', user.id).execute(),
    db.selectFrom('session').select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']).where('userId', '=', user.id).execute(),
    db.selectFrom('contactMessage').select(['name', 'email', 'restaurantName', 'message', 'locale', 'createdAt']).where('email', '=', user.email).execute(),
  ]);
  const restaurant = user.restaurantId
    ? await db.selectFrom('restaurant').selectAll().where('id', '=', user.restaurantId).where('ownerId', '=', user.id).executeTakeFirst()
    : undefined;
  const menu = restaurant
    ? await Promise.all([
        db.selectFrom('location').selectAll().where('restaurantId', '=', restaurant.id).execute(),
        db.selectFrom('category').selectAll().where('restaurantId', '=', restaurant.id).execute(),
        db.selectFrom('product').selectAll().where('restaurantId', '=', restaurant.id).execute(),
        db.selectFrom('storedImage').select(['id', 'url', 'name', 'size', 'contentType', 'width', 'height', 'createdAt']).where('restaurantId', '=', restaurant.id).execute(),
      ])
    : undefined;
  return {
    exportedAt: new Date().toISOString(),
    user: profile,
    signInMethods: accounts,
    sessions,
    contactMessages,
    restaurant: restaurant ?? null,
    locations: menu?.[0] ?? [],
    categories: menu?.[1] ?? [],
    products: menu?.[2] ?? [],
    images: menu?.[3] ?? [],
  };
}

/**
 * GDPR erasure (art. 17): after the password is confirmed, deletes the restaurant (its locations,
 * categories, products and image records go with it), its image files, then the user with their
 * sessions and sign-in methods. Returns false, changing nothing, when the password is wrong.
 */
export async function deleteAccount(
  auth: Auth,
  db: Kysely<Database>,
  storage: FileStorage,
  user: SessionUser,
  password: string,
): Promise<boolean> {
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(user.id)).find((a) => a.providerId === 'credential');
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password }))) return false;
  const restaurant = user.restaurantId
    ? await db.selectFrom('restaurant').select('id').where('id', '=', user.restaurantId).where('ownerId', '=', user.id).executeTakeFirst()
    : undefined;
  if (restaurant) {
    await db.deleteFrom('restaurant').where('id', '=', restaurant.id).execute();
    await storage.deleteFolder(`restaurants/${restaurant.id}`);
  }
  await context.internalAdapter.deleteSessions((await context.internalAdapter.listSessions(user.id)).map((s) => s.token));
  await context.internalAdapter.deleteUser(user.id);
  return true;
}
