import { Outlet } from 'react-router';
import { rememberRestaurantOpened } from '#app/modules/access/access.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { getRestaurantAdminSummary } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { AdminFrame } from '#app/ui/editor/admin-frame.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.restaurantTitle', 'admin.restaurantTitle');

/** The restaurant admin's frame: name, sections, the upgrade prompt. Each child checks access itself. */
export const loader = restaurantRoute('restaurant.view', async (_args: Route.LoaderArgs, access) => {
  const { scope: owner, user } = access;
  await rememberRestaurantOpened(access);
  return { ...(await getRestaurantAdminSummary(owner)), owner: { email: user.email, emailVerified: user.emailVerified } };
});

export default function RestaurantAdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame restaurant={loaderData.restaurant} subscription={loaderData.subscription} owner={loaderData.owner}>
      <Outlet />
    </AdminFrame>
  );
}
