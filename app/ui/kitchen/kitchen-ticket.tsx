import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { waitLevel, type WaitLevel } from '#app/modules/kitchen/stations.types.ts';
import type { KitchenScreen, KitchenTicket } from '#app/modules/ordering/kitchen-display.types.ts';
import { OrderAllergies } from '#app/ui/order-board/order-lines.tsx';

// i18n-keys: kitchen.wait.*
const HEAD: Record<WaitLevel, string> = {
  fresh: 'bg-stone-800 text-white dark:bg-stone-700',
  warn: 'bg-amber-400 text-stone-950',
  late: 'bg-red-700 text-white',
};

const allergyBox = 'rounded-lg border-2 border-red-700 bg-red-50 px-2 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50';

/** The screen's key, posted with a ticket's bump and the recall. */
export function ScreenKeyFields({ screen }: { screen: KitchenScreen }) {
  return screen.stationId ? <input type="hidden" name="station" value={screen.stationId} /> : <input type="hidden" name="location" value={screen.locationId} />;
}

/**
 * One ticket: who, the order's number, "ADĂUGAT" when it adds to the table's open order, the wait in
 * the station's colours (and in words), then the lines, each a button that bumps it (quantity large,
 * options indented, the note and the allergy flag), and the button that bumps the whole ticket.
 */
export function KitchenTicketCard({ ticket, screen, now }: { ticket: KitchenTicket; screen: KitchenScreen; now: number }) {
  const { t } = useTranslation();
  const id = useId();
  const minutes = Math.max(0, Math.floor((now - Date.parse(ticket.placedAt)) / 60_000));
  const level = waitLevel(minutes, screen);
  const who = ticket.kind === 'dineIn' ? (ticket.tableLabel ?? '—') : t('kitchen.pickup', { name: ticket.customerName ?? '—', time: ticket.pickupTime ?? '—' });
  return (
    <li
      aria-labelledby={`${id}-title`}
      data-testid="kitchen-ticket"
      data-order-id={ticket.orderId}
      data-wait={level}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-stone-300 bg-white shadow-sm dark:border-stone-700 dark:bg-stone-900"
    >
      <div className={`flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 ${HEAD[level]}`}>
        <h3 id={`${id}-title`} className="min-w-0 break-words text-xl font-bold">
          {who} <span className="font-semibold">{t('kitchen.ticket', { number: ticket.number })}</span>
        </h3>
        <p className="text-lg font-bold tabular-nums" data-testid="kitchen-wait">
          {t('kitchen.waited', { minutes })}
          <span className="sr-only"> ({t(`kitchen.wait.${level}`)})</span>
          {level === 'fresh' ? null : <span aria-hidden="true"> · {t(`kitchen.wait.${level}`)}</span>}
        </p>
      </div>
      {ticket.added ? (
        <p className="bg-primary-700 px-3 py-1 text-center text-lg font-black tracking-widest text-white" data-testid="kitchen-added">
          {t('kitchen.added')}
        </p>
      ) : null}
      <div className="px-3">
        <OrderAllergies order={ticket} />
      </div>
      <ul className="flex-1 divide-y divide-stone-200 px-1 py-1 dark:divide-stone-800">
        {ticket.lines.map((line) => (
          <li key={line.id}>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="lineId" value={line.id} />
              <button
                type="submit"
                name="intent"
                value="bump-line"
                className="block min-h-11 w-full rounded-lg px-2 py-2 text-left hover:bg-stone-100 focus-visible:bg-stone-100 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800"
                data-testid="kitchen-line"
              >
                <span className="flex items-baseline gap-2">
                  <span className="sr-only">{t('kitchen.done')} </span>
                  <span className="text-3xl font-black tabular-nums">{line.quantity}×</span> <span className="min-w-0 break-words text-xl font-semibold">{line.name}</span>
                </span>
                {line.options.map((option, at) => (
                  <span key={at} className="block pl-10 text-lg" data-testid="kitchen-line-option">
                    {option.group}: <span className="font-semibold">{option.name}</span>
                  </span>
                ))}
                {line.note ? <span className="block pl-10 text-lg italic">» {line.note}</span> : null}
                {line.flagged.length > 0 ? (
                  <span className={`mt-1 ml-10 block text-base font-bold ${allergyBox} py-1`} data-testid="kitchen-line-flag">
                    <span aria-hidden="true">⚠ </span>
                    {t('orders.lineFlag', { allergens: line.flagged.map((key) => t(`allergen.${key}`)).join(', ') })}
                  </span>
                ) : null}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" preventScrollReset className="border-t border-stone-200 p-2 dark:border-stone-800">
        <input type="hidden" name="orderId" value={ticket.orderId} />
        <ScreenKeyFields screen={screen} />
        <button
          type="submit"
          name="intent"
          value="bump-ticket"
          className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-olive-700 px-4 text-lg font-bold text-white hover:bg-olive-800"
        >
          {t('kitchen.bumpTicket')}
          <span className="sr-only"> {t('kitchen.ticket', { number: ticket.number })}</span>
        </button>
      </Form>
    </li>
  );
}
