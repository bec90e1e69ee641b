import { useTranslation } from 'react-i18next';
import { dayRuns, type CategorySchedule } from '#app/modules/category/category-schedule.ts';

/** "Luni – Vineri, 12:00–16:00": when a category is served, in the guest's language. */
export function useScheduleText(): (schedule: CategorySchedule) => string {
  const { t } = useTranslation();
  return (schedule) => {
    const days = dayRuns(schedule.days)
      .map((run) => (run.from === run.to ? t(`weekday.${run.from}`) : `${t(`weekday.${run.from}`)} – ${t(`weekday.${run.to}`)}`))
      .join(', ');
    return `${days}, ${schedule.from && schedule.to ? `${schedule.from}–${schedule.to}` : t('serving.allDay')}`;
  };
}

/**
 * Under a category's title on the guest menu: when it is served, and outside those hours a
 * "not served now" badge in words (not colour alone), for a category the owner chose to mark.
 */
export function CategoryServing({ schedule, servedNow }: { schedule: CategorySchedule | null; servedNow: boolean }) {
  const { t } = useTranslation();
  const scheduleText = useScheduleText();
  if (!schedule) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700 dark:text-stone-300" data-serving={servedNow ? 'now' : 'not-now'}>
      {servedNow ? null : (
        <strong className="rounded-full border border-stone-500 px-2 py-0.5 font-semibold text-stone-900 dark:border-stone-400 dark:text-stone-100">{t('serving.notNow')}</strong>
      )}
      <span>{t('serving.when', { when: scheduleText(schedule) })}</span>
    </p>
  );
}
