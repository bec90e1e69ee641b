import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClass, linkClass, type ImportLocation } from './import-styles.ts';

/** The printable menu and allergen matrix of one location, in Romanian or English. */
export function PrintSection({ base, locations, localName }: { base: string; locations: ImportLocation[]; localName: (l: ImportLocation) => string }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const [lang, setLang] = useState(i18n.language === 'en' ? 'en' : 'ro');
  const query = `?location=${encodeURIComponent(locationId)}&lang=${lang}`;
  return (
    <section aria-labelledby={`${ids}-print`} className="space-y-4">
      <h2 id={`${ids}-print`} className="text-xl font-semibold">
        {t('print.heading')}
      </h2>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('print.intro')}</p>
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-location`} className="font-medium">
            {t('print.location')}
          </label>
          <select id={`${ids}-location`} className={fieldClass} value={locationId} onChange={(event) => setLocationId(event.target.value)}>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {localName(location)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-lang`} className="font-medium">
            {t('print.language')}
          </label>
          <select id={`${ids}-lang`} className={fieldClass} value={lang} onChange={(event) => setLang(event.target.value)}>
            <option value="ro">{t('print.languageRo')}</option>
            <option value="en">{t('print.languageEn')}</option>
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={linkClass} href={`${base}/print/menu${query}`} download>
          {t('print.menuPdf')}
        </a>
        <a className={linkClass} href={`${base}/print/allergens${query}`} download>
          {t('print.matrixPdf')}
        </a>
      </div>
    </section>
  );
}

/** The menu as CSV or XLSX (importable again) and the whole restaurant as JSON. */
export function ExportSection({ base }: { base: string }) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-export`} className="space-y-4">
      <h2 id={`${ids}-export`} className="text-xl font-semibold">
        {t('import.exportHeading')}
      </h2>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('import.exportIntro')}</p>
      <div className="flex flex-wrap gap-2">
        <a className={linkClass} href={`${base}/export/csv`} download>
          {t('import.exportCsv')}
        </a>
        <a className={linkClass} href={`${base}/export/xlsx`} download>
          {t('import.exportXlsx')}
        </a>
        <a className={linkClass} href={`${base}/export/json`} download>
          {t('import.exportJson')}
        </a>
      </div>
    </section>
  );
}
