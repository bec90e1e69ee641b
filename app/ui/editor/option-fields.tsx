import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import { minorToInput } from '#app/modules/editing/menu-fields.ts';
import type { FieldErrors } from '#app/modules/errors/action-result.ts';
import type { LibraryOption } from '#app/modules/options/dish-options.types.ts';
import type { OptionPricing } from '#app/modules/options/options.types.ts';
import { CheckboxField, primaryButton, TextField } from './fields.tsx';
import { AllergenChecks } from './product-form.tsx';

/** What an option's form shows: the saved option, or what was typed in a refused save. */
export interface OptionFormValues {
  nameRo: string;
  nameEn: string;
  price: string;
  allergens: string[];
  traces: string[];
  available: boolean;
  visible: boolean;
}

export const NEW_OPTION: OptionFormValues = { nameRo: '', nameEn: '', price: '', allergens: [], traces: [], available: true, visible: true };

export function optionFormValues(option: LibraryOption, locale: Locale): OptionFormValues {
  return {
    nameRo: option.nameRo,
    nameEn: option.nameEn ?? '',
    price: option.priceMinor === 0 ? '0' : minorToInput(option.priceMinor, locale),
    allergens: option.allergens,
    traces: option.traces,
    available: option.available,
    visible: option.visible,
  };
}

/** A refused save's typed values, read back as the form's. */
export function typedOptionValues(values: Record<string, unknown>): OptionFormValues {
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const list = (key: string) => (Array.isArray(values[key]) ? (values[key] as unknown[]).map(String) : typeof values[key] === 'string' ? [values[key] as string] : []);
  return {
    nameRo: text('nameRo'),
    nameEn: text('nameEn'),
    price: text('price'),
    allergens: list('allergens'),
    traces: list('traces'),
    available: Boolean(values.available),
    visible: Boolean(values.visible),
  };
}

/** "+3,00 lei", "−2,00 lei", "fără cost" in an 'add' group; the price itself in a 'set' group. */
export function optionPriceLabel(priceMinor: number, pricing: OptionPricing, currency: string, locale: Locale, free: string): string {
  if (pricing === 'set') return formatPrice(priceMinor, currency, locale);
  if (priceMinor === 0) return free;
  return `${priceMinor > 0 ? '+' : '−'}${formatPrice(Math.abs(priceMinor), currency, locale)}`;
}

/**
 * One option's form (a new one, or an option's edit): its names, its price change (or, in a
 * 'set' group, the dish's price with it), its own allergens and traces, sold out and shown.
 */
export function OptionForm({
  intent,
  optionId,
  version,
  values,
  errors,
  pricing,
  currency,
  submitLabel,
}: {
  intent: 'create-option' | 'update-option';
  optionId?: string;
  version?: string;
  values: OptionFormValues;
  errors: FieldErrors;
  pricing: OptionPricing;
  currency: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {optionId ? <input type="hidden" name="id" value={optionId} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label={t('options.optionName')}
          name="nameRo"
          defaultValue={values.nameRo}
          placeholder={t('options.optionNamePlaceholder')}
          required
          maxLength={60}
          error={errors.nameRo}
        />
        <TextField label={t('options.optionNameEn')} name="nameEn" defaultValue={values.nameEn} maxLength={60} hint={t('editor.englishOptional')} error={errors.nameEn} />
        <TextField
          label={pricing === 'set' ? t('options.priceSet', { currency }) : t('options.priceChange', { currency })}
          name="price"
          defaultValue={values.price}
          inputMode="decimal"
          hint={pricing === 'set' ? undefined : t('options.priceChangeHint')}
          error={errors.price}
        />
      </div>
      <AllergenChecks name="allergens" legend={t('options.optionAllergens')} checked={values.allergens} />
      <AllergenChecks name="traces" legend={t('options.optionTraces')} checked={values.traces} />
      <div className="flex flex-wrap gap-x-6">
        <CheckboxField label={t('options.optionAvailable')} name="available" defaultChecked={values.available} />
        <CheckboxField label={t('options.optionVisible')} name="visible" defaultChecked={values.visible} />
      </div>
      <button type="submit" className={primaryButton}>
        {submitLabel}
      </button>
    </Form>
  );
}
