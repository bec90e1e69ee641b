import { useTranslation } from 'react-i18next';
import { groupOpeningHours, type OpeningHours } from '#app/modules/restaurant/opening-hours.ts';

/** The restaurant's hours, grouped (Luni – Vineri 08:00–22:00), closed days said in words. */
export function OpeningHoursList({ hours }: { hours: OpeningHours }) {
  const { t } = useTranslation();
  return (
    <details className="mt-1 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">{t('menu.openingHours')}</summary>
      <dl className="grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {groupOpeningHours(hours).map((group) => (
          <div key={group.from} className="contents">
            <dt>{group.from === group.to ? t(`weekday.${group.from}`) : `${t(`weekday.${group.from}`)} – ${t(`weekday.${group.to}`)}`}</dt>
            <dd className="tabular-nums">
              {group.ranges.length === 0 ? t('menu.closed') : group.ranges.map(([from, to]) => `${from}–${to}`).join(', ')}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
