import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Permission } from '#app/modules/access/policy.ts';
import { assertSystem, authorize, type RestaurantScope, type SystemScope } from '#app/modules/access/scope.server.ts';
import { deleteLiveEventsBefore, insertLiveEvent, liveEventBounds } from './live-event.repo.server.ts';

/**
 * The live events' log (decision 0031): the truth a staff board reads. A change a board shows
 * appends its event in the change's own transaction (`appendLiveEvent`), so the event exists exactly
 * when the change does; after the commit the writer wakes the boards (`publishLive`,
 * live-bus.server.ts), and each board reads the log after the last id it has. A missed wake-up
 * only delays an event (a board also looks every few seconds); it never loses or repeats one.
 */

/** What a board may listen to, and the permission a member needs for it. */
export const LIVE_CHANNELS = {
  /** the orders board (issue 25) */
  orders: { permission: 'orders.board' },
  /** the reservations list (issue 25) */
  reservations: { permission: 'reservations.manage' },
} as const satisfies Record<string, { permission: Permission }>;
export type LiveChannel = keyof typeof LIVE_CHANNELS;

export function isLiveChannel(value: string): value is LiveChannel {
  return Object.hasOwn(LIVE_CHANNELS, value);
}

/** Events are kept this long (the hourly `live.sweep`); a board away longer is told to reload. */
export const LIVE_RETENTION_HOURS = 24;
/** An event says what changed, not a whole page: its JSON is at most this long. */
export const MAX_LIVE_PAYLOAD_BYTES = 16 * 1024;
/** e.g. 'order.placed': written on the stream's `event:` line, so no spaces nor line breaks */
const EVENT_TYPE = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

export interface LiveEventInput {
  restaurantId: string;
  channel: LiveChannel;
  type: string;
  /** anything JSON can write; the board receives it as it was */
  payload: unknown;
}

/**
 * Appends an event to the log in the caller's transaction, which it must be (throws otherwise: an
 * event committed apart from its change could announce a change that never happened). Append it
 * last: on PostgreSQL it locks the restaurant's channel until the commit (live-event.repo.server.ts).
 * Publish after the commit. A type or payload out of shape is a programming error and throws.
 */
export async function appendLiveEvent(trx: Kysely<Database>, event: LiveEventInput): Promise<number> {
  if (!trx.isTransaction) throw new Error('appendLiveEvent: pass the transaction of the change the event announces');
  if (!isLiveChannel(event.channel)) throw new Error(`appendLiveEvent: unknown channel ${event.channel}`);
  if (!EVENT_TYPE.test(event.type) || event.type.length > 64) throw new Error(`appendLiveEvent: bad event type ${event.type}`);
  const payload = JSON.stringify(event.payload ?? null);
  if (Buffer.byteLength(payload) > MAX_LIVE_PAYLOAD_BYTES) throw new Error(`appendLiveEvent: payload over ${MAX_LIVE_PAYLOAD_BYTES} bytes`);
  return insertLiveEvent(trx, { restaurantId: event.restaurantId, channel: event.channel, type: event.type, payload, createdAt: new Date().toISOString() });
}

/**
 * Where a page's board starts listening (its `?since=`): the newest id now. A loader reads it
 * before the data it shows, so an event committed in between reaches the board (maybe twice: the
 * board applies an event by the row it names, so the second time changes nothing) and none is lost.
 * Any id at least as new as the restaurant's last event is a right start, so the log's newest serves.
 */
export async function liveCursor(scope: RestaurantScope, channel: LiveChannel): Promise<number> {
  authorize(scope, LIVE_CHANNELS[channel].permission);
  return (await liveEventBounds(scope.db)).newest ?? 0;
}

/** The hourly `live.sweep`: deletes events past retention. Returns how many went. */
export function sweepLiveEvents(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  return deleteLiveEventsBefore(scope.db, new Date(now.getTime() - LIVE_RETENTION_HOURS * 60 * 60 * 1000).toISOString());
}
