import { Outlet } from 'react-router';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { countUnread } from '#app/modules/backoffice/messages.service.server.ts';
import { AdminNav, useAdminActionToast } from '#app/ui/admin/admin-ui.tsx';
import type { Route } from './+types/admin';

/**
 * The back office's frame: its navigation, with the contact inbox's unread count. Every page and
 * action under it checks the admin itself (a layout's check never protects a child's action).
 */
export const loader = adminRoute(async (_args: Route.LoaderArgs, admin) => {
  return { unread: await countUnread(admin) };
});

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useAdminActionToast();
  return (
    <>
      <AdminNav unread={loaderData.unread} />
      <Outlet />
    </>
  );
}
