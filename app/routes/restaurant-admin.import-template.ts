import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { importTemplate } from '#app/modules/import/export.service.server.ts';
import type { Route } from './+types/restaurant-admin.import-template';

/** The import's template, CSV or XLSX, for the owner. */
export const loader = restaurantRoute('menu.import', async ({ params }: Route.LoaderArgs) => {
  if (params.format !== 'csv' && params.format !== 'xlsx') return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const file = await importTemplate(params.format);
  return new Response(new Uint8Array(file.body), {
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
  });
});
