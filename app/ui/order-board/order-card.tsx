import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { formatPrice } from '#app/i18n/localized.ts';
import { ETA_MINUTES, MAX_DECLINE_REASON, type BoardOrder } from '#app/modules/ordering/order-board.types.ts';
import { OrderAllergies, OrderLines } from './order-lines.tsx';

export const boardButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-400 px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';
const primaryButton = 'inline-flex min-h-11 items-center justify-center rounded-lg bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800';
const input = 'mt-1 block min-h-11 rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900';

// i18n-keys: orders.status.*
const BADGE: Record<BoardOrder['status'], string> = {
  received: 'bg-primary-700 text-white',
  accepted: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  ready: 'bg-olive-100 text-olive-900 dark:bg-olive-800 dark:text-olive-100',
  served: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
  declined: 'bg-stone-200 text-stone-800 line-through dark:bg-stone-700 dark:text-stone-100',
};

/** The order and the state the board showed it in: what every move posts (a colleague's change in between is a 409). */
function Target({ order }: { order: BoardOrder }) {
  return (
    <>
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="status" value={order.status} />
    </>
  );
}

/** One order: who and what, its state, and the moves its state allows, each a plain form. */
export function OrderCard({ order, slug }: { order: BoardOrder; slug: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const open = order.status === 'received' || order.status === 'accepted' || order.status === 'ready';
  const who = order.kind === 'dineIn' ? (order.tableLabel ?? '—') : t('orders.pickupFor', { name: order.customerName ?? '—', time: order.pickupTime ?? '—' });
  return (
    <li
      aria-labelledby={`${id}-title`}
      data-testid="board-order"
      data-order-id={order.id}
      data-status={order.status}
      className={`min-w-0 break-words rounded-xl border bg-white p-4 shadow-sm dark:bg-stone-900 ${order.status === 'received' ? 'border-primary-600 ring-2 ring-primary-600/30' : 'border-stone-200 dark:border-stone-800'} ${open ? '' : 'opacity-80'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-bold">
          {t('orders.ticketNumber', { number: order.number })} <span className="font-semibold">· {who}</span>
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGE[order.status]}`}>{t(`orders.status.${order.status}`)}</span>
      </div>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {[order.locationName, t('orders.placedAt', { time: order.placedAt }), order.kind === 'pickup' ? order.customerPhone : null].filter(Boolean).join(' · ')}
        {order.status === 'accepted' && order.etaMinutes ? ` · ${t('orders.eta', { minutes: order.etaMinutes })}` : ''}
      </p>
      <OrderAllergies order={order} />
      <OrderLines order={order} canTakeBack={open} />
      <p className="mt-2 font-semibold">
        {t('orders.total')}: {formatPrice(order.totalMinor, order.currency, i18n.language)}
      </p>
      {order.status === 'declined' && order.declineReason ? <p className="mt-1 text-sm">{t('orders.declinedBecause', { reason: order.declineReason })}</p> : null}

      <div className="mt-3 flex flex-wrap items-end gap-2">
        {order.status === 'received' ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <Target order={order} />
            <label className="text-sm font-medium">
              {t('orders.minutes')}
              <input name="minutes" type="number" inputMode="numeric" required min={ETA_MINUTES.min} max={ETA_MINUTES.max} defaultValue={15} className={`${input} w-24`} />
            </label>
            <button type="submit" name="intent" value="accept" className={primaryButton}>
              {t('orders.accept')}
            </button>
          </Form>
        ) : null}
        {order.status === 'accepted' ? (
          <Form method="post">
            <Target order={order} />
            <button type="submit" name="intent" value="ready" className={primaryButton}>
              {t('orders.markReady')}
            </button>
          </Form>
        ) : null}
        {order.status === 'accepted' || order.status === 'ready' ? (
          <Form method="post">
            <Target order={order} />
            <button type="submit" name="intent" value="served" className={order.status === 'ready' ? primaryButton : boardButton}>
              {t('orders.markServed')}
            </button>
          </Form>
        ) : null}
        <a href={`/${slug}/admin/orders/${order.id}/ticket.pdf?lang=${i18n.language}`} target="_blank" rel="noopener" className={boardButton}>
          {t('orders.ticket')}
          <span className="sr-only"> {t('editor.opensInNewTab')}</span>
        </a>
      </div>
      {order.status === 'received' || order.status === 'accepted' ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-primary-800 dark:text-primary-100">{t('orders.declineOpen')}</summary>
          <Form method="post" className="mt-2 space-y-2">
            <Target order={order} />
            <label className="block text-sm font-medium">
              {t('orders.reason')}
              <input name="reason" required maxLength={MAX_DECLINE_REASON} className={`${input} w-full`} />
            </label>
            {order.canBlockTable ? (
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="blockTable" className="size-5" />
                {t('orders.blockTable')}
              </label>
            ) : null}
            <button type="submit" name="intent" value="decline" className={boardButton}>
              {t('orders.decline')}
            </button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}
