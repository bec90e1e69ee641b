import type { Kysely } from 'kysely';
import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import { identityErrorFrom, type IdentityErrorCode } from '#app/auth/identity-errors.ts';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { newId, newShortCode } from '#app/modules/restaurant/ids.ts';
import { buildRestaurantSlug } from '#app/modules/restaurant/slug.ts';
import { initialSubscription } from '#app/modules/subscription/subscription.ts';
import type { RegisterInput } from './account.schema.ts';

export type RegisterResult =
  | { ok: true; slug: string; restaurantId: string; userId: string; cookies: string[] }
  | { ok: false; error: IdentityErrorCode };

/**
 * Registration (issue "Identity and access"): the user (role restaurant), their restaurant with
 * a slug built per spec section 5, and its trial (spec section 4), signed in at once.
 * better-auth writes the user through its own adapter; the restaurant and the link are one
 * transaction, and if that fails the user is removed again, so no half-registered owner remains.
 */
export async function registerRestaurantOwner(
  auth: Auth,
  db: Kysely<Database>,
  input: RegisterInput,
  headers: Headers,
  now: Date = new Date(),
): Promise<RegisterResult> {
  const response = await callAuthEndpoint(
    auth,
    '/sign-up/email',
    { name: input.restaurantName, email: input.email, password: input.password },
    headers,
  );
  const body = (await response.json().catch(() => ({}))) as { code?: string; user?: { id: string } };
  if (!response.ok || !body.user) return { ok: false, error: identityErrorFrom(response.status, body.code) };
  const userId = body.user.id;
  try {
    const { slug, restaurantId } = await createRestaurantForOwner(db, userId, input.restaurantName, now);
    return { ok: true, slug, restaurantId, userId, cookies: response.headers.getSetCookie() };
  } catch (error) {
    logger.error({ err: error, userId }, 'registration failed after the user was created; removing the user');
    await db.deleteFrom('user').where('id', '=', userId).execute();
    throw error;
  }
}

/**
 * A signed-up user's restaurant: slug per spec section 5 and the trial of section 4, linked to the
 * user (role restaurant) in one transaction. Used by registration and by a Google user's first visit.
 */
export async function createRestaurantForOwner(
  db: Kysely<Database>,
  userId: string,
  restaurantName: string,
  now: Date = new Date(),
): Promise<{ slug: string; restaurantId: string }> {
  const restaurantId = newId();
  const slug = buildRestaurantSlug(restaurantName, now);
  await db.transaction().execute(async (trx) => {
    const timestamp = now.toISOString();
    await trx
      .insertInto('restaurant')
      .values({
        id: restaurantId,
        name: restaurantName,
        slug,
        shortCode: newShortCode(),
        ownerId: userId,
        active: 1,
        currency: 'RON',
        timeZone: 'Europe/Bucharest',
        stripeActive: 0,
        ...initialSubscription(now),
        createdAt: timestamp,
        updatedAt: timestamp,
      })
      .execute();
    await trx.updateTable('user').set({ role: 'restaurant', restaurantId }).where('id', '=', userId).execute();
  });
  return { slug, restaurantId };
}
