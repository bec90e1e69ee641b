import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { cancelLine, findLineWithOrder, setOrderTotal, sumOpenLines } from './kitchen-display.repo.server.ts';
import { OPEN_ORDER_STATUSES } from './order-board.types.ts';
import type { OrderLiveEvent } from './ordering.types.ts';

/**
 * Taking a line back from an open order (issue 36 item 4): the line gets `cancelledAt` (the kitchen
 * display drops it, a printer prints "ANULAT", the guest's page strikes it through), the order's
 * total is summed again without it, audited, and an `order.updated` event is appended last in the
 * transaction (decision 0031), so every board reads the order again. An order served or declined is
 * 'order-transition'; a line already taken back is 'line-changed'. The staff may (`orders.board`).
 */
export async function takeBackOrderLine(scope: RestaurantScope, lineId: string): Promise<{ number: number; totalMinor: number }> {
  authorize(scope, 'orders.board');
  const done = await scope.db.transaction().execute(async (trx) => {
    const line = await findLineWithOrder(trx, scope.restaurantId, lineId);
    if (!line) throw new AppError('not-found');
    if (!(OPEN_ORDER_STATUSES as readonly string[]).includes(line.status)) throw new AppError('order-transition', { number: line.number });
    const now = new Date().toISOString();
    if (!(await cancelLine(trx, scope.restaurantId, line.id, now))) throw new AppError('line-changed', { number: line.number });
    const totalMinor = await sumOpenLines(trx, scope.restaurantId, line.orderId);
    await setOrderTotal(trx, scope.restaurantId, line.orderId, totalMinor, now);
    await recordAudit(withDb(scope, trx), {
      action: 'order.line-cancel',
      target: { type: 'order', id: line.orderId },
      after: { lineId: line.id, name: line.nameRo, quantity: line.quantity, totalMinor },
    });
    const event: OrderLiveEvent = { type: 'order.updated', payload: { orderId: line.orderId, status: line.status, locationId: line.locationId } };
    await appendLiveEvent(trx, { restaurantId: scope.restaurantId, channel: 'orders', ...event });
    return { number: line.number, totalMinor };
  });
  publishLive(scope.restaurantId, 'orders');
  return done;
}
