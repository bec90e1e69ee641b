import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_FIELDS, type CategorySchedule } from '#app/modules/category/category-schedule.ts';
import type { FieldErrors } from '#app/modules/errors/action-result.ts';
import { WEEK_DAYS } from '#app/modules/restaurant/opening-hours.ts';
import { CheckboxField, TextField } from './fields.tsx';

const errorText = 'mt-1 text-sm font-medium text-primary-800 dark:text-primary-100';

// i18n-keys: schedule.mark schedule.hide weekday.*
/**
 * The category form's "when it is served" fields (decision 0022): the days, from/to (blank: all
 * day), "continues past midnight", and what guests see outside those hours. Unticked, the
 * category is always served and the rest stays folded away.
 */
export function CategoryScheduleFields({ schedule, errors }: { schedule: CategorySchedule | null; errors: FieldErrors }) {
  const { t } = useTranslation();
  const id = useId();
  const [enabled, setEnabled] = useState(schedule !== null || Boolean(errors.scheduleDays ?? errors.scheduleFrom ?? errors.scheduleTo ?? errors.scheduleOutside));
  return (
    <fieldset className="rounded-[10px] border border-stone-200 p-3 md:col-span-2 dark:border-stone-800">
      <legend className="px-1 font-semibold">{t('schedule.legend')}</legend>
      <CheckboxField label={t('schedule.enabled')} name={SCHEDULE_FIELDS.enabled} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
      {enabled ? (
        <div className="mt-2 grid gap-4">
          <fieldset aria-describedby={errors.scheduleDays ? `${id}-days-error` : undefined}>
            <legend className="font-medium">{t('schedule.days')}</legend>
            <div className="flex flex-wrap gap-x-4">
              {WEEK_DAYS.map((day) => (
                <CheckboxField key={day} label={t(`weekday.${day}`)} name={SCHEDULE_FIELDS.day(day)} defaultChecked={schedule ? schedule.days.includes(day) : true} />
              ))}
            </div>
            {errors.scheduleDays ? (
              <p id={`${id}-days-error`} className={errorText}>
                {errors.scheduleDays}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('schedule.from')} name={SCHEDULE_FIELDS.from} type="time" defaultValue={schedule?.from ?? ''} error={errors.scheduleFrom} />
            <TextField label={t('schedule.to')} name={SCHEDULE_FIELDS.to} type="time" defaultValue={schedule?.to ?? ''} error={errors.scheduleTo} hint={t('schedule.timesHint')} />
          </div>
          <CheckboxField label={t('schedule.overnight')} name={SCHEDULE_FIELDS.overnight} defaultChecked={schedule?.overnight ?? false} />
          <fieldset aria-describedby={errors.scheduleOutside ? `${id}-outside-error` : undefined}>
            <legend className="font-medium">{t('schedule.outside')}</legend>
            {(['mark', 'hide'] as const).map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name={SCHEDULE_FIELDS.outside}
                  value={choice}
                  defaultChecked={(schedule?.outside ?? 'mark') === choice}
                  className="size-5 shrink-0 accent-primary-600"
                />
                <span>{t(`schedule.${choice}`)}</span>
              </label>
            ))}
            {errors.scheduleOutside ? (
              <p id={`${id}-outside-error`} className={errorText}>
                {errors.scheduleOutside}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}
    </fieldset>
  );
}
