import { data, redirect } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getPublicUrl } from '#app/env.server.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { loadGuestMenuPage } from '#app/modules/guest-menu/guest-menu-page.server.ts';
import { findMovedMenuSlug } from '#app/modules/guest-menu/menu.service.server.ts';
import { MenuDocument } from '#app/ui/menu/guest-menu.tsx';
import type { Route } from './+types/menu';

/** The menu's freshness: revalidated on every visit, answered from the render cache while unchanged. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** docs/product-spec.md section 2: the restaurant is looked up by slug before the menu is entered. */
export const loader = publicRoute(async ({ params, request }: Route.LoaderArgs) => {
  const page = await loadGuestMenuPage(getDb(), params.slug, request, getPublicUrl());
  if (!page) {
    // an old slug keeps working: 301 to the current one, with the same query (?loc=, ?via=)
    const moved = await findMovedMenuSlug(getDb(), params.slug);
    if (moved) throw redirect(`/${moved}${new URL(request.url).search}`, { status: 301, headers: { 'Cache-Control': 'no-store' } });
    throw redirectToNotFound(ro.errors.restaurantNotFound);
  }
  return data(page.data, { headers: page.headers });
});

/**
 * The whole document, head included (the root layout leaves it to this route, see menu-layout.tsx):
 * the same markup the render cache writes on a miss without React Router (docs/decisions/0025).
 */
export default function MenuPage({ loaderData }: Route.ComponentProps) {
  return <MenuDocument page={loaderData} />;
}
