import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { liveStream } from '#app/modules/live/live-stream.server.ts';
import type { Route } from './+types/restaurant-admin.reservations-live';

/** The reservations list's live stream (decision 0031): every change's event, resumed by its id. */
export const loader = restaurantRoute('reservations.manage', ({ request }: Route.LoaderArgs, { scope }) => liveStream(scope, request, { channel: 'reservations' }));
