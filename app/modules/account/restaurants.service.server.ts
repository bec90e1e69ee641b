import type { Locale } from '#app/i18n/i18n.ts';
import { assertUser, authorize, type MemberScope, type UserScope } from '#app/modules/access/scope.server.ts';
import { isRole, type Role } from '#app/modules/access/policy.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { listMembershipsOf } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { previewOwnersTrial, type OwnersTrial } from '#app/modules/subscription/subscription.service.server.ts';
import { NewRestaurantInput } from './account.schema.ts';
import { createRestaurantForOwner, NEW_RESTAURANT_TIME_ZONE } from './register.service.server.ts';

/** One of the user's restaurants, as the chooser and the admin's switcher list it. */
export interface MyRestaurant {
  id: string;
  name: string;
  slug: string;
  role: Role;
}

/** Every restaurant the signed-in user is a member of, with their role there, by name. */
export async function listMyRestaurants(scope: UserScope | MemberScope): Promise<MyRestaurant[]> {
  if (scope.kind === 'user') assertUser(scope);
  else authorize(scope, 'restaurant.view');
  const rows = await listMembershipsOf(scope.db, scope.actor.id);
  return rows.flatMap((row) => (isRole(row.role) ? [{ id: row.id, name: row.name, slug: row.slug, role: row.role }] : []));
}

/**
 * Restaurants one person may create in an hour, "Adaugă un restaurant" (registration and a Google
 * user's first visit make one each and are limited on their own): enough for a group opening
 * several at once, too few for a script to fill the database.
 */
export const NEW_RESTAURANT_RULE: RateRule = { max: 5, windowSeconds: 60 * 60 };

export type AddRestaurantResult =
  | { ok: true; slug: string; trial: OwnersTrial }
  | { ok: false; error: 'restaurant-name-required' | 'restaurant-name-too-long' }
  | { ok: false; error: 'too-many-restaurants'; retryAfterSeconds: number };

/**
 * "Adaugă un restaurant" (issue 24 item 2): a signed-in user (role restaurant, never a platform
 * admin) creates another restaurant and becomes its owner, with its own slug, menu and plan; the
 * trial is the person's (decision 0029). Bad input creates nothing; only a valid name counts
 * against the hourly limit.
 */
export async function addRestaurant(scope: UserScope, input: unknown, ownerLocale: Locale, now: Date = new Date()): Promise<AddRestaurantResult> {
  assertUser(scope);
  if (scope.actor.role !== 'restaurant') throw new AppError('forbidden');
  const parsed = NewRestaurantInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message === 'restaurant-name-too-long' ? 'restaurant-name-too-long' : 'restaurant-name-required' };
  const limit = await consumeRateLimit(scope.db, `new-restaurant:${scope.actor.id}`, NEW_RESTAURANT_RULE, now);
  if (!limit.ok) return { ok: false, error: 'too-many-restaurants', retryAfterSeconds: limit.retryAfterSeconds };
  const { slug, trial } = await createRestaurantForOwner(scope.db, { id: scope.actor.id, email: scope.actor.email }, parsed.data.restaurantName, now, ownerLocale);
  return { ok: true, slug, trial };
}

/** What the new-restaurant page tells the user before they create it: the trial it would get, and the zone its dates are shown in. */
export async function trialOfNextRestaurant(scope: UserScope, now: Date = new Date()): Promise<{ trial: OwnersTrial; timeZone: string }> {
  return { trial: await previewOwnersTrial(scope, now), timeZone: NEW_RESTAURANT_TIME_ZONE };
}
