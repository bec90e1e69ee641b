import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { localized } from '#app/i18n/localized.ts';
import { isLocale } from '#app/i18n/locales.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { STATION_LIMITS, type StationsPageLocation, type StationView } from '#app/modules/kitchen/stations.types.ts';
import { FormAlert, primaryButton, secondaryButton, SelectField, TextField } from '#app/ui/editor/fields.tsx';

type Failed = Extract<ActionResult, { ok: false }> | undefined;

/** The refused form's message and fields, when it was this form (same intent and row). */
function refusalOf(failed: Failed, intent: string, key: string, id: string) {
  if (!failed || failed.values?.intent !== intent || failed.values?.[key] !== id) return undefined;
  return failed;
}

function StationFields({ station, refused }: { station?: StationView; refused: Failed }) {
  const { t } = useTranslation();
  const typed = (name: string, stored: string) => (refused && typeof refused.values?.[name] === 'string' ? (refused.values[name] as string) : stored);
  const error = (name: string) => refused?.fieldErrors?.[name];
  const minutes = { type: 'number', inputMode: 'numeric' as const, required: true, min: STATION_LIMITS.minMinutes, max: STATION_LIMITS.maxMinutes };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t('stations.nameRo')}
        name="nameRo"
        required
        maxLength={STATION_LIMITS.maxName}
        defaultValue={typed('nameRo', station?.nameRo ?? '')}
        error={error('nameRo')}
      />
      <TextField label={t('stations.nameEn')} name="nameEn" maxLength={STATION_LIMITS.maxName} defaultValue={typed('nameEn', station?.nameEn ?? '')} error={error('nameEn')} />
      <TextField
        label={t('stations.warnMinutes')}
        name="warnMinutes"
        {...minutes}
        defaultValue={typed('warnMinutes', String(station?.warnMinutes ?? 10))}
        error={error('warnMinutes')}
      />
      <TextField
        label={t('stations.lateMinutes')}
        name="lateMinutes"
        {...minutes}
        defaultValue={typed('lateMinutes', String(station?.lateMinutes ?? 20))}
        error={error('lateMinutes')}
      />
    </div>
  );
}

/** One location's stations (edit, move, delete, add) and its categories' stations: plain forms, one per change. */
export function StationsLocation({ location, failed }: { location: StationsPageLocation; failed: Failed }) {
  const { t, i18n } = useTranslation();
  // a station as the kitchen's screen names it, in the page's language (its forms show both names)
  const nameOf = (station: StationView) => localized(station.nameRo, station.nameEn, isLocale(i18n.language) ? i18n.language : 'ro');
  const headingId = `stations-${location.id}`;
  const first = location.stations[0];
  const addRefused = refusalOf(failed, 'add', 'locationId', location.id);
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-stone-200 p-4 dark:border-stone-800" data-testid="stations-location">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('stations.location', { location: location.name })}
      </h3>
      {location.stations.length === 0 ? <p className="text-stone-700 dark:text-stone-300">{t('stations.none')}</p> : null}
      <ol className="space-y-4">
        {location.stations.map((station, index) => {
          const refused = refusalOf(failed, 'update', 'stationId', station.id);
          return (
            <li key={station.id} className="space-y-2 rounded-lg border border-stone-200 bg-white p-3 dark:border-stone-700 dark:bg-stone-900" data-testid="station">
              <Form method="post" className="space-y-3">
                <input type="hidden" name="stationId" value={station.id} />
                {index === 0 ? <p className="text-sm font-medium text-stone-700 dark:text-stone-300">{t('stations.first')}</p> : null}
                <FormAlert error={refused?.error} />
                <StationFields station={station} refused={refused} />
                <button type="submit" name="intent" value="update" className={primaryButton}>
                  {t('stations.save')}
                </button>
              </Form>
              <div className="flex flex-wrap gap-2">
                {(['up', 'down'] as const).map((direction) =>
                  (direction === 'up' ? index > 0 : index < location.stations.length - 1) ? (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="stationId" value={station.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <button type="submit" name="intent" value="move" className={secondaryButton}>
                        {t(direction === 'up' ? 'stations.moveUp' : 'stations.moveDown', { name: nameOf(station) })}
                      </button>
                    </Form>
                  ) : null,
                )}
                <Form method="post">
                  <input type="hidden" name="stationId" value={station.id} />
                  <button type="submit" name="intent" value="delete" className={secondaryButton} aria-describedby={`${headingId}-remove-hint`}>
                    {t('stations.remove', { name: nameOf(station) })}
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ol>
      {location.stations.length > 0 ? (
        <p id={`${headingId}-remove-hint`} className="text-sm text-stone-700 dark:text-stone-300">
          {t('stations.removeHint')}
        </p>
      ) : null}
      {location.stations.length < STATION_LIMITS.maxPerLocation ? (
        <Form
          method="post"
          className="space-y-3 rounded-lg border border-dashed border-stone-300 p-3 dark:border-stone-700"
          aria-label={`${t('stations.addTitle')}: ${location.name}`}
        >
          <h4 className="font-semibold">{t('stations.addTitle')}</h4>
          <input type="hidden" name="locationId" value={location.id} />
          <FormAlert error={addRefused?.error} />
          <StationFields refused={addRefused} />
          <button type="submit" name="intent" value="add" className={primaryButton}>
            {t('stations.add')}
          </button>
        </Form>
      ) : (
        <p className="text-sm">{t('stations.limit', { max: STATION_LIMITS.maxPerLocation })}</p>
      )}
      {first ? (
        <div>
          <h4 className="font-semibold">{t('stations.categories')}</h4>
          {location.categories.length === 0 ? <p className="text-stone-700 dark:text-stone-300">{t('stations.noCategories')}</p> : null}
          <ul className="mt-2 space-y-2">
            {location.categories.map((category) => (
              <li key={category.id}>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="categoryId" value={category.id} />
                  <SelectField label={t('stations.categoryStation', { category: category.name })} name="stationId" defaultValue={category.stationId ?? ''} className="min-w-56">
                    <option value="">{t('stations.firstStation', { name: nameOf(first) })}</option>
                    {location.stations.map((station) => (
                      <option key={station.id} value={station.id}>
                        {nameOf(station)}
                      </option>
                    ))}
                  </SelectField>
                  <button type="submit" name="intent" value="category" className={secondaryButton} aria-label={`${t('stations.saveCategory')}: ${category.name}`}>
                    {t('stations.saveCategory')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
