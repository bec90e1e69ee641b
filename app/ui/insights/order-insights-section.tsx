import { useTranslation } from 'react-i18next';
import { SEARCH_PRIVACY_K, type OrderInsights } from '#app/modules/insights/insights.types.ts';
import { BarChart } from '#app/ui/charts/bar-chart.tsx';
import { LineChart } from '#app/ui/charts/line-chart.tsx';

const card = 'rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900';

/** A card with a two-column table of names and counts, or "nothing yet". */
function CountTable({ title, testId, note, headers, rows }: { title: string; testId: string; note?: string; headers: [string, string]; rows: [string, number][] }) {
  const { t } = useTranslation();
  return (
    <section className={card} data-testid={testId}>
      <h4 className="mb-2 font-semibold">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">{t('insights.nothingYet')}</p>
      ) : (
        <table className="w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="border-b border-stone-200 py-1 text-sm font-medium dark:border-stone-700">
                {headers[0]}
              </th>
              <th scope="col" className="border-b border-stone-200 py-1 text-right text-sm font-medium dark:border-stone-700">
                {headers[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, count]) => (
              <tr key={name}>
                <td className="border-b border-stone-100 py-1 dark:border-stone-800">{name}</td>
                <td className="border-b border-stone-100 py-1 text-right tabular-nums dark:border-stone-800">{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {note ? <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{note}</p> : null}
    </section>
  );
}

/**
 * The insights page's orders and reservations (issue 25 item 9): totals, orders per day and per
 * hour, the dishes ordered most and, beside them, the options chosen most (issue 35), reservations per day with their no-shows; SVG charts drawn on the
 * server, each with its numbers as a table.
 */
export function OrderInsightsSection({ orders }: { orders: OrderInsights }) {
  const { t } = useTranslation();
  const chartText = (title: string, description: string, labelHeader: string) => ({ title, description, labelHeader, tableSummary: t('insights.tableSummary') });
  const figures = [
    ['orderInsights.figureOrders', orders.totals.orders, 'figure-orders'],
    ['orderInsights.figureReservations', orders.totals.reservations, 'figure-reservations'],
    ['orderInsights.figureNoShows', orders.totals.noShows, 'figure-no-shows'],
  ] as const;
  return (
    <section aria-labelledby="order-insights-title" className="space-y-6" data-testid="order-insights">
      <div>
        <h3 id="order-insights-title" className="text-lg font-semibold">
          {t('orderInsights.heading')}
        </h3>
        <p className="mt-1 max-w-prose text-stone-700 dark:text-stone-300">{t('orderInsights.intro')}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(([label, value, testId]) => (
          <div key={label} className={card} data-testid={testId}>
            <dt className="text-sm text-stone-700 dark:text-stone-300">{t(label)}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <LineChart
        text={chartText(t('orderInsights.ordersPerDay'), t('orderInsights.ordersPerDayDesc'), t('insights.day'))}
        series={[{ name: t('orderInsights.orders'), data: orders.ordersPerDay.map((d) => ({ label: d.day.slice(5), value: d.orders })) }]}
      />
      <BarChart
        text={chartText(t('orderInsights.ordersByHour'), t('orderInsights.ordersByHourDesc'), t('insights.hour'))}
        seriesName={t('orderInsights.orders')}
        data={orders.ordersByHour.map((value, hour) => ({ label: String(hour).padStart(2, '0'), value }))}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <CountTable
          title={t('orderInsights.topOrdered')}
          testId="insights-ordered-dishes"
          headers={[t('insights.dish'), t('orderInsights.quantity')]}
          rows={orders.topOrdered.map((dish) => [dish.name, dish.quantity])}
        />
        <CountTable
          title={t('orderInsights.topOptions')}
          testId="insights-chosen-options"
          note={t('orderInsights.optionsK', { k: SEARCH_PRIVACY_K })}
          headers={[t('orderInsights.option'), t('orderInsights.chosen')]}
          rows={orders.topOptions.map((option) => [`${option.group}: ${option.name}`, option.count])}
        />
      </div>
      <LineChart
        text={chartText(t('orderInsights.reservationsPerDay'), t('orderInsights.reservationsPerDayDesc'), t('insights.day'))}
        series={[
          { name: t('orderInsights.reservations'), data: orders.reservationsPerDay.map((d) => ({ label: d.day.slice(5), value: d.reservations })) },
          { name: t('orderInsights.noShows'), data: orders.reservationsPerDay.map((d) => ({ label: d.day.slice(5), value: d.noShows })) },
        ]}
      />
    </section>
  );
}
