import { redirect } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { resolveShortLink } from '#app/modules/tables/tables.service.server.ts';
import type { Route } from './+types/short-link';

/**
 * The QR code's permanent address: follows the restaurant through slug changes. A restaurant's
 * code opens its menu; a table's code opens the menu at the table's location. Both append
 * `?via=<code>` (the contract with insights, which counts scans by `via`; the menu and its render
 * cache ignore it: server/menu-cache.ts keys on `loc` only).
 */
export const loader = publicRoute(async ({ params }: Route.LoaderArgs) => {
  const found = await resolveShortLink(getDb(), params.code);
  if (!found) throw redirectToNotFound(ro.errors.restaurantNotFound);
  const query = new URLSearchParams();
  if (found.locationId) query.set('loc', found.locationId);
  query.set('via', params.code);
  return redirect(`/${found.slug}?${query}`, { headers: { 'Cache-Control': 'no-store' } });
});
