import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { TableCall } from '#app/db/schema-kitchen.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import { findTableByCode } from './guest-order.repo.server.ts';
import { findOrderingRestaurant, type GuestLocale } from './order-pricing.server.ts';
import { findBoardRestaurant } from './order-board.repo.server.ts';
import { locationOrderingForGuests } from './ordering-settings.service.server.ts';
import { clearOpenTableCall, findTableCall, insertTableCall, listOpenTableCalls } from './table-calls.repo.server.ts';
import { isTableCallKind, TABLE_CALL_INTERVAL_SECONDS, type TableCallKindName, type TableCallLiveEvent, type TableCallView } from './table-calls.types.ts';

/**
 * Calls from the table (issue 36 item 5): "Cheamă ospătarul" and "Cere nota" (cash or card) from a
 * menu a table's QR code opened. The table's code proves where the guest sits, as it does for an
 * order; the location must take dine-in orders (its board is watched), paused or not. One call per
 * table per two minutes, and a client calling many tables is held too. The staff's board and kitchen
 * display get it live and clear it with a tap.
 */

export const TABLE_CALL_RATE_RULES = {
  table: { max: 1, windowSeconds: TABLE_CALL_INTERVAL_SECONDS },
  client: { max: 6, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

/** The open calls a board shows at most (a busy room stays one strip). */
export const MAX_OPEN_CALLS = 50;

export interface TableCallPlace {
  restaurantName: string;
  tableLabel: string;
  locationId: string;
}

/** Where a table's code calls from, or undefined when it is not a table of this menu that takes dine-in orders. */
export async function findTableCallPlace(db: Kysely<Database>, slug: string, tableCode: string | null, now = new Date()): Promise<TableCallPlace | undefined> {
  if (!tableCode) return undefined;
  const restaurant = await findOrderingRestaurant(db, slug, now);
  if (!restaurant) return undefined;
  const table = await findTableByCode(db, restaurant.id, tableCode);
  if (!table) return undefined;
  const ordering = await locationOrderingForGuests(db, restaurant.id, table.locationId);
  if (!ordering.ordersEnabled || !ordering.dineIn) return undefined;
  return { restaurantName: restaurant.name, tableLabel: table.label, locationId: table.locationId };
}

/** A guest's call; refused with 'table-call-unknown' (no such table here) or 'table-call-too-soon'. */
export async function callFromTable(
  db: Kysely<Database>,
  input: { slug: string; tableCode: string | null; kind: unknown; locale: GuestLocale },
  client: { clientKey: string; now?: number },
): Promise<{ kind: TableCallKindName; tableLabel: string }> {
  const now = new Date(client.now ?? Date.now());
  if (!isTableCallKind(input.kind)) throw new AppError('invalid-input');
  const restaurant = await findOrderingRestaurant(db, input.slug, now);
  const table = restaurant && input.tableCode ? await findTableByCode(db, restaurant.id, input.tableCode) : undefined;
  if (!restaurant || !table) throw new AppError('table-call-unknown');
  const ordering = await locationOrderingForGuests(db, restaurant.id, table.locationId);
  if (!ordering.ordersEnabled || !ordering.dineIn) throw new AppError('table-call-unknown');
  for (const [key, rule] of [
    [`call:client:${client.clientKey}`, TABLE_CALL_RATE_RULES.client],
    [`call:table:${table.id}`, TABLE_CALL_RATE_RULES.table],
  ] as const) {
    const verdict = await consumeRateLimit(db, key, rule, now);
    if (!verdict.ok) throw new AppError('table-call-too-soon', { seconds: verdict.retryAfterSeconds });
  }
  const callId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertTableCall(trx, restaurant.id, {
      id: callId,
      locationId: table.locationId,
      tableId: table.id,
      tableLabel: table.label,
      kind: input.kind as TableCallKindName,
      locale: input.locale,
      createdAt: now.toISOString(),
      clearedAt: null,
      clearedBy: null,
    });
    const event: TableCallLiveEvent = { type: 'table.called', payload: { callId, locationId: table.locationId } };
    await appendLiveEvent(trx, { restaurantId: restaurant.id, channel: 'orders', ...event });
  });
  publishLive(restaurant.id, 'orders');
  return { kind: input.kind, tableLabel: table.label };
}

function viewOf(call: TableCall, timeZone: string): TableCallView {
  const { minutes } = localMoment(Date.parse(call.createdAt), timeZone);
  const calledAt = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { id: call.id, locationId: call.locationId, tableLabel: call.tableLabel, kind: isTableCallKind(call.kind) ? call.kind : 'waiter', createdAt: call.createdAt, calledAt };
}

/** The open calls the staff see, of one location or all. */
export async function getOpenTableCalls(scope: RestaurantScope, locationId: string | null): Promise<TableCallView[]> {
  authorize(scope, 'orders.board');
  const [restaurant, calls] = await Promise.all([findBoardRestaurant(scope.db, scope.restaurantId), listOpenTableCalls(scope.db, scope.restaurantId, locationId, MAX_OPEN_CALLS)]);
  if (!restaurant) throw new AppError('not-found');
  return calls.map((call) => viewOf(call, restaurant.timeZone));
}

/** A tap on a call: cleared for every board; a call a colleague cleared first is answered as done. */
export async function clearTableCall(scope: RestaurantScope, callId: string): Promise<{ tableLabel: string }> {
  authorize(scope, 'orders.board');
  if (typeof callId !== 'string' || callId.length === 0 || callId.length > 64) throw new AppError('invalid-input');
  const cleared = await scope.db.transaction().execute(async (trx) => {
    const call = await findTableCall(trx, scope.restaurantId, callId);
    if (!call) throw new AppError('not-found');
    if (call.clearedAt || !(await clearOpenTableCall(trx, scope.restaurantId, callId, scope.actor.id, new Date().toISOString()))) return undefined;
    await recordAudit(withDb(scope, trx), { action: 'table.call.cleared', target: { type: 'tableCall', id: call.id }, after: { kind: call.kind, tableLabel: call.tableLabel } });
    const event: TableCallLiveEvent = { type: 'table.cleared', payload: { callId: call.id, locationId: call.locationId } };
    await appendLiveEvent(trx, { restaurantId: scope.restaurantId, channel: 'orders', ...event });
    return call;
  });
  if (!cleared) throw new AppError('table-call-gone');
  publishLive(scope.restaurantId, 'orders');
  return { tableLabel: cleared.tableLabel };
}
