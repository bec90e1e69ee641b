import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { qrLinkOrigin } from '#app/modules/qr/qr.service.server.ts';
import { renderTableCards } from '#app/modules/tables/tables.service.server.ts';
import type { Route } from './+types/restaurant-admin.tables-cards';

/** The sheet of per-table cards (PDF), for one location (?loc=) or all, for the owner only. */
export const loader = restaurantRoute('qr.manage', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  const file = await renderTableCards(owner, getStorage(), {
    origin: qrLinkOrigin(),
    locale: getRequestLocale(request),
    locationId: new URL(request.url).searchParams.get('loc'),
  });
  return new Response(new Uint8Array(file.body), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
  });
});
