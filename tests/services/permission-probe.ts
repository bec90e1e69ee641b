import type { Permission } from '#app/modules/access/policy.ts';
import type * as ScopeModule from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';

/**
 * Which permission a service checks first, seen from `authorize` itself. A matrix test file
 * replaces the scope module with `probed(real)`:
 *
 *   vi.mock('#app/modules/access/scope.server.ts', async (importOriginal) =>
 *     (await import('./permission-probe.ts')).probed(await importOriginal()));
 *
 * Off (the default) it is the real `authorize`; `firstPermission` stops a call at its first check
 * and says which permission it named (nothing of the service runs); `denying` refuses one
 * permission to a scope that has every other, as a role without just that one would be.
 */
export class PermissionProbe extends Error {
  readonly permission: Permission;
  constructor(permission: Permission) {
    super(`authorize(…, '${permission}')`);
    this.permission = permission;
  }
}

const state: { stopAtFirst: boolean; denied: Permission | null } = { stopAtFirst: false, denied: null };

export function probed(real: typeof ScopeModule): typeof ScopeModule {
  return {
    ...real,
    authorize(scope, permission) {
      if (state.stopAtFirst) throw new PermissionProbe(permission);
      if (state.denied === permission) throw new AppError('forbidden');
      real.authorize(scope, permission);
    },
  };
}

/** The permission of the first `authorize` the call makes, or what happened instead. */
export async function firstPermission(run: () => Promise<unknown>): Promise<string> {
  state.stopAtFirst = true;
  try {
    await run();
    return 'no authorize call';
  } catch (error) {
    return error instanceof PermissionProbe ? error.permission : `threw before any authorize call: ${String(error)}`;
  } finally {
    state.stopAtFirst = false;
  }
}

/** Runs `work` with `permission` refused to every scope (the real check applies to the rest). */
export async function denying<T>(permission: Permission, work: () => Promise<T>): Promise<T> {
  state.denied = permission;
  try {
    return await work();
  } finally {
    state.denied = null;
  }
}
