import type { Auth } from '#app/auth/auth.server.ts';
import { disabledSessionMarker } from '#app/modules/access/access.server.ts';
import { assertAdmin, type AdminScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { publishAccessChange } from '#app/modules/live/live-bus.server.ts';

/**
 * Disables or re-enables a user (issue "Identity and access"). Disabling ends every session of
 * that user at once, and their open live streams; an admin cannot disable themselves. Only an admin may call this.
 */
export async function setUserDisabled(scope: AdminScope, auth: Auth, userId: string, disabled: boolean): Promise<'ok' | 'self' | 'not-found'> {
  assertAdmin(scope);
  if (scope.actor.id === userId) return 'self';
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
  await recordAudit(scope, { action: disabled ? 'user.disable' : 'user.enable', target: { type: 'user', id: userId } });
  // the user's open live streams end now, in every process (issue 33 item 1)
  if (disabled) publishAccessChange(userId);
  return 'ok';
}
