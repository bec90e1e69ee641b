import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { auditFilterOf, exportAuditLogCsv } from '#app/modules/backoffice/audit-log.service.server.ts';
import type { Route } from './+types/admin.audit-export';

/** The audit log, filtered as on its page, as a CSV download (admin only). */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const { fromDay: _from, toDay: _to, ...filter } = auditFilterOf(new URL(request.url).searchParams);
  const csv = await exportAuditLogCsv(admin, filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
