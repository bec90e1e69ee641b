import { data } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { guestOrderStream } from '#app/modules/ordering/guest-order.service.server.ts';
import type { Route } from './+types/menu-order-live';

/**
 * The guest's order page's live stream (Server-Sent Events): that order's state only, when it
 * changes; the token is the key. Bounded per process and per order (503 + Retry-After beyond).
 */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const stream = await guestOrderStream(getDb(), request, params.slug, params.token);
  if (!stream) throw data(null, { status: 404 });
  return stream;
});
