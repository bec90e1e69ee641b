import { LiveControls } from '#app/ui/order-board/live-controls.tsx';
import type { TableCallView } from '#app/modules/ordering/table-calls.types.ts';
import { TableCallsStrip } from '#app/ui/order-board/table-calls-strip.tsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { KitchenDisplay, KitchenScreen } from '#app/modules/ordering/kitchen-display.types.ts';
import { boardButton } from '#app/ui/order-board/order-card.tsx';
import { useBeep } from '#app/ui/order-board/use-live-orders.ts';
import { KitchenTicketCard, ScreenKeyFields } from './kitchen-ticket.tsx';
import { useKitchenClock, useKitchenLive } from './use-kitchen-live.ts';

const screenHref = (slug: string, screen: KitchenScreen) =>
  `/${slug}/admin/kitchen?${screen.stationId ? `station=${encodeURIComponent(screen.stationId)}` : `location=${encodeURIComponent(screen.locationId)}`}`;

/** A screen's name: its station's, or "Bucătărie" for a location without stations. */
function useScreenName() {
  const { t } = useTranslation();
  return (screen: KitchenScreen) => t('kitchen.screenOf', { station: screen.name ?? t('kitchen.kitchen'), location: screen.locationName });
}

/** No screen named and several to choose from: one link per screen, to bookmark on its tablet. */
function ScreenChooser({ display, slug }: { display: KitchenDisplay; slug: string }) {
  const { t } = useTranslation();
  const nameOf = useScreenName();
  return (
    <section aria-labelledby="kitchen-choose" className="space-y-3">
      <h2 id="kitchen-choose" className="text-xl font-semibold">
        {t('kitchen.choose')}
      </h2>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('kitchen.chooseIntro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="kitchen-screens">
        {display.screens.map((screen) => (
          <li key={screen.stationId ?? screen.locationId}>
            <Link to={screenHref(slug, screen)} className={`${boardButton} w-full text-lg`}>
              {nameOf(screen)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The kitchen display (issue 36 item 2): one station's tickets, oldest first, with their waits
 * counting on the device; the dishes still to make ("all day"); recall of the last bumped ticket; a
 * beep for each new ticket once the sound is turned on (a tap: browsers need a gesture). Live
 * through the orders stream (useKitchenLive). Every control is a plain form.
 */
export function KitchenDisplayView({
  display,
  since,
  slug,
  failed,
  calls = [],
  read,
}: {
  display: KitchenDisplay;
  since: number;
  slug: string;
  failed?: string | undefined;
  /** reads the screen again (useScreenReads) */
  read: () => void;
  /** the open calls from the screen's location's tables (issue 36 item 5) */
  calls?: readonly TableCallView[];
}) {
  const { t } = useTranslation();
  const nameOf = useScreenName();
  const screen = display.screen;
  const { connected } = useKitchenLive(slug, screen?.locationId ?? null, since, read);
  const now = useKitchenClock(display.now);
  const sound = useBeep();
  const beep = useRef(sound.beep);
  beep.current = sound.beep;
  // a beep when a ticket appears that the screen did not show before (not for the first data)
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    const ids = new Set([...display.tickets.map((ticket) => ticket.orderId), ...calls.map((call) => call.id)]);
    if (seen.current && [...ids].some((id) => !seen.current!.has(id))) beep.current();
    seen.current = ids;
  }, [display.tickets, calls]);

  if (!screen) return <ScreenChooser display={display} slug={slug} />;
  return (
    <section aria-labelledby="kitchen-title" className="space-y-3" data-testid="kitchen-display">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="kitchen-title" className="text-2xl font-bold">
          {nameOf(screen)}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <LiveControls connected={connected} sound={sound} />
          {display.lastBumped ? (
            <Form method="post" preventScrollReset>
              <ScreenKeyFields screen={screen} />
              <button type="submit" name="intent" value="recall" className={boardButton}>
                {t('kitchen.recall', { number: display.lastBumped.number })}
              </button>
            </Form>
          ) : null}
          {display.screens.length > 1 ? (
            <Link to={`/${slug}/admin/kitchen`} className={boardButton}>
              {t('kitchen.otherScreens')}
            </Link>
          ) : null}
          <Link to={`/${slug}/admin/orders`} className={boardButton}>
            {t('kitchen.ordersLink')}
          </Link>
        </div>
      </div>
      <TableCallsStrip calls={calls} />
      {failed ? (
        <p role="alert" className="rounded-lg bg-primary-50 p-3 font-medium text-primary-800 dark:bg-stone-800 dark:text-primary-100">
          {failed}
        </p>
      ) : null}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_14rem]">
        <div>
          {display.tickets.length === 0 ? (
            <p className="rounded-lg bg-stone-100 p-4 text-lg dark:bg-stone-800">{t('kitchen.empty')}</p>
          ) : (
            <ul className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] items-start gap-3" data-testid="kitchen-tickets" aria-label={t('kitchen.title')}>
              {display.tickets.map((ticket) => (
                <KitchenTicketCard key={ticket.orderId} ticket={ticket} screen={screen} now={now} />
              ))}
            </ul>
          )}
        </div>
        <section aria-labelledby="kitchen-all-day" className="order-first self-start rounded-xl bg-stone-100 p-3 lg:order-none dark:bg-stone-800">
          <h3 id="kitchen-all-day" className="font-semibold">
            {t('kitchen.allDay')}
          </h3>
          {display.allDay.length === 0 ? <p className="mt-1">{t('kitchen.allDayEmpty')}</p> : null}
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 lg:block" data-testid="kitchen-all-day">
            {display.allDay.map((dish) => (
              <li key={dish.name} className="text-lg">
                <span className="font-black tabular-nums">{dish.quantity}</span> {dish.name}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
