import { data } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { guestReservationStream } from '#app/modules/reservations/reservation-guest.service.server.ts';
import type { Route } from './+types/reservation-live';

/**
 * The guest's reservation page's live stream (Server-Sent Events): that reservation's status only,
 * when it changes; the token is the key. Bounded per process and per reservation (503 + Retry-After beyond).
 */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const stream = await guestReservationStream(getDb(), request, params.slug, params.token);
  if (!stream) throw data(null, { status: 404 });
  return stream;
});
