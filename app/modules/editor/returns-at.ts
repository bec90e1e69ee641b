import type { TFunction } from 'i18next';
import { addDays, localMoment } from '#app/modules/restaurant/local-time.ts';
import { WEEK_DAYS, type WeekDay } from '#app/modules/restaurant/opening-hours.ts';

/**
 * When a dish sold out "until we open again" comes back, as the editor's row and toast say it
 * (issue 35 item 8): the day (a weekday within the coming week, else the date 'DD.MM') and the
 * local time, in the restaurant's time zone. Plain, browser-safe.
 */
export interface ReturnsAt {
  /** a weekday key ('fri') within six days of `now`, else the local date as 'DD.MM' */
  returnsOn: string;
  returnsTime: string;
}

export function returnsAt(at: number, timeZone: string, now: number): ReturnsAt {
  const moment = localMoment(at, timeZone);
  const soon = moment.date <= addDays(localMoment(now, timeZone).date, 6);
  const [, month, day] = moment.date.split('-');
  const time = `${String(Math.floor(moment.minutes / 60)).padStart(2, '0')}:${String(moment.minutes % 60).padStart(2, '0')}`;
  return { returnsOn: soon ? moment.weekDay : `${day}.${month}`, returnsTime: time };
}

/** "Revine la deschidere, vin. 12:00": the row's mark and the toast after the click. */
// i18n-keys: editor.weekdayShort.*
export function returnsLabel(t: TFunction, { returnsOn, returnsTime }: ReturnsAt): string {
  const day = (WEEK_DAYS as readonly string[]).includes(returnsOn) ? t(`editor.weekdayShort.${returnsOn as WeekDay}`) : returnsOn;
  return t('editor.returnsAtOpening', { day, time: returnsTime });
}
