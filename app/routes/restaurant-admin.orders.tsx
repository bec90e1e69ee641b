import { useActionData, useNavigation } from 'react-router';
import { pageI18n } from '#app/i18n/page-i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { liveCursor } from '#app/modules/live/live-events.server.ts';
import { waitingCount } from '#app/modules/ordering/order-board-merge.ts';
import { AcceptOrderInput, DeclineOrderInput, MoveOrderInput, PauseOrdersInput } from '#app/modules/ordering/order-board.schema.ts';
import { acceptOrder, declineOrder, getOrderBoard, markOrderReady, markOrderServed } from '#app/modules/ordering/order-board.service.server.ts';
import { KitchenLineInput } from '#app/modules/ordering/kitchen-display.schema.ts';
import { takeBackOrderLine } from '#app/modules/ordering/order-line-take-back.service.server.ts';
import { setOrdersPaused } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { clearTableCall, getOpenTableCalls } from '#app/modules/ordering/table-calls.service.server.ts';
import { boardTitle, OrderBoardView } from '#app/ui/order-board/order-board.tsx';
import { lastScreenOnLostRead } from '#app/ui/order-board/orders-stream.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { localeFromMatches } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.orders';

/**
 * The tab's title counts the orders waiting to be accepted: "(3) Comenzi". The page's own i18n
 * (meta runs in the browser too: i18n.ts would bring both languages' whole catalogues into the
 * board's first load).
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = pageI18n(localeFromMatches(matches));
  return [{ title: boardTitle(loaderData ? waitingCount(loaderData.board) : 0, t('orders.title'), t('app.name')) }, { name: 'description', content: t('orders.description') }];
};

/**
 * The staff's orders board (issue 25): the live cursor is read BEFORE the data, so an order placed
 * in between reaches the board through its stream (decision 0031) and none is lost.
 */
export const loader = restaurantRoute('orders.board', async ({ request }: Route.LoaderArgs, { scope }) => {
  const since = await liveCursor(scope, 'orders');
  const locationId = new URL(request.url).searchParams.get('loc');
  const [board, calls] = await Promise.all([getOrderBoard(scope, { locale: getRequestLocale(request), locationId }), getOpenTableCalls(scope, locationId)]);
  return { since, board, calls };
});

export const action = restaurantRoute('orders.board', async ({ request }: Route.ActionArgs, { scope }) => {
  const values = formValues(await request.formData());
  return runEditorAction(request, values, async (t) => {
    switch (values.intent) {
      case 'accept':
        return { message: t('orders.acceptedDone', await acceptOrder(scope, AcceptOrderInput.parse(values))) };
      case 'decline':
        return { message: t('orders.declinedDone', await declineOrder(scope, DeclineOrderInput.parse(values))) };
      case 'ready':
        return { message: t('orders.readyDone', await markOrderReady(scope, MoveOrderInput.parse(values))) };
      case 'served':
        return { message: t('orders.servedDone', await markOrderServed(scope, MoveOrderInput.parse(values))) };
      case 'clear-call':
        return { message: t('tableCalls.clearedDone', await clearTableCall(scope, String(values.callId ?? ''))) };
      case 'take-back':
        return { message: t('takeBack.done', await takeBackOrderLine(scope, KitchenLineInput.parse(values).lineId)) };
      case 'pause':
      case 'resume': {
        const { locationId } = PauseOrdersInput.parse(values);
        await setOrdersPaused(scope, getStorage(), locationId, values.intent === 'pause');
        const location = String(values.locationName ?? '').slice(0, 120);
        return { message: t(values.intent === 'pause' ? 'orders.pausedDone' : 'orders.resumedDone', { location }) };
      }
      default:
        throw new AppError('invalid-input');
    }
  });
});

/**
 * A whole read of the board lost to the network (after an action, a call from a table, a row read refused) keeps the
 * board on the screen; the orders of the events since its cursor are read again on top of it (useLiveBoard).
 */
const screens = lastScreenOnLostRead<Awaited<ReturnType<typeof loader>>>();

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return screens.load(request, serverLoader);
}

export default function OrdersBoardRoute({ loaderData, params }: Route.ComponentProps) {
  screens.first(loaderData);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  useActionToast(result, navigation.state);
  const failed = result && !result.ok ? result : undefined;
  return <OrderBoardView board={loaderData.board} since={loaderData.since} slug={params.restaurantSlug} failed={failed} calls={loaderData.calls} />;
}
