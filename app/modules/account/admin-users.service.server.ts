import type { Kysely } from 'kysely';
import type { Auth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { disabledSessionMarker, type SessionUser } from '#app/modules/access/access.server.ts';

/** Users for the platform admin, with their restaurant; callers have passed requireAdmin. */
export function listUsersForAdmin(db: Kysely<Database>) {
  return db
    .selectFrom('user')
    .leftJoin('restaurant', 'restaurant.id', 'user.restaurantId')
    .select(['user.id', 'user.email', 'user.role', 'user.banned', 'user.createdAt', 'restaurant.name as restaurantName', 'restaurant.slug as restaurantSlug'])
    .orderBy('user.createdAt', 'desc')
    .limit(500)
    .execute();
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
