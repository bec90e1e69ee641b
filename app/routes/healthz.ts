import { getDb } from '#app/db/db.server.ts';
import { pingDatabase } from '#app/db/health.server.ts';
import { logger } from '#app/logger.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';

/** Load-balancer health check: 200 when the database answers, 503 otherwise. Never cached. */
export const loader = publicRoute(async () => {
  const headers = { 'Cache-Control': 'no-store' };
  try {
    await pingDatabase(getDb());
    return Response.json({ status: 'ok' }, { headers });
  } catch (error) {
    logger.error({ err: error }, 'health check failed');
    return Response.json({ status: 'unavailable' }, { status: 503, headers });
  }
});
