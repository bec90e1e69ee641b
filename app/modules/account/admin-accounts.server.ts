import type { Auth } from '#app/auth/auth.server.ts';

/**
 * Creates a platform admin, or promotes an existing user (who then no longer owns a restaurant
 * view: spec section 6 gives admins /admin only). No password is set; the admin signs in with the
 * one-time link this returns, then may set a password through "forgot password".
 */
export async function createOrPromoteAdmin(auth: Auth, email: string): Promise<{ created: boolean; userId: string }> {
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email);
  if (existing) {
    await context.internalAdapter.updateUser(existing.user.id, { role: 'admin' });
    return { created: false, userId: existing.user.id };
  }
  const user = await context.internalAdapter.createUser(
    { email, name: email.split('@')[0] ?? email, emailVerified: true, role: 'admin' },
    { method: 'admin' },
  );
  return { created: true, userId: user.id };
}
