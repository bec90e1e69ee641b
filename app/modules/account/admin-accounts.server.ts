import type { Auth } from '#app/auth/auth.server.ts';
import { assertAdmin, assertSystem, type AdminScope, type SystemScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';

/**
 * Creates a platform admin, or promotes an existing user (who then no longer owns a restaurant
 * view: docs/product-spec.md section 6 gives admins /admin only). No password is set; the admin signs in with the
 * one-time link this returns, then may set a password through "forgot password". Only an admin, or
 * the system (the `admin:create` script that makes the first one), may call this; it is audited.
 */
export async function createOrPromoteAdmin(scope: AdminScope | SystemScope, auth: Auth, email: string): Promise<{ created: boolean; userId: string }> {
  if (scope.kind === 'system') assertSystem(scope);
  else assertAdmin(scope);
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email);
  if (existing) {
    await context.internalAdapter.updateUser(existing.user.id, { role: 'admin' });
    await recordAudit(scope, { action: 'user.promote', target: { type: 'user', id: existing.user.id }, after: { role: 'admin' } });
    return { created: false, userId: existing.user.id };
  }
  const user = await context.internalAdapter.createUser({ email, name: email.split('@')[0] ?? email, emailVerified: true, role: 'admin' }, { method: 'admin' });
  await recordAudit(scope, { action: 'user.create', target: { type: 'user', id: user.id }, after: { role: 'admin' } });
  return { created: true, userId: user.id };
}
