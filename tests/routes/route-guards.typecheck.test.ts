import { describe, expect, it } from 'vitest';
import { adminRoute, restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import type { Route as AdminRoute } from '../../.react-router/types/app/routes/+types/admin.tsx';
import type { Route as MenuRoute } from '../../.react-router/types/app/routes/+types/restaurant-admin.menu.tsx';
import type { Route as ProductRoute } from '../../.react-router/types/app/routes/+types/restaurant-admin.product-edit.tsx';

/**
 * Proof, checked by the typecheck (tsc reads test files too), that the route wrappers keep React
 * Router's typegen working: a wrapped loader's data is still inferred for the page (not `any`), the
 * handler's second argument is what the guard proved, and `restaurantRoute` does not fit a route
 * without `:restaurantSlug`. If a `@ts-expect-error` below stopped being an error, the typecheck fails.
 */
type IsAny<T> = 0 extends 1 & T ? true : false;

const menuIsTyped: IsAny<MenuRoute.ComponentProps['loaderData']> = false;
const productIsTyped: IsAny<ProductRoute.ComponentProps['loaderData']> = false;
const adminIsTyped: IsAny<AdminRoute.ComponentProps['loaderData']> = false;

function neverCalled(menuData: MenuRoute.ComponentProps['loaderData']) {
  // the editor's loader returns { menu, locale }: both are known to the page
  void menuData.menu.products;
  void menuData.locale;
  // @ts-expect-error and nothing else
  void menuData.somethingElse;
  // the member's role and the scope the guard found reach the handler
  void restaurantRoute('menu.edit', (_args: MenuRoute.LoaderArgs, { scope, role, user }) => [scope.restaurantId, role, user.email]);
  // @ts-expect-error a permission not in the policy table
  void restaurantRoute('menu.everything', (_args: MenuRoute.LoaderArgs) => null);
  // @ts-expect-error the back office has no :restaurantSlug, so no restaurant guard fits it
  void restaurantRoute('restaurant.view', (_args: AdminRoute.LoaderArgs) => null);
  // an admin's handler gets the admin's scope
  void adminRoute((_args: AdminRoute.LoaderArgs, admin) => admin.actor.role satisfies 'admin');
}

describe('route wrappers and typegen', () => {
  it('is checked by tsc, not run', () => {
    expect([menuIsTyped, productIsTyped, adminIsTyped, typeof neverCalled]).toEqual([false, false, false, 'function']);
  });
});
