import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { insightsCsv } from '#app/modules/insights/insights-csv.ts';
import { getInsights, parseRange } from '#app/modules/insights/insights.service.server.ts';
import type { Route } from './+types/restaurant-admin.insights-csv';

/** The insights page's range as CSV (UTF-8 with BOM, `;`-separated for Excel in Romanian). */
export const loader = restaurantRoute('insights.view', async ({ request, params }: Route.LoaderArgs, { scope: owner }) => {
  const url = new URL(request.url);
  const locale = getRequestLocale(request);
  const insights = await getInsights(owner, { range: parseRange(url.searchParams.get('range')), locationId: url.searchParams.get('loc'), locale });
  const filename = `statistici-${params.restaurantSlug}-${insights.from}-${insights.to}.csv`;
  return new Response(insightsCsv(insights, getI18n(locale).t), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
