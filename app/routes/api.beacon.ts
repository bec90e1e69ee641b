import { requestInfoContext } from '#app/context.ts';
import { getDb } from '#app/db/db.server.ts';
import { logger } from '#app/logger.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { acceptBeacon, type BeaconOutcome } from '#app/modules/insights/beacon.server.ts';
import { insightRecorder } from '#app/modules/insights/insights-runtime.server.ts';
import { getMenuCacheVersion } from '#app/modules/guest-menu/menu.service.server.ts';
import type { Route } from './+types/api.beacon';

const STATUS: Record<BeaconOutcome, number> = { counted: 204, invalid: 400, flood: 429, unknown: 404 };
const headers = { 'Cache-Control': 'no-store' };

/** Owner insights' beacon from the guest menu (modules/insights/beacon.server.ts): counts only, never a 500. */
export const action = publicRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { ...headers, Allow: 'POST' } });
  try {
    const form = await request.formData();
    const outcome = await acceptBeacon(form, {
      recorder: insightRecorder(),
      menuExists: async (slug) => (await getMenuCacheVersion(getDb(), slug)) !== undefined,
      client: { address: context.get(requestInfoContext).clientIp, userAgent: request.headers.get('user-agent') ?? '' },
    });
    return new Response(null, { status: STATUS[outcome], headers });
  } catch (error) {
    logger.warn({ err: error }, 'beacon not counted');
    return new Response(null, { status: 400, headers });
  }
});

export const loader = publicRoute(() => {
  return new Response(null, { status: 405, headers: { ...headers, Allow: 'POST' } });
});
