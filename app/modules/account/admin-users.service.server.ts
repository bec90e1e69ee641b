import type { Kysely } from 'kysely';
import type { Auth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { disabledSessionMarker, type SessionUser } from '#app/modules/access/access.server.ts';
import { isPro } from '#app/modules/subscription/subscription.ts';

/**
 * Users for the platform admin, with their restaurant and whether it is PRO now (and until when);
 * callers have passed requireAdmin.
 */
export async function listUsersForAdmin(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('user')
    .leftJoin('restaurant', 'restaurant.id', 'user.restaurantId')
    .select(['user.id', 'user.email', 'user.role', 'user.banned', 'user.createdAt', 'restaurant.id as restaurantId', 'restaurant.name as restaurantName', 'restaurant.slug as restaurantSlug'])
    .select(['restaurant.plan', 'restaurant.subscriptionActive', 'restaurant.isPro', 'restaurant.isManualPro', 'restaurant.stripeActive', 'restaurant.stripePlan', 'restaurant.trialStartDate', 'restaurant.expirationDate', 'restaurant.timeZone'])
    .orderBy('user.createdAt', 'desc')
    .limit(500)
    .execute();
  return rows.map(({ plan, subscriptionActive, isPro: pro, isManualPro, stripeActive, stripePlan, trialStartDate, expirationDate, timeZone, ...user }) => {
    // a left join: a user without a restaurant (an admin) has none of these
    const state = plan === null || subscriptionActive === null || pro === null || isManualPro === null || stripeActive === null
      ? null
      : { plan, subscriptionActive, isPro: pro, isManualPro, stripeActive, stripePlan, trialStartDate, expirationDate };
    return {
      ...user,
      /** whether the restaurant is PRO now, and whether an admin's grant is what makes it so (only that can be taken back here) */
      restaurantPlan: state ? { pro: isPro(state), manual: isManualPro === 1, expirationDate, timeZone: timeZone ?? 'Europe/Bucharest' } : null,
    };
  });
}

/**
 * Disables or re-enables a user (issue "Identity and access"). Disabling ends every session of
 * that user at once; an admin cannot disable themselves. Only an admin may call this.
 */
export async function setUserDisabled(auth: Auth, actor: SessionUser, userId: string, disabled: boolean): Promise<'ok' | 'self' | 'not-found' | 'forbidden'> {
  if (actor.role !== 'admin') return 'forbidden';
  if (actor.id === userId) return 'self';
  const context = await auth.$context;
  const target = await context.internalAdapter.findUserById(userId);
  if (!target) return 'not-found';
  await context.internalAdapter.updateUser(userId, { banned: disabled, banReason: disabled ? 'disabled by a platform admin' : null });
  if (disabled) {
    // Each ended session leaves a marker, so the browser that still holds its cookie is told why
    // on its next request (see getSessionUser) instead of silently finding itself signed out.
    for (const session of await context.internalAdapter.listSessions(userId)) {
      await context.internalAdapter.createVerificationValue({
        identifier: disabledSessionMarker(session.token),
        value: userId,
        expiresAt: session.expiresAt,
      });
    }
    await context.internalAdapter.deleteUserSessions(userId);
  }
  return 'ok';
}
