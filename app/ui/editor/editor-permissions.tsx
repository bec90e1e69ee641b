import { createContext, useContext, type ReactNode } from 'react';
import type { Permission } from '#app/modules/access/policy.ts';

type Permissions = Readonly<Record<Permission, boolean>>;

const PermissionsContext = createContext<Permissions | null>(null);

/**
 * What the member's role allows (decision 0029), for the editor's controls: staff see the
 * sold-out and show/hide buttons only. Hiding a control is for the page; the server refuses
 * whatever the role may not do, so a hidden button is never the only guard.
 */
export function EditorPermissions({ permissions, children }: { permissions: Permissions; children: ReactNode }) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>;
}

/** Whether the member may use `permission`; outside the editor's provider, nothing is allowed. */
export function useCan(permission: Permission): boolean {
  return useContext(PermissionsContext)?.[permission] ?? false;
}
