import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { FieldErrors } from '#app/modules/errors/action-result.ts';
import type { EditorImage } from '#app/modules/editing/editor-image.ts';
import { WEEK_DAYS } from '#app/modules/restaurant/opening-hours.ts';
import { CURRENCIES } from '#app/modules/restaurant/currencies.ts';
import type { SettingsFormValues } from '#app/modules/restaurant-settings/settings-form.ts';
import { CheckboxField, Fieldset, FormAlert, inputClass, primaryButton, SelectField, TextArea, TextField } from './fields.tsx';
import { ImageField } from './image-field.tsx';
import { OpeningExceptionsFields } from './opening-exceptions-fields.tsx';

/** The restaurant's identity, contact details and opening hours, as guests will see them. */
export function SettingsForm({
  values,
  logo,
  cover,
  errors,
  error,
  stale,
  version,
  timeZones,
  origin,
}: {
  values: SettingsFormValues;
  logo: EditorImage;
  cover: EditorImage;
  errors: FieldErrors;
  error?: string;
  /** the refusal was a stale save: offer a reload */
  stale?: boolean;
  version: string;
  timeZones: readonly string[];
  origin: string;
}) {
  const { t } = useTranslation();
  const saving = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="space-y-6" noValidate>
      <FormAlert error={error} stale={stale} />
      {/* the settings version this form was loaded at: a save from a stale tab is refused, not silently applied */}
      <input type="hidden" name="version" value={version} />
      <Fieldset legend={t('editor.settingsTitle')} className="grid gap-4 md:grid-cols-2">
        <TextField label={t('editor.name')} name="name" defaultValue={values.name} required maxLength={100} error={errors.name} />
        <TextField
          label={t('editor.slug')}
          name="slug"
          defaultValue={values.slug}
          required
          maxLength={60}
          hint={`${origin}/${values.slug} · ${t('editor.slugHint')}`}
          error={errors.slug}
        />
        <TextArea label={t('editor.descriptionRo')} name="descriptionRo" defaultValue={values.descriptionRo} maxLength={1000} error={errors.descriptionRo} />
        <TextArea
          label={t('editor.descriptionEn')}
          name="descriptionEn"
          defaultValue={values.descriptionEn}
          maxLength={1000}
          hint={t('editor.englishOptional')}
          error={errors.descriptionEn}
        />
        <ImageField slug={values.slug} kind="logo" name="logoId" label={t('editor.logo')} image={logo} />
        <ImageField slug={values.slug} kind="cover" name="coverId" label={t('editor.cover')} image={cover} />
        <SelectField label={t('editor.currency')} name="currency" defaultValue={values.currency} error={errors.currency}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('editor.timeZone')} name="timeZone" defaultValue={values.timeZone} error={errors.timeZone}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor="accentColor" className="block font-medium">
            {t('editor.accentColor')}
          </label>
          <input id="accentColor" type="color" name="accentColor" defaultValue={values.accentColor || '#b23a2e'} className={`${inputClass} h-11 w-24 p-1`} />
          {errors.accentColor ? <p className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">{errors.accentColor}</p> : null}
        </div>
      </Fieldset>

      <Fieldset legend={t('editor.contactLegend')} className="grid gap-4 md:grid-cols-3">
        <TextField label={t('editor.phone')} name="phone" type="tel" defaultValue={values.phone} autoComplete="tel" error={errors.phone} />
        <TextField label={t('editor.email')} name="email" type="email" defaultValue={values.email} autoComplete="email" error={errors.email} />
        <TextField label={t('editor.address')} name="address" defaultValue={values.address} autoComplete="street-address" error={errors.address} />
      </Fieldset>

      <Fieldset legend={t('editor.openingHoursLegend')}>
        <p className="mb-2 text-sm text-stone-600 dark:text-stone-400">{t('editor.closesAfterMidnight')}</p>
        <div className="divide-y divide-stone-200 dark:divide-stone-800">
          {WEEK_DAYS.map((day) => {
            const range = values.openingHours[day]?.[0];
            const dayName = t(`weekday.${day}`);
            return (
              // on a phone the day above its two times, side by side; from a tablet up, one row per day
              <div key={day} className="grid grid-cols-2 items-end gap-x-3 py-2 sm:grid-cols-[minmax(8rem,1fr)_auto_auto] sm:gap-3">
                <CheckboxField
                  label={dayName}
                  aria-label={t('editor.openOn', { day: dayName })}
                  name={`open-${day}`}
                  defaultChecked={Boolean(range)}
                  className="col-span-2 sm:col-span-1"
                />
                <TextField
                  label={t('editor.opensAt', { day: dayName })}
                  name={`from-${day}`}
                  type="time"
                  defaultValue={range?.[0] ?? '09:00'}
                  error={errors[`from-${day}`]}
                  className="[&>label]:sr-only"
                />
                <TextField
                  label={t('editor.closesAt', { day: dayName })}
                  name={`to-${day}`}
                  type="time"
                  defaultValue={range?.[1] ?? '22:00'}
                  error={errors[`to-${day}`]}
                  className="[&>label]:sr-only"
                />
              </div>
            );
          })}
        </div>
      </Fieldset>

      <OpeningExceptionsFields rows={values.openingExceptions} errors={errors} />

      <div className="sticky bottom-0 border-t border-stone-200 bg-stone-50/95 py-3 dark:border-stone-800 dark:bg-stone-950/95">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
    </Form>
  );
}
