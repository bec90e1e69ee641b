import type { Auth } from '#app/auth/auth.server.ts';
import { withDb, type OwnerScope, type UserScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { listAllCategories } from '#app/modules/category/category.repo.server.ts';
import { publicImageUrl, type FileStorage } from '#app/modules/image/storage.server.ts';
import { restaurantImagesFolder } from '#app/modules/image/image.service.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { listAllProducts } from '#app/modules/product/product.repo.server.ts';
import { consumeRateLimit, PASSWORD_CHECK_RULE, passwordCheckKey } from '#app/modules/rate-limit/rate-limit.server.ts';
import { deleteRestaurantRow, findOwnedRestaurant } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { forgetChangedPlanDays } from '#app/modules/subscription/subscription.service.server.ts';
import {
  findOwnedRestaurantRow,
  findUserProfile,
  listContactMessagesFrom,
  listStoredImagesForExport,
  listUserSessions,
  listUserSignInMethods,
} from './account.repo.server.ts';

/**
 * GDPR access and portability (art. 15, 20): everything stored about the scope's user and their
 * restaurant, as JSON. The restaurant is included only when the user owns it, whatever the session
 * claims. Password hashes and session tokens are secrets, not personal data to hand out, and are left out.
 * Contact-form messages sent from the account's address are included only once it is verified.
 */
export async function exportAccountData(scope: UserScope) {
  const { db, actor } = scope;
  const [profile, accounts, sessions] = await Promise.all([findUserProfile(db, actor.id), listUserSignInMethods(db, actor.id), listUserSessions(db, actor.id)]);
  // Contact messages are keyed by the address a guest typed, not by an account: they belong to
  // this user only once the address is proven theirs (issue "Hardening" item 6).
  const contactMessages = profile?.emailVerified ? await listContactMessagesFrom(db, actor.email) : [];
  const restaurant = scope.restaurantId ? await findOwnedRestaurantRow(db, scope.restaurantId, actor.id) : undefined;
  const menu = restaurant
    ? await Promise.all([listAllLocations(db, restaurant.id), listAllCategories(db, restaurant.id), listAllProducts(db, restaurant.id), listStoredImagesForExport(db, restaurant.id)])
    : undefined;
  return {
    exportedAt: new Date().toISOString(),
    user: profile,
    signInMethods: accounts,
    sessions,
    contactMessages,
    // pictures are stored as keys (decision 0013); the export also says where each one is served
    restaurant: restaurant ? { ...restaurant, logoUrl: publicImageUrl(restaurant.logoKey), coverImageUrl: publicImageUrl(restaurant.coverImageKey) } : null,
    locations: menu?.[0] ?? [],
    categories: (menu?.[1] ?? []).map((category) => ({ ...category, imageUrl: publicImageUrl(category.imageKey) })),
    products: (menu?.[2] ?? []).map((product) => ({ ...product, imageUrl: publicImageUrl(product.imageKey) })),
    images: (menu?.[3] ?? []).map((image) => ({ ...image, url: publicImageUrl(image.path) })),
  };
}

export type DeleteAccountResult = { ok: true } | { ok: false; error: 'invalid-credential' } | { ok: false; error: 'too-many-requests'; retryAfterSeconds: number };

/**
 * GDPR erasure (art. 17): after the password is confirmed, deletes the owner's restaurant (its
 * locations, categories, products and image records go with it) and records 'account.delete' in
 * the same transaction, then its image files, then the user with their sessions and sign-in
 * methods. A wrong password changes nothing. Each attempt counts against the user's password
 * checks (PASSWORD_CHECK_RULE): past the limit even the right password is refused for a while.
 */
export async function deleteAccount(scope: OwnerScope, auth: Auth, storage: FileStorage, password: string): Promise<DeleteAccountResult> {
  const userId = scope.actor.id;
  const limit = await consumeRateLimit(scope.db, passwordCheckKey(userId), PASSWORD_CHECK_RULE);
  if (!limit.ok) return { ok: false, error: 'too-many-requests', retryAfterSeconds: limit.retryAfterSeconds };
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find((a) => a.providerId === 'credential');
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password }))) return { ok: false, error: 'invalid-credential' };
  const restaurant = await findOwnedRestaurant(scope.db, scope.restaurantId, userId);
  await scope.db.transaction().execute(async (trx) => {
    if (restaurant) {
      // its sign-up, trial and cancellations leave the overview's roll-up with it
      await forgetChangedPlanDays(trx, restaurant.id);
      await deleteRestaurantRow(trx, restaurant.id);
    }
    await recordAudit(withDb(scope, trx), { action: 'account.delete', target: { type: 'user', id: userId }, before: { restaurant: restaurant?.slug ?? null } });
  });
  // uploads before decision 0013 live under restaurants/{id}, later ones under r/{short code}
  if (restaurant) await Promise.all([storage.deleteFolder(`restaurants/${restaurant.id}`), storage.deleteFolder(restaurantImagesFolder(restaurant.shortCode))]);
  await context.internalAdapter.deleteSessions((await context.internalAdapter.listSessions(userId)).map((s) => s.token));
  await context.internalAdapter.deleteUser(userId);
  return { ok: true };
}
