import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type ColumnMapping } from '#app/modules/import/import.types.ts';
import { buttonClass, fieldClass } from './import-styles.ts';

/** The mapping step: which of the file's columns holds each field, when the headers were not all known. */
export function ColumnMappingSection({
  headers,
  mapping,
  onChange,
  onApply,
  busy,
}: {
  headers: string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  onApply: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-mapping`} className="space-y-4">
      <h2 id={`${ids}-mapping`} className="text-xl font-semibold">
        {t('import.mappingHeading')}
      </h2>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('import.mappingIntro')}</p>
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        {IMPORT_FIELDS.map((name) => (
          <div key={name}>
            <label htmlFor={`${ids}-map-${name}`} className="font-medium">
              {t(`import.field.${name}`)}
            </label>
            <select
              id={`${ids}-map-${name}`}
              className={fieldClass}
              value={mapping[name] ?? ''}
              onChange={(event) => onChange({ ...mapping, [name]: event.target.value === '' ? null : Number(event.target.value) })}
            >
              <option value="">{t('import.mappingNone')}</option>
              {headers.map((header, index) => (
                <option key={index} value={index}>
                  {header || `#${index + 1}`}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="sm:col-span-2 lg:col-span-3">
          <button type="submit" className={buttonClass} disabled={busy}>
            {t('import.mappingApply')}
          </button>
        </div>
      </form>
    </section>
  );
}
