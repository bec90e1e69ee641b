import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { getInsights, parseRange } from '#app/modules/insights/insights.service.server.ts';
import { RANGES, SEARCH_PRIVACY_K, type Figure } from '#app/modules/insights/insights.types.ts';
import { BarChart } from '#app/ui/charts/bar-chart.tsx';
import { LineChart } from '#app/ui/charts/line-chart.tsx';
import { OrderInsightsSection } from '#app/ui/insights/order-insights-section.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.insights';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'insights.title', 'insights.description');

/** Owner insights (modules/insights): what guests look at, counted without tracking anyone. */
export const loader = restaurantRoute('insights.view', async ({ request, params }: Route.LoaderArgs, { scope: owner }) => {
  const url = new URL(request.url);
  const insights = await getInsights(owner, { range: parseRange(url.searchParams.get('range')), locationId: url.searchParams.get('loc'), locale: getRequestLocale(request) });
  return { insights, slug: params.restaurantSlug };
});

const card = 'rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900';

// i18n-keys: insights.hint.* insights.source.* insights.lang.*
export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { insights, slug } = loaderData;
  const query = new URLSearchParams({ range: String(insights.range), ...(insights.locationId ? { loc: insights.locationId } : {}) });
  const chartText = (title: string, description: string, labelHeader: string) => ({ title, description, labelHeader, tableSummary: t('insights.tableSummary') });
  const weekdays = t('insights.weekdays').split(' ');
  return (
    <section aria-labelledby="insights-title" className="space-y-6">
      <div>
        <h2 id="insights-title" className="text-xl font-semibold">
          {t('insights.heading')}
        </h2>
        <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('insights.intro')}</p>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium">
          {t('insights.range')}
          <select
            name="range"
            defaultValue={insights.range}
            className="min-h-11 rounded-lg border border-stone-400 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900"
          >
            {RANGES.map((days) => (
              <option key={days} value={days}>
                {days === 7 ? t('insights.rangeDays7') : t('insights.rangeDays', { count: days })}
              </option>
            ))}
          </select>
        </label>
        {insights.locations.length > 1 ? (
          <label className="grid gap-1 text-sm font-medium">
            {t('insights.location')}
            <select
              name="loc"
              defaultValue={insights.locationId ?? ''}
              className="min-h-11 rounded-lg border border-stone-400 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900"
            >
              <option value="">{t('insights.allLocations')}</option>
              {insights.locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="min-h-11 rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
          {t('insights.apply')}
        </button>
        {insights.hasData || insights.orders.any ? (
          <a
            href={`/${slug}/admin/insights.csv?${query}`}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-stone-400 px-4 font-semibold dark:border-stone-600"
          >
            {t('insights.exportCsv')}
          </a>
        ) : null}
      </Form>

      {!insights.hasData ? (
        <div className={card} data-testid="insights-empty">
          <h3 className="text-lg font-semibold">{t('insights.emptyTitle')}</h3>
          <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('insights.emptyBody')}</p>
        </div>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FigureCard label={t('insights.figureViews')} figure={insights.figures.views} testId="figure-views" />
            <FigureCard label={t('insights.figureDishOpens')} figure={insights.figures.dishOpens} testId="figure-dish-opens" />
            <FigureCard label={t('insights.figureSearches')} figure={insights.figures.searches} testId="figure-searches" />
            <FigureCard label={t('insights.figureAllergens')} figure={insights.figures.allergenFilters} testId="figure-allergens" />
          </dl>

          {insights.hints.length > 0 ? (
            <div className={card}>
              <h3 className="font-semibold">{t('insights.hints')}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="insights-hints">
                {insights.hints.map((hint) => (
                  <li key={hint.key}>{t(`insights.hint.${hint.key}`, hint.params)}</li>
                ))}
              </ul>
            </div>
          ) : null}

          <LineChart
            text={chartText(t('insights.viewsPerDay'), t('insights.viewsPerDayDesc'), t('insights.day'))}
            series={[{ name: t('insights.views'), data: insights.viewsPerDay.map((d) => ({ label: d.day.slice(5), value: d.views })) }]}
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <BarChart
              text={chartText(t('insights.byHour'), t('insights.byHourDesc'), t('insights.hour'))}
              seriesName={t('insights.views')}
              data={insights.byHour.map((value, hour) => ({ label: String(hour).padStart(2, '0'), value }))}
            />
            <BarChart
              text={chartText(t('insights.byWeekday'), t('insights.byWeekdayDesc'), t('insights.weekday'))}
              seriesName={t('insights.views')}
              data={insights.byWeekday.map((value, i) => ({ label: weekdays[i] ?? String(i + 1), value }))}
            />
            <BarChart
              text={chartText(t('insights.sources'), t('insights.sourcesDesc'), t('insights.sourceLabel'))}
              seriesName={t('insights.views')}
              data={insights.sources.map((s) => ({ label: t(`insights.source.${s.key}`), value: s.count }))}
            />
            <BarChart
              text={chartText(t('insights.languages'), t('insights.languagesDesc'), t('insights.language'))}
              seriesName={t('insights.views')}
              data={insights.languages.map((l) => ({ label: t(`insights.lang.${l.key}`, { defaultValue: l.key }), value: l.count }))}
            />
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <Panel title={t('insights.viaCodes')} testId="insights-via">
              <CountTable head={[t('insights.viaCode'), t('insights.views')]} rows={insights.viaCodes.map((v) => [v.label, v.count])} empty={t('insights.nothingYet')} />
            </Panel>
            <Panel title={t('insights.topDishes')} testId="insights-dishes">
              <CountTable head={[t('insights.dish'), t('insights.opens')]} rows={insights.topDishes.map((d) => [d.name, d.count])} empty={t('insights.nothingYet')} />
            </Panel>
            <Panel title={t('insights.neverOpened')} testId="insights-never-opened">
              {insights.neverOpened.length === 0 ? (
                <p className="text-stone-700 dark:text-stone-300">{insights.figures.views.value > 0 ? t('insights.neverOpenedNone') : t('insights.nothingYet')}</p>
              ) : (
                <>
                  <ul className="list-disc space-y-1 pl-5">
                    {insights.neverOpened.slice(0, 10).map((d) => (
                      <li key={d.id}>{d.name}</li>
                    ))}
                  </ul>
                  {insights.neverOpened.length > 10 ? (
                    <details className="mt-2">
                      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
                        {t('insights.neverOpenedMore', { count: insights.neverOpened.length - 10 })}
                      </summary>
                      <ul className="list-disc space-y-1 pl-5">
                        {insights.neverOpened.slice(10).map((d) => (
                          <li key={d.id}>{d.name}</li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </>
              )}
            </Panel>
            <Panel title={t('insights.searches')} testId="insights-searches">
              <p className="mb-2 text-sm text-stone-700 dark:text-stone-300">{t('insights.searchesNote', { k: SEARCH_PRIVACY_K })}</p>
              <CountTable
                head={[t('insights.term'), t('insights.result'), t('insights.times')]}
                rows={insights.searches.map((s) => [s.term, s.matched ? t('insights.found') : t('insights.notFound'), s.count])}
                empty={t('insights.searchesNone')}
              />
            </Panel>
            <Panel title={t('insights.allergens')} testId="insights-allergens">
              <CountTable
                head={[t('insights.allergen'), t('insights.allergenHidden')]}
                rows={insights.allergens.map((a) => [t(`allergen.${a.key}`), a.count])}
                empty={t('insights.nothingYet')}
              />
            </Panel>
          </div>
        </>
      )}
      {insights.orders.any ? <OrderInsightsSection orders={insights.orders} /> : null}
    </section>
  );
}

function FigureCard({ label, figure, testId }: { label: string; figure: Figure; testId: string }) {
  const { t } = useTranslation();
  const change =
    figure.change === null
      ? t('insights.changeNone')
      : figure.change > 0
        ? t('insights.changeUp', { percent: figure.change })
        : figure.change < 0
          ? t('insights.changeDown', { percent: -figure.change })
          : t('insights.changeSame');
  return (
    <div className={card} data-testid={testId}>
      <dt className="text-sm text-stone-700 dark:text-stone-300">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums">{figure.value}</dd>
      <dd className="mt-1 text-sm text-stone-700 dark:text-stone-300">{change}</dd>
    </div>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={card} data-testid={testId}>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function CountTable({ head, rows, empty }: { head: string[]; rows: (string | number)[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-stone-700 dark:text-stone-300">{empty}</p>;
  return (
    <table className="w-full text-left">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={`border-b border-stone-200 py-1 text-sm font-medium dark:border-stone-700 ${i === head.length - 1 ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join('|')}>
            {row.map((value, i) => (
              <td key={i} className={`border-b border-stone-100 py-1 dark:border-stone-800 ${i === row.length - 1 ? 'text-right tabular-nums' : ''}`}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
