import { isLocale } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { renderOrderTicket } from '#app/modules/ordering/order-board.service.server.ts';
import type { Route } from './+types/restaurant-admin.order-ticket';

/** An order's kitchen ticket: an 80 mm receipt PDF, opened in the browser to print (`?lang=` ro or en). */
export const loader = restaurantRoute('orders.board', async ({ request, params }: Route.LoaderArgs, { scope }) => {
  const lang = new URL(request.url).searchParams.get('lang');
  try {
    const file = await renderOrderTicket(scope, params.orderId, lang && isLocale(lang) ? lang : getRequestLocale(request));
    return new Response(new Uint8Array(file.body), {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${file.filename}"`, 'Cache-Control': 'private, no-store' },
    });
  } catch (error) {
    if (isAppError(error)) return new Response('Not found', { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    throw error;
  }
});
