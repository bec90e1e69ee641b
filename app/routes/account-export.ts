import { userRoute } from '#app/modules/access/route-guards.server.ts';
import { exportAccountData } from '#app/modules/account/account-data.service.server.ts';
import type { Route } from './+types/account-export';

/** GDPR data download for the signed-in user (never cached, never another user's data). */
export const loader = userRoute(async (_args: Route.LoaderArgs, { scope }) => {
  const body = JSON.stringify(await exportAccountData(scope), null, 2);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="bucate-${new Date().toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  });
});
