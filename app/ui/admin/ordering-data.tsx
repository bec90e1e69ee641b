import { useTranslation } from 'react-i18next';
import type { OrderingDataSummary } from '#app/modules/retention/retention.types.ts';

// i18n-keys: orderingData.ordersLast30Days orderingData.reservationsLast30Days orderingData.orders orderingData.reservations
export function OrderingData({ summary }: { summary: OrderingDataSummary }) {
  const { t } = useTranslation();
  const state = (on: boolean) => (on ? t('orderingData.on') : t('orderingData.off'));
  return (
    <section aria-labelledby="ordering-data-title" data-testid="restaurant-ordering">
      <h2 id="ordering-data-title" className="mt-8 text-xl font-semibold">
        {t('orderingData.title')}
      </h2>
      <p className="mt-2">
        {t('orderingData.ordersOn', { state: state(summary.ordersOn) })} · {t('orderingData.reservationsOn', { state: state(summary.reservationsOn) })}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(['ordersLast30Days', 'reservationsLast30Days', 'orders', 'reservations'] as const).map((key) => (
          <div key={key} className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
            <dt>{t(`orderingData.${key}`)}</dt>
            <dd className="text-xl font-semibold">{summary[key]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">{t('orderingData.retention', { days: summary.contactRetentionDays })}</p>
    </section>
  );
}
