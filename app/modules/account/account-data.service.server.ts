import type { Auth } from '#app/auth/auth.server.ts';
import { assertUser, authorize, withDb, type MemberScope, type UserScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { listAllCategories } from '#app/modules/category/category.repo.server.ts';
import { publicImageUrl, type FileStorage } from '#app/modules/image/storage.server.ts';
import { restaurantImagesFolder } from '#app/modules/image/image.service.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { listAllProducts } from '#app/modules/product/product.repo.server.ts';
import { consumeRateLimit, PASSWORD_CHECK_RULE, passwordCheckKey } from '#app/modules/rate-limit/rate-limit.server.ts';
import { deleteRestaurantRow, listMembershipsOf, lockRestaurantRow } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { KEEPS_THE_RESTAURANT, rolesWith } from '#app/modules/access/policy.ts';
import { ownOrderingData } from '#app/modules/retention/retention.server.ts';
import { forgetChangedPlanDays } from '#app/modules/subscription/subscription.service.server.ts';
import {
  deleteUserRow,
  findUserProfile,
  listInvitationsOfUser,
  listOwnedRestaurantIds,
  listOwnedRestaurantRows,
  listSoleOwnedRestaurants,
  listContactMessagesFrom,
  listStoredImagesForExport,
  listUserSessions,
  listUserSignInMethods,
} from './account.repo.server.ts';

/**
 * GDPR access and portability (art. 15, 20): everything stored about the scope's user, their
 * memberships and invitations, and the restaurants they own with their menus, as JSON. Password
 * hashes, session and invitation tokens are secrets, not personal data to hand out, and are left
 * out. Contact-form messages sent from, and invitations sent to, the account's address are included
 * only once it is verified.
 */
export async function exportAccountData(scope: UserScope) {
  assertUser(scope);
  const { db, actor } = scope;
  const [profile, accounts, sessions, memberships, owned] = await Promise.all([
    findUserProfile(db, actor.id),
    listUserSignInMethods(db, actor.id),
    listUserSessions(db, actor.id),
    listMembershipsOf(db, actor.id),
    listOwnedRestaurantRows(db, actor.id, rolesWith(KEEPS_THE_RESTAURANT)),
  ]);
  const orderingOf = await ownOrderingData(scope);
  // Contact messages and invitations are keyed by an address someone typed, not by an account:
  // they belong to this user only once the address is proven theirs (issue "Hardening" item 6,
  // issue 33 item 8). The invitations the user sent are theirs either way.
  const verifiedEmail = profile?.emailVerified ? actor.email : null;
  const [contactMessages, invitations] = await Promise.all([verifiedEmail ? listContactMessagesFrom(db, verifiedEmail) : [], listInvitationsOfUser(db, actor.id, verifiedEmail)]);
  const restaurants = await Promise.all(
    owned.map(async (restaurant) => {
      const ordering = orderingOf.get(restaurant.id);
      const [locations, categories, products, images] = await Promise.all([
        listAllLocations(db, restaurant.id),
        listAllCategories(db, restaurant.id),
        listAllProducts(db, restaurant.id),
        listStoredImagesForExport(db, restaurant.id),
      ]);
      // pictures are stored as keys (decision 0013); the export also says where each one is served
      return {
        restaurant: { ...restaurant, logoUrl: publicImageUrl(restaurant.logoKey), coverImageUrl: publicImageUrl(restaurant.coverImageKey) },
        locations,
        categories: categories.map((category) => ({ ...category, imageUrl: publicImageUrl(category.imageKey) })),
        products: products.map((product) => ({ ...product, imageUrl: publicImageUrl(product.imageKey) })),
        images: images.map((image) => ({ ...image, url: publicImageUrl(image.path) })),
        // guests' orders and reservations (issue 25): how many, and how long their contact details are kept; never a guest's details
        ordersAndReservations: ordering ? { ...ordering, retention: retentionNote(ordering.contactRetentionDays) } : null,
      };
    }),
  );
  return {
    exportedAt: new Date().toISOString(),
    user: profile,
    signInMethods: accounts,
    sessions,
    contactMessages,
    memberships: memberships.map(({ name, slug, role, createdAt }) => ({ restaurant: name, slug, role, since: createdAt })),
    invitations,
    restaurants,
  };
}

/** What the export says about guests' contact details, in both of the site's languages. */
function retentionNote(days: number) {
  return {
    ro: `Numele, telefoanele, adresele de e-mail și notițele clienților se șterg automat la ${days} de zile după comandă sau după data rezervării; produsele și totalurile rămân. Clienții nu au cont.`,
    en: `Guests' names, phone numbers, e-mail addresses and notes are erased automatically ${days} days after the order or the reservation date; the dishes and totals stay. Guests have no account.`,
  };
}

export type DeleteAccountResult = { ok: true } | { ok: false; error: 'invalid-credential' } | { ok: false; error: 'too-many-requests'; retryAfterSeconds: number };

/**
 * GDPR erasure (art. 17): after the password is confirmed, deletes every restaurant the user alone
 * owns (its locations, categories, products and image records go with it; a restaurant with
 * another owner stays theirs) and records 'account.delete' in the same transaction, then those
 * restaurants' image files, then the user with their sessions, sign-in methods and memberships.
 * A wrong password changes nothing. Each attempt counts against the user's password checks
 * (PASSWORD_CHECK_RULE): past the limit even the right password is refused for a while.
 */
export async function deleteAccount(scope: MemberScope | UserScope, auth: Auth, storage: FileStorage, password: string): Promise<DeleteAccountResult> {
  if (scope.kind === 'user') assertUser(scope);
  else authorize(scope, 'restaurant.view');
  const userId = scope.actor.id;
  const limit = await consumeRateLimit(scope.db, passwordCheckKey(userId), PASSWORD_CHECK_RULE);
  if (!limit.ok) return { ok: false, error: 'too-many-requests', retryAfterSeconds: limit.retryAfterSeconds };
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find((a) => a.providerId === 'credential');
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password }))) return { ok: false, error: 'invalid-credential' };
  const deleted = await scope.db.transaction().execute(async (trx) => {
    // two owners of one restaurant deleting their accounts at once: the second waits here and sees the first gone
    const keepers = rolesWith(KEEPS_THE_RESTAURANT);
    for (const { restaurantId } of await listOwnedRestaurantIds(trx, userId, keepers)) await lockRestaurantRow(trx, restaurantId);
    const alone = await listSoleOwnedRestaurants(trx, userId, keepers);
    for (const restaurant of alone) {
      // its sign-up, trial and cancellations leave the overview's roll-up with it
      await forgetChangedPlanDays(trx, restaurant.id);
      await deleteRestaurantRow(trx, restaurant.id);
    }
    await recordAudit(withDb(scope, trx), { action: 'account.delete', target: { type: 'user', id: userId }, before: { restaurants: alone.map((r) => r.slug) } });
    await deleteUserRow(trx, userId);
    return alone;
  });
  // uploads before decision 0013 live under restaurants/{id}, later ones under r/{short code}
  for (const restaurant of deleted) await Promise.all([storage.deleteFolder(`restaurants/${restaurant.id}`), storage.deleteFolder(restaurantImagesFolder(restaurant.shortCode))]);
  return { ok: true };
}
