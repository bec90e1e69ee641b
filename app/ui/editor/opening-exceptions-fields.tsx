import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '#app/modules/errors/action-result.ts';
import { exceptionField, MAX_OPENING_EXCEPTIONS, type ExceptionRow } from '#app/modules/restaurant/opening-exceptions.ts';
import { Fieldset, TextField } from './fields.tsx';

const BLANK: ExceptionRow = { from: '', to: '', note: '', opens: '', closes: '' };

/**
 * Closed days and special hours in the settings form (decision 0022): the saved rows and two blank
 * ones (no script needed to add one; save, and two more appear). A row emptied is removed.
 */
export function OpeningExceptionsFields({ rows, errors }: { rows: ExceptionRow[]; errors: FieldErrors }) {
  const { t } = useTranslation();
  const shown = [...rows, BLANK, BLANK].slice(0, Math.max(rows.length, MAX_OPENING_EXCEPTIONS));
  return (
    <Fieldset legend={t('schedule.exceptionsLegend')}>
      <p className="mb-2 text-sm text-stone-600 dark:text-stone-400">{t('schedule.exceptionsHint')}</p>
      <div className="divide-y divide-stone-200 dark:divide-stone-800">
        {shown.map((row, index) => (
          <fieldset key={index} className="grid grid-cols-2 gap-x-3 gap-y-2 py-3 lg:grid-cols-[10rem_10rem_1fr_8rem_8rem]" data-testid="opening-exception">
            <legend className="sr-only">{t('schedule.exception', { number: index + 1 })}</legend>
            <TextField label={t('schedule.exceptionFrom')} name={exceptionField(index, 'from')} type="date" defaultValue={row.from} error={errors[exceptionField(index, 'from')]} />
            <TextField label={t('schedule.exceptionTo')} name={exceptionField(index, 'to')} type="date" defaultValue={row.to} error={errors[exceptionField(index, 'to')]} />
            <TextField
              label={t('schedule.exceptionNote')}
              name={exceptionField(index, 'note')}
              defaultValue={row.note}
              maxLength={80}
              className="col-span-2 lg:col-span-1"
              placeholder={t('schedule.exceptionNotePlaceholder')}
              error={errors[exceptionField(index, 'note')]}
            />
            <TextField
              label={t('schedule.exceptionOpens')}
              name={exceptionField(index, 'opens')}
              type="time"
              defaultValue={row.opens}
              error={errors[exceptionField(index, 'opens')]}
            />
            <TextField
              label={t('schedule.exceptionCloses')}
              name={exceptionField(index, 'closes')}
              type="time"
              defaultValue={row.closes}
              error={errors[exceptionField(index, 'closes')]}
            />
          </fieldset>
        ))}
      </div>
    </Fieldset>
  );
}
