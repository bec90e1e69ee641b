import { redirect } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { findRestaurantSlugByShortCode } from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { Route } from './+types/short-link';

/**
 * The QR code's permanent address: follows the restaurant through slug changes. The menu is
 * opened with `?via=<code>` (a contract with per-table codes): owner insights count the source,
 * the menu cache's key ignores it.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await findRestaurantSlugByShortCode(getDb(), params.code);
  if (!found) throw redirectToNotFound(ro.errors.restaurantNotFound);
  return redirect(`/${found.slug}?via=${encodeURIComponent(params.code)}`, { headers: { 'Cache-Control': 'no-store' } });
}
