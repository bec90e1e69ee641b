import { Outlet } from 'react-router';
import { rememberRestaurantOpened } from '#app/modules/access/access.server.ts';
import { permissionsOf } from '#app/modules/access/policy.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { listMyRestaurants } from '#app/modules/account/restaurants.service.server.ts';
import { getRestaurantAdminSummary } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { AdminFrame } from '#app/ui/editor/admin-frame.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.restaurantTitle', 'admin.restaurantTitle');

/**
 * The restaurant admin's frame: name, the switcher over the user's restaurants, the sections the
 * member's role may use (decision 0029), the upgrade prompt. Each child checks access itself.
 */
export const loader = restaurantRoute('restaurant.view', async (_args: Route.LoaderArgs, access) => {
  const { scope, user, role } = access;
  await rememberRestaurantOpened(access);
  return {
    ...(await getRestaurantAdminSummary(scope)),
    owner: { email: user.email, emailVerified: user.emailVerified },
    restaurants: await listMyRestaurants(scope),
    role,
    permissions: permissionsOf(role),
  };
});

export default function RestaurantAdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame
      restaurant={loaderData.restaurant}
      subscription={loaderData.subscription}
      owner={loaderData.owner}
      restaurants={loaderData.restaurants}
      permissions={loaderData.permissions}
    >
      <Outlet />
    </AdminFrame>
  );
}
