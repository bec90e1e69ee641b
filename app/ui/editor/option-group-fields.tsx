import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '#app/modules/errors/action-result.ts';
import { ruleKind, type OptionPricing } from '#app/modules/options/options.types.ts';
import { TextField } from './fields.tsx';

/** What a group's form shows: the saved group, or what was typed in a refused save. */
export interface GroupFormValues {
  nameRo: string;
  nameEn: string;
  rule: string;
  minChoices: string;
  maxChoices: string;
  pricing: string;
}

export const NEW_GROUP: GroupFormValues = { nameRo: '', nameEn: '', rule: 'exactly-one', minChoices: '1', maxChoices: '1', pricing: 'add' };

export function groupFormValues(group: { nameRo: string; nameEn: string | null; minChoices: number; maxChoices: number; pricing: OptionPricing }): GroupFormValues {
  return {
    nameRo: group.nameRo,
    nameEn: group.nameEn ?? '',
    rule: ruleKind(group.minChoices, group.maxChoices),
    minChoices: String(group.minChoices),
    maxChoices: String(group.maxChoices),
    pricing: group.pricing,
  };
}

/** A refused save's typed values, read back as the form's. */
export function typedGroupValues(values: Record<string, unknown>): GroupFormValues {
  const text = (key: keyof GroupFormValues, fallback: string) => (typeof values[key] === 'string' ? (values[key] as string) : fallback);
  return {
    nameRo: text('nameRo', ''),
    nameEn: text('nameEn', ''),
    rule: text('rule', 'exactly-one'),
    minChoices: text('minChoices', ''),
    maxChoices: text('maxChoices', ''),
    pricing: text('pricing', 'add'),
  };
}

const radio = 'flex min-h-11 items-center gap-3';

// i18n-keys: options.ruleExactlyOne options.ruleUpTo options.ruleBetween options.pricingAdd options.pricingSet
/**
 * A group's names, its rule (exactly one / up to N / between min and max: radios, then the two
 * counts, read by the server for the rule chosen) and its pricing. Works without JavaScript.
 */
export function OptionGroupFields({ values, errors }: { values: GroupFormValues; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('options.groupName')}
          name="nameRo"
          defaultValue={values.nameRo}
          placeholder={t('options.groupNamePlaceholder')}
          required
          maxLength={60}
          error={errors.nameRo}
        />
        <TextField label={t('options.groupNameEn')} name="nameEn" defaultValue={values.nameEn} maxLength={60} hint={t('editor.englishOptional')} error={errors.nameEn} />
      </div>
      <fieldset className="min-w-0">
        <legend className="font-medium">{t('options.rule')}</legend>
        {(['exactly-one', 'up-to', 'between'] as const).map((rule) => (
          <label key={rule} className={radio}>
            <input type="radio" name="rule" value={rule} defaultChecked={values.rule === rule} className="size-5 shrink-0 accent-primary-600" />
            <span>{t(rule === 'exactly-one' ? 'options.ruleExactlyOne' : rule === 'up-to' ? 'options.ruleUpTo' : 'options.ruleBetween')}</span>
          </label>
        ))}
        {errors.rule ? (
          <p role="alert" className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
            {errors.rule}
          </p>
        ) : null}
        <div className="mt-2 grid max-w-sm grid-cols-2 gap-3">
          <TextField label={t('options.minChoices')} name="minChoices" defaultValue={values.minChoices} inputMode="numeric" error={errors.minChoices} />
          <TextField label={t('options.maxChoices')} name="maxChoices" defaultValue={values.maxChoices} inputMode="numeric" error={errors.maxChoices} />
        </div>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="font-medium">{t('options.pricing')}</legend>
        {(['add', 'set'] as const).map((pricing) => (
          <label key={pricing} className={radio}>
            <input type="radio" name="pricing" value={pricing} defaultChecked={values.pricing === pricing} className="size-5 shrink-0 accent-primary-600" />
            <span>{t(pricing === 'add' ? 'options.pricingAdd' : 'options.pricingSet')}</span>
          </label>
        ))}
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('options.pricingSetHint')}</p>
        {errors.pricing ? (
          <p role="alert" className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
            {errors.pricing}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

/** "Exactly one · sets the price", "Up to 2", "Between 1 and 3": a group's rule in a line. */
export function useRuleSummary() {
  const { t } = useTranslation();
  return (group: { minChoices: number; maxChoices: number; pricing: OptionPricing }) => {
    const kind = ruleKind(group.minChoices, group.maxChoices);
    const rule =
      kind === 'exactly-one'
        ? t('options.summaryExactlyOne')
        : kind === 'up-to'
          ? t('options.summaryUpTo', { max: group.maxChoices })
          : t('options.summaryBetween', { min: group.minChoices, max: group.maxChoices });
    return group.pricing === 'set' ? `${rule} · ${t('options.summarySet')}` : rule;
  };
}
