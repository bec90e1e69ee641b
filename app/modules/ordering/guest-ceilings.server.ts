import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { listOrderingSettings, markCeilingHit } from './ordering-settings.repo.server.ts';
import type { CeilingLiveEvent } from './ordering.types.ts';

/**
 * The ceilings on guests' requests at a location (issue 33 item 3, decision 0032 "Ceilings"): the
 * numbers live in the location's settings (ordering.types.ts, bounds in ordering-settings.schema.ts);
 * each is counted in the transaction that would add the row, under a lock, so concurrent guests from
 * any number of addresses cannot pass it together. When one refuses a guest, the staff hear of it.
 */

/** Orders are counted over this window. */
export const ORDER_CEILING_MINUTES = 10;
/** A ceiling refusing a flood announces itself at most once per location and channel in this time. */
export const CEILING_NOTICE_MINUTES = 5;
/** The staff's board shows a ceiling's notice this long after it last refused a guest. */
export const CEILING_RECENT_MINUTES = 30;

/** The start of a ceiling's window ending at `now` (ISO, comparable with the rows' createdAt). */
export function ceilingWindowStart(now: Date, minutes: number): string {
  return new Date(now.getTime() - minutes * 60_000).toISOString();
}

/** Whether `hitAt` (a settings row's ordersCeilingAt or reservationsCeilingAt) is recent enough for the board to show. */
export function ceilingHitRecently(hitAt: string | null, now: Date): boolean {
  return hitAt !== null && hitAt >= ceilingWindowStart(now, CEILING_RECENT_MINUTES);
}

/**
 * Notes that a ceiling refused a guest and tells the staff's board: the settings row's time and the
 * live event (`orders.ceiling` or `reservations.ceiling`, naming the location only) in one
 * transaction of their own (the refused request's rolled back), published after the commit. Within
 * CEILING_NOTICE_MINUTES of the last notice a flood writes nothing more.
 */
export async function announceCeilingHit(db: Kysely<Database>, restaurantId: string, locationId: string, channel: 'orders' | 'reservations', now: Date): Promise<void> {
  const column = channel === 'orders' ? 'ordersCeilingAt' : 'reservationsCeilingAt';
  const announced = await db.transaction().execute(async (trx) => {
    if (!(await markCeilingHit(trx, restaurantId, locationId, column, now.toISOString(), ceilingWindowStart(now, CEILING_NOTICE_MINUTES)))) return false;
    const event: CeilingLiveEvent = { type: `${channel}.ceiling`, payload: { locationId } };
    // last: on PostgreSQL it holds the channel's lock until the commit (decision 0031)
    await appendLiveEvent(trx, { restaurantId, channel, ...event });
    return true;
  });
  if (announced) publishLive(restaurantId, channel);
}

/**
 * The locations whose `channel` ceiling refused a guest in the last CEILING_RECENT_MINUTES, with
 * when (ISO) and the ceilings: what a staff list shows. The caller has checked the member's access.
 */
export async function listRecentCeilingHits(db: Kysely<Database>, restaurantId: string, channel: 'orders' | 'reservations', now: Date) {
  const rows = await listOrderingSettings(db, restaurantId);
  return rows.flatMap((row) => {
    const at = channel === 'orders' ? row.ordersCeilingAt : row.reservationsCeilingAt;
    if (!ceilingHitRecently(at, now)) return [];
    return [{ locationId: row.locationId, at: at!, orderCeiling: row.orderCeiling, hourCeiling: row.reservationHourCeiling, dayCeiling: row.reservationDayCeiling }];
  });
}
