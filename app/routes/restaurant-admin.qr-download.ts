import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { isQrDownloadFormat } from '#app/modules/qr/qr-downloads.ts';
import { qrLinkOrigin, renderQrDownload } from '#app/modules/qr/qr.service.server.ts';
import type { Route } from './+types/restaurant-admin.qr-download';

/** The QR code (SVG, PNG) and the table cards (PDF A6, A4) as downloads, for the owner only. */
export const loader = restaurantRoute('qr.manage', async ({ request, params }: Route.LoaderArgs, { scope: owner }) => {
  if (!isQrDownloadFormat(params.format)) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const file = await renderQrDownload(owner, getStorage(), params.format, {
    origin: qrLinkOrigin(),
    locale: getRequestLocale(request),
  });
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
