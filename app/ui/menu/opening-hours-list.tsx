import { useTranslation } from 'react-i18next';
import type { MenuRestaurant } from '#app/modules/guest-menu/menu.types.ts';
import type { OpeningException } from '#app/modules/restaurant/opening-exceptions.ts';
import { groupOpeningHours, type OpeningHours } from '#app/modules/restaurant/opening-hours.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "25 decembrie" or "25–26 decembrie" in the guest's language (the dates are the restaurant's own). */
function formatDates(exception: OpeningException, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' })));
  const from = new Date(`${exception.from}T12:00:00Z`);
  return exception.to === exception.from ? format.format(from) : format.formatRange(from, new Date(`${exception.to}T12:00:00Z`));
}

const rangesText = (ranges: [string, string][]) => ranges.map(([from, to]) => `${from}–${to}`).join(', ');

/**
 * The owner's note on a closure ("Crăciun") is written in Romanian only (the settings form has one
 * field, no translation), so it is shown to Romanian guests; any other guest reads the dates and
 * "closed" in their own language, never a Romanian word inside their sentence (issue 23).
 */
const noteIn = (exception: OpeningException, locale: string) => (locale === 'ro' ? exception.note : null);

/**
 * The restaurant's hours: open or closed now (closed days and special hours applied), today's
 * exception or one starting within a week (`opening.soon`: December's closure is not said beside
 * "closed now" in November), then, on demand, the week grouped (Luni – Vineri 08:00–22:00) and
 * every day ahead with other hours (decision 0022). One row on a phone: the status and its toggle.
 */
export function OpeningHoursList({ hours, opening, locale }: { hours: OpeningHours | null; opening: MenuRestaurant['opening']; locale: string }) {
  const { t } = useTranslation();
  const exceptionText = (exception: OpeningException) => {
    const text =
      exception.hours.length === 0
        ? t('serving.closedOn', { dates: formatDates(exception, locale) })
        : t('serving.specialOn', { dates: formatDates(exception, locale), hours: rangesText(exception.hours) });
    const note = noteIn(exception, locale);
    return note ? `${text} (${note})` : text;
  };
  const { today } = opening;
  const todayNote = today ? noteIn(today, locale) : null;
  const todayText = !today
    ? null
    : today.hours.length === 0
      ? todayNote
        ? t('serving.closedTodayFor', { note: todayNote })
        : t('serving.closedToday')
      : todayNote
        ? t('serving.specialTodayFor', { note: todayNote, hours: rangesText(today.hours) })
        : t('serving.specialToday', { hours: rangesText(today.hours) });
  const next = today ? null : opening.soon;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
      {opening.openNow !== null || todayText || next ? (
        <p className="flex flex-wrap gap-x-2" data-testid="opening-status">
          {opening.openNow === null ? null : <strong className="font-semibold">{t(opening.openNow ? 'serving.openNow' : 'serving.closedNow')}</strong>}
          {todayText ? <span>{todayText}</span> : null}
          {next ? <span>{exceptionText(next)}</span> : null}
        </p>
      ) : null}
      <details className="open:basis-full">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium underline underline-offset-4">{t('menu.openingHours')}</summary>
        {hours ? (
          <dl className="grid max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {groupOpeningHours(hours).map((group) => (
              <div key={group.from} className="contents">
                <dt>{group.from === group.to ? t(`weekday.${group.from}`) : `${t(`weekday.${group.from}`)} – ${t(`weekday.${group.to}`)}`}</dt>
                <dd className="tabular-nums">{group.ranges.length === 0 ? t('menu.closed') : rangesText(group.ranges)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {opening.upcoming.length > 0 ? (
          <>
            <p className="mt-2 font-medium">{t('serving.upcoming')}</p>
            <ul className="tabular-nums">
              {opening.upcoming.map((exception) => (
                <li key={exception.from}>{exceptionText(exception)}</li>
              ))}
            </ul>
          </>
        ) : null}
      </details>
    </div>
  );
}
