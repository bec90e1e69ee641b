import { LiveControls } from './live-controls.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useSubmit } from 'react-router';
import { formatPrice } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { waitingCount } from '#app/modules/ordering/order-board-merge.ts';
import type { OrderBoard } from '#app/modules/ordering/order-board.types.ts';
import type { TableCallView } from '#app/modules/ordering/table-calls.types.ts';
import { boardButton, OrderCard } from './order-card.tsx';
import { TableCallsStrip } from './table-calls-strip.tsx';
import { useBeep, useLiveBoard } from './use-live-orders.ts';

// i18n-keys: orders.status.*
const TOTAL_STATUSES = ['received', 'accepted', 'ready', 'served', 'declined'] as const;

/** The tab's title counts the orders waiting to be accepted: "(3) Comenzi · Bucate" (the route's meta, then the live board). */
export function boardTitle(waiting: number, title: string, appName: string): string {
  return `${waiting > 0 ? `(${waiting}) ` : ''}${title} · ${appName}`;
}

/**
 * The staff's orders board (issue 25): live state and sound, the location filter, each location's
 * pause switch, the day's totals and list. Every control is a plain form first (it works before
 * the script loads and without it); the live stream and the sound come with JavaScript.
 */
export function OrderBoardView({
  board: loaded,
  since,
  slug,
  failed,
  calls = [],
}: {
  board: OrderBoard;
  since: number;
  slug: string;
  failed?: Extract<ActionResult, { ok: false }> | undefined;
  /** the open calls from the tables (issue 36) */
  calls?: readonly TableCallView[];
}) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const sound = useBeep();
  const { board, connected } = useLiveBoard(slug, loaded, since, sound.beep);
  const title = boardTitle(waitingCount(board), t('orders.title'), t('app.name'));
  // the route's meta counted the page's data; the live board keeps the count
  useEffect(() => {
    document.title = title;
  }, [title, board]);
  const money = (minor: number) => formatPrice(minor, board.currency, i18n.language);
  const switchable = board.locations.filter((location) => location.ordering?.enabled);

  return (
    <section aria-labelledby="orders-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="orders-title" className="text-xl font-semibold">
            {t('orders.heading')}
          </h2>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{t('orders.intro', { day: board.serviceDay })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveControls connected={connected} sound={sound} />
          <Link to={`/${slug}/admin/kitchen`} className={boardButton} data-testid="kitchen-link">
            {t('kitchen.boardLink')}
          </Link>
        </div>
      </div>

      {board.locations.map((location) =>
        location.ordering?.ceilingHitAt ? (
          <p
            key={location.id}
            role="alert"
            className="rounded-lg bg-primary-50 p-3 font-medium text-primary-800 dark:bg-stone-800 dark:text-primary-100"
            data-testid="ceiling-notice"
          >
            {t('orders.ceilingHit', { max: location.ordering.ceiling, location: location.name, at: location.ordering.ceilingHitAt })}
          </p>
        ) : null,
      )}

      <TableCallsStrip calls={calls} />

      {failed ? (
        <p role="alert" className="rounded-lg bg-primary-50 p-3 font-medium text-primary-800 dark:bg-stone-800 dark:text-primary-100">
          {Object.values(failed.fieldErrors)[0] ?? failed.error}
        </p>
      ) : null}

      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        {board.locations.length > 1 ? (
          <Form method="get" className="flex flex-wrap items-end gap-2" onChange={(event) => submit(event.currentTarget)}>
            <label className="text-sm font-medium">
              {t('orders.location')}
              <select
                name="loc"
                defaultValue={board.locationId ?? ''}
                className="mt-1 block min-h-11 rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
              >
                <option value="">{t('orders.allLocations')}</option>
                {board.locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className={boardButton}>
                {t('orders.show')}
              </button>
            </noscript>
          </Form>
        ) : null}
        <div>
          <h3 className="text-sm font-medium">{t('orders.pauseTitle')}</h3>
          {switchable.length === 0 ? <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{t('orders.orderingOff')}</p> : null}
          <ul className="mt-1 flex flex-wrap gap-2">
            {switchable.map((location) => (
              <li key={location.id}>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="locationId" value={location.id} />
                  <input type="hidden" name="locationName" value={location.name} />
                  <span className="inline-flex items-center gap-2 text-sm font-medium">
                    <span aria-hidden="true" className={`inline-block size-3 rounded-full ${location.ordering!.paused ? 'bg-primary-700' : 'bg-olive-600'}`} />
                    {location.name}: {location.ordering!.paused ? t('orders.paused') : t('orders.taking')}
                  </span>
                  <button type="submit" name="intent" value={location.ordering!.paused ? 'resume' : 'pause'} className={boardButton}>
                    {t(location.ordering!.paused ? 'orders.resume' : 'orders.pause', { location: location.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <section aria-labelledby="orders-totals">
        <h3 id="orders-totals" className="text-sm font-medium">
          {t('orders.totalsTitle')}
        </h3>
        <dl className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="board-totals">
          <div className="min-w-0 break-words rounded-lg bg-stone-100 p-2 dark:bg-stone-800">
            <dt className="text-sm">{t('orders.total')}</dt>
            <dd className="font-semibold">
              {board.totals.count} · {money(board.totals.totalMinor)}
            </dd>
          </div>
          {TOTAL_STATUSES.map((status) => (
            <div key={status} className="min-w-0 break-words rounded-lg bg-stone-100 p-2 dark:bg-stone-800">
              <dt className="text-sm">{t(`orders.status.${status}`)}</dt>
              <dd className="font-semibold">
                {board.totals.byStatus[status].count} · {money(board.totals.byStatus[status].totalMinor)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="orders-list">
        <h3 id="orders-list" className="sr-only">
          {t('orders.listTitle')}
        </h3>
        {board.orders.length === 0 ? (
          <p className="rounded-lg bg-stone-100 p-4 dark:bg-stone-800">{t('orders.empty')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="board-orders">
            {board.orders.map((order) => (
              <OrderCard key={order.id} order={order} slug={slug} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
