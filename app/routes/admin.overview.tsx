import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { formatPrice } from '#app/i18n/localized.ts';
import { adminRoute } from '#app/modules/access/route-guards.server.ts';
import { OVERVIEW_RANGES, type OverviewRange } from '#app/modules/backoffice/backoffice.types.ts';
import { getOverview } from '#app/modules/backoffice/overview.service.server.ts';
import { AdminPage, fieldClass, smallButton } from '#app/ui/admin/admin-ui.tsx';
import { localeOf } from '#app/ui/admin/format.ts';
import { BarChart } from '#app/ui/charts/bar-chart.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/admin.overview';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'backoffice.overview.title', 'backoffice.overview.title');

/** The business at a glance over 30, 90 or 365 days (docs/decisions/0017-back-office.md). */
export const loader = adminRoute(async ({ request }: Route.LoaderArgs, admin) => {
  const asked = Number(new URL(request.url).searchParams.get('range'));
  const range: OverviewRange = (OVERVIEW_RANGES as readonly number[]).includes(asked) ? (asked as OverviewRange) : 30;
  return { overview: await getOverview(admin, range) };
});

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-stone-300 p-4 dark:border-stone-700">
      <dt className="text-stone-700 dark:text-stone-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold">{value}</dd>
      {detail ? <dd className="mt-1 text-sm text-stone-700 dark:text-stone-300">{detail}</dd> : null}
    </div>
  );
}

export default function AdminOverviewPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const o = loaderData.overview;
  const money = (minor: number) => formatPrice(minor, o.currency, locale);
  const delta = o.mrrMinor - o.mrrAtStartMinor;
  const percent = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ro-RO', { style: 'percent', maximumFractionDigits: 1 });
  return (
    <AdminPage title={t('backoffice.overview.title')}>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          <span>{t('backoffice.overview.range')}</span>
          <select name="range" defaultValue={String(o.range)} className={fieldClass}>
            {OVERVIEW_RANGES.map((days) => (
              <option key={days} value={days}>
                {t('backoffice.overview.rangeDays', { count: days })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={smallButton}>
          {t('backoffice.overview.show')}
        </button>
      </Form>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="overview-figures">
        <Figure label={t('backoffice.overview.signups')} value={String(o.signups)} />
        <Figure label={t('backoffice.overview.restaurants')} value={String(o.restaurants)} />
        <Figure label={t('backoffice.overview.activeTrials')} value={String(o.activeTrials)} />
        <Figure label={t('backoffice.overview.trialsEnding')} value={String(o.trialsEndingSoon)} />
        <Figure label={t('backoffice.overview.proCard')} value={String(o.proCard)} />
        <Figure label={t('backoffice.overview.proManual')} value={String(o.proManual)} />
        <Figure
          label={t('backoffice.overview.conversion')}
          value={o.conversionRate === null ? '–' : percent.format(o.conversionRate)}
          detail={
            o.conversionRate === null ? t('backoffice.overview.conversionNone') : t('backoffice.overview.conversionDetail', { converted: o.trialsConverted, ended: o.trialsEnded })
          }
        />
        <Figure
          label={t('backoffice.overview.mrr')}
          value={money(o.mrrMinor)}
          detail={t('backoffice.overview.mrrChange', { amount: money(o.mrrAtStartMinor), change: `${delta >= 0 ? '+' : '−'}${money(Math.abs(delta))}` })}
        />
        <Figure label={t('backoffice.overview.cancellations')} value={String(o.cancellations)} />
        <Figure label={t('backoffice.overview.menuViews')} value={String(o.menuViews)} />
      </dl>
      <div className="mt-8">
        <BarChart
          text={{
            title: t('backoffice.overview.chartTitle'),
            description: t('backoffice.overview.chartDescription'),
            labelHeader: t('backoffice.overview.chartDay'),
            tableSummary: t('backoffice.overview.chartTable'),
          }}
          seriesName={t('backoffice.overview.chartSeries')}
          data={o.signupsPerDay.map((d) => ({ label: d.day, value: d.count }))}
          maxTicks={5}
        />
      </div>
      <div className="mt-6">
        <BarChart
          text={{
            title: t('backoffice.overview.viewsChartTitle'),
            description: t('backoffice.overview.viewsChartDescription'),
            labelHeader: t('backoffice.overview.chartDay'),
            tableSummary: t('backoffice.overview.chartTable'),
          }}
          seriesName={t('backoffice.overview.menuViews')}
          data={o.viewsPerDay.map((d) => ({ label: d.day, value: d.views }))}
          maxTicks={5}
        />
      </div>
    </AdminPage>
  );
}
