import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { streamHolderOf } from '#app/modules/access/stream-grants.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { liveStream } from '#app/modules/live/live-stream.server.ts';
import type { Route } from './+types/restaurant-admin.orders-live';

/**
 * The orders board's live stream (decision 0031): the restaurant's 'orders' events after the
 * board's `?since=` (the page's cursor) or, on a reconnect, its Last-Event-ID. A bad id is a 400.
 */
export const loader = restaurantRoute('orders.board', async ({ request }: Route.LoaderArgs, access) => {
  try {
    return await liveStream(access.scope, request, { channel: 'orders', holder: streamHolderOf(access) });
  } catch (error) {
    if (isAppError(error)) return new Response(null, { status: error.status, headers: { 'Cache-Control': 'no-store' } });
    throw error;
  }
});
