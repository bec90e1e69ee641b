import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { exportMenu, isExportFormat } from '#app/modules/import/export.service.server.ts';
import type { Route } from './+types/restaurant-admin.export';

/** The menu as CSV or XLSX (the import reads it back), or the whole restaurant as JSON, for the owner. */
export const loader = restaurantRoute('menu.import', async ({ request, params }: Route.LoaderArgs, { scope: owner }) => {
  if (!isExportFormat(params.format)) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const locationId = new URL(request.url).searchParams.get('location') ?? undefined;
  const file = await exportMenu(owner, params.format, { slug: params.restaurantSlug, locationId });
  return new Response(new Uint8Array(file.body), {
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
  });
});
