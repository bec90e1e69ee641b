import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { requireMember } from '#app/modules/access/access.server.ts';
import { insightsCsv } from '#app/modules/insights/insights-csv.ts';
import { getInsights, parseRange } from '#app/modules/insights/insights.service.server.ts';
import type { Route } from './+types/restaurant-admin.insights-csv';

/** The insights page's range as CSV (UTF-8 with BOM, `;`-separated for Excel in Romanian). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { scope: owner } = await requireMember(getDb(), request, params.restaurantSlug, 'insights.view');
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
}
