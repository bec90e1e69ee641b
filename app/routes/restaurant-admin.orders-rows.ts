import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { BoardRowsInput } from '#app/modules/ordering/order-board.schema.ts';
import { getBoardRows } from '#app/modules/ordering/order-board.service.server.ts';
import type { Route } from './+types/restaurant-admin.orders-rows';

const headers = { 'Cache-Control': 'private, no-store' };

/**
 * The orders the board's live events named (`?id=` repeated, `?loc=` its filter), as the board
 * shows them, with the day's totals: the board merges them instead of reading itself again
 * (issue 26). Guarded as the board; bad input is a 400 naming its code.
 */
export const loader = restaurantRoute('orders.board', async ({ request }: Route.LoaderArgs, { scope }) => {
  const url = new URL(request.url);
  const parsed = BoardRowsInput.safeParse({ ids: url.searchParams.getAll('id'), loc: url.searchParams.get('loc') });
  if (!parsed.success) return Response.json({ code: 'invalid-input' }, { status: 400, headers });
  try {
    const rows = await getBoardRows(scope, { orderIds: parsed.data.ids, locationId: parsed.data.loc, locale: getRequestLocale(request) });
    return Response.json(rows, { headers });
  } catch (error) {
    if (isAppError(error)) return Response.json({ code: error.code }, { status: error.status, headers });
    throw error;
  }
});
