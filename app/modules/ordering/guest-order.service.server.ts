import type { Kysely } from 'kysely';
import type { Database, GuestOrderLineOption } from '#app/db/schema.ts';
import { watchStream } from '#app/modules/live/watch-stream.server.ts';
import { findRestaurantBySlug } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';
import { findGuestOrderByToken, findGuestOrderState, type GuestOrderView } from './guest-order.repo.server.ts';
import { listLineOptionsOfOrders } from './order-board.repo.server.ts';
import { flaggedAllergens } from './order-line-details.ts';

/**
 * The guest's order page (decision 0032): reached only by the order's token, it shows that order
 * and nothing else, never the name or the phone. Public: the token is the key. It keeps working
 * after the plan lapses (an open order runs to its end); an admin's deactivation ends it.
 */

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export interface GuestOrderPage {
  restaurant: { id: string; name: string; slug: string; timeZone: string };
  order: Omit<GuestOrderView, 'allergies' | 'lines'> & {
    /** what the guest declared (issue 35), until erased with the contact details */
    allergies: AllergenKey[];
    /** each line with the options chosen (as stored: the page names them in its language) and the declared allergies it contains */
    lines: (Omit<GuestOrderView['lines'][number], 'id' | 'allergens'> & { options: GuestOrderLineOption[]; flagged: AllergenKey[] })[];
  };
}

/** What the order page's live stream sends: the state only. */
export interface GuestOrderState {
  status: string;
  etaMinutes: number | null;
  declineReason: string | null;
  updatedAt: string;
}

async function restaurantOf(db: Kysely<Database>, slug: string) {
  const restaurant = await findRestaurantBySlug(db, slug);
  return restaurant && restaurant.active === 1 ? restaurant : undefined;
}

/**
 * The order behind a token, with its lines' chosen options and the allergies the guest declared
 * (issue 35): the guest sees which lines contain them, as the kitchen does.
 */
export async function getGuestOrderPage(db: Kysely<Database>, slug: string, token: string): Promise<GuestOrderPage | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const restaurant = await restaurantOf(db, slug);
  if (!restaurant) return undefined;
  const order = await findGuestOrderByToken(db, restaurant.id, token);
  if (!order) return undefined;
  const options = Map.groupBy(await listLineOptionsOfOrders(db, restaurant.id, [order.id]), (option) => option.lineId);
  const allergies = parseAllergenList(order.allergies);
  const lines = order.lines.map(({ id, allergens, ...line }) => ({ ...line, options: options.get(id) ?? [], flagged: flaggedAllergens(allergens, allergies) }));
  return { restaurant: { id: restaurant.id, name: restaurant.name, slug: restaurant.slug, timeZone: restaurant.timeZone }, order: { ...order, allergies, lines } };
}

/**
 * The order page's live stream: its state on each wake-up of the restaurant's orders channel (and
 * every few seconds), sent when it changed. Undefined for a token of no order (the route's 404).
 */
export async function guestOrderStream(db: Kysely<Database>, request: Request, slug: string, token: string): Promise<Response | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const restaurant = await restaurantOf(db, slug);
  if (!restaurant) return undefined;
  const first = await findGuestOrderState(db, restaurant.id, token);
  if (!first) return undefined;
  return watchStream(request, {
    restaurantId: restaurant.id,
    channel: 'orders',
    key: token,
    read: async (): Promise<GuestOrderState | null> => (await findGuestOrderState(db, restaurant.id, token)) ?? null,
  });
}
