import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { streamHolderOf } from '#app/modules/access/stream-grants.server.ts';
import { liveStream } from '#app/modules/live/live-stream.server.ts';
import type { Route } from './+types/restaurant-admin.reservations-live';

/** The reservations list's live stream (decision 0031): every change's event, resumed by its id. */
export const loader = restaurantRoute('reservations.manage', ({ request }: Route.LoaderArgs, access) =>
  liveStream(access.scope, request, { channel: 'reservations', holder: streamHolderOf(access) }),
);
