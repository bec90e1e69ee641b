import { getDb } from '#app/db/db.server.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { requireMember } from '#app/modules/access/access.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { qrLinkOrigin } from '#app/modules/qr/qr.service.server.ts';
import { renderTableCards } from '#app/modules/tables/tables.service.server.ts';
import type { Route } from './+types/restaurant-admin.tables-cards';

/** The sheet of per-table cards (PDF), for one location (?loc=) or all, for the owner only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { scope: owner } = await requireMember(getDb(), request, params.restaurantSlug, 'qr.manage');
  const file = await renderTableCards(owner, getStorage(), {
    origin: qrLinkOrigin(),
    locale: getRequestLocale(request),
    locationId: new URL(request.url).searchParams.get('loc'),
  });
  return new Response(new Uint8Array(file.body), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
  });
}
