import { isLocale } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { isPrintDocument, renderPrintDocument } from '#app/modules/print/print.service.server.ts';
import type { Route } from './+types/restaurant-admin.print';

/** The printable menu and the allergen matrix of a location (`?location=`), in `?lang=` ro or en, for the owner. */
export const loader = restaurantRoute('menu.import', async ({ request, params }: Route.LoaderArgs, { scope: owner }) => {
  if (!isPrintDocument(params.document)) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const url = new URL(request.url);
  const lang = url.searchParams.get('lang');
  const file = await renderPrintDocument(owner, params.document, {
    locationId: url.searchParams.get('location') ?? undefined,
    locale: lang && isLocale(lang) ? lang : getRequestLocale(request),
  });
  return new Response(new Uint8Array(file.body), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
  });
});
