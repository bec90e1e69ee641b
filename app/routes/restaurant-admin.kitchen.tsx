import { useActionData, useNavigation } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { liveCursor } from '#app/modules/live/live-events.server.ts';
import { KitchenLineInput, KitchenScreenInput, KitchenTicketInput } from '#app/modules/ordering/kitchen-display.schema.ts';
import { bumpKitchenLine, bumpKitchenTicket, getKitchenDisplay, recallKitchenTicket } from '#app/modules/ordering/kitchen-display.service.server.ts';
import { clearTableCall, getOpenTableCalls } from '#app/modules/ordering/table-calls.service.server.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { KitchenDisplayView } from '#app/ui/kitchen/kitchen-display.tsx';
import { lastScreenOnLostRead } from '#app/ui/order-board/orders-stream.ts';
import { useScreenReads } from '#app/ui/kitchen/use-kitchen-live.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.kitchen';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'kitchen.title', 'kitchen.description');

/** The screen an address names; one it cannot name (an overlong key) shows the chooser, not an error. */
const screenOf = (url: URL) => {
  const parsed = KitchenScreenInput.safeParse({ station: url.searchParams.get('station'), location: url.searchParams.get('location') });
  return parsed.success ? parsed.data : { stationId: null, locationId: null };
};

/**
 * The kitchen display (issue 36 item 2): one screen per station, `?station=<id>` (or `?location=<id>`
 * for a location without stations), a chooser without either. The live cursor is read BEFORE the
 * data, as on the board (decision 0031), so an order placed in between reaches the screen.
 */
export const loader = restaurantRoute('orders.board', async ({ request }: Route.LoaderArgs, { scope }) => {
  const since = await liveCursor(scope, 'orders');
  const display = await getKitchenDisplay(scope, screenOf(new URL(request.url)), { locale: getRequestLocale(request) });
  // the calls from the tables of the screen's location (issue 36 item 5): every station sees them
  const calls = display.screen ? await getOpenTableCalls(scope, display.screen.locationId) : [];
  return { since, display, calls };
});

export const action = restaurantRoute('orders.board', async ({ request }: Route.ActionArgs, { scope }) => {
  const values = formValues(await request.formData());
  const screen = KitchenScreenInput.parse({ station: values.station, location: values.location });
  return runEditorAction(request, values, async (t) => {
    switch (values.intent) {
      case 'bump-line':
        return { message: t('kitchen.lineBumped', await bumpKitchenLine(scope, KitchenLineInput.parse(values).lineId)) };
      case 'bump-ticket':
        return { message: t('kitchen.bumped', await bumpKitchenTicket(scope, KitchenTicketInput.parse(values).orderId, screen)) };
      case 'clear-call':
        return { message: t('tableCalls.clearedDone', await clearTableCall(scope, String(values.callId ?? ''))) };
      case 'recall':
        return { message: t('kitchen.recalled', await recallKitchenTicket(scope, screen)) };
      default:
        throw new AppError('invalid-input');
    }
  });
});

/** A read lost to the network keeps the screen (the wall screen reads itself at each order's first event, pageReader). */
const screens = lastScreenOnLostRead<Awaited<ReturnType<typeof loader>>>();

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return screens.load(request, serverLoader);
}

export default function KitchenRoute({ loaderData, params }: Route.ComponentProps) {
  screens.first(loaderData);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  useActionToast(result, navigation.state);
  const failed = result && !result.ok ? result.error : undefined;
  const { data, read } = useScreenReads(loaderData);
  return <KitchenDisplayView display={data.display} since={loaderData.since} slug={params.restaurantSlug} failed={failed} calls={data.calls} read={read} />;
}
