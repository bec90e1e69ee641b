import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { EditorImage } from '#app/modules/editing/editor-image.ts';
import { kilojoules } from '#app/modules/product/nutrition.ts';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { submittedFormValues, type ProductFormValues } from '#app/modules/product/product-form.ts';
import { CheckboxField, Fieldset, FormAlert, primaryButton, secondaryButton, SelectField, TextArea, TextField } from './fields.tsx';
import { ImageField } from './image-field.tsx';

const NUTRIENTS = ['fat', 'saturates', 'carbs', 'sugars', 'protein', 'salt'] as const;

// i18n-keys: allergen.*
/** The EU-14 allergens as check boxes (a dish's, and an option's in the options library). */
export function AllergenChecks({ name, legend, checked }: { name: 'allergens' | 'traces'; legend: string; checked: string[] }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {ALLERGEN_KEYS.map((key) => (
          <CheckboxField key={key} label={t(`allergen.${key}`)} name={name} value={key} defaultChecked={checked.includes(key)} />
        ))}
      </div>
    </fieldset>
  );
}

// i18n-keys: editor.energyKj editor.energyKcal editor.fat editor.saturates editor.carbs editor.sugars editor.protein editor.salt
/**
 * Every field of a dish, Romanian first, grouped as an owner thinks of them: what guests see,
 * then what the law asks for. A failed save keeps everything typed and marks what to fix.
 */
export function ProductForm({
  saved,
  version,
  result,
  image,
  categories,
  currency,
  slug,
  locale,
}: {
  saved: ProductFormValues;
  /** the saved row's version (its updatedAt) when editing; none for a new product */
  version?: string;
  /** the last save's outcome: a refused one brings back what was typed, with what to fix */
  result: ActionResult | undefined;
  image: EditorImage;
  categories: readonly { id: string; nameRo: string; nameEn: string | null }[];
  currency: string;
  slug: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values ? submittedFormValues(failed.values) : saved;
  const errors = failed?.fieldErrors ?? {};
  const error = failed?.error;
  const navigation = useNavigation();
  const [kcal, setKcal] = useState(values.energyKcal);
  const kcalNumber = Number(kcal.replace(',', '.'));
  const saving = navigation.state === 'submitting';
  return (
    <Form method="post" className="space-y-6" noValidate>
      <FormAlert error={error} stale={failed?.code === 'stale-edit'} />
      {/* the version this form was loaded at: a save from a stale tab is refused, not silently applied */}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <Fieldset legend={t('editor.sectionBasics')} className="grid gap-4 md:grid-cols-2">
        <TextField label={t('editor.nameRo')} name="nameRo" defaultValue={values.nameRo} required maxLength={120} error={errors.nameRo} />
        <TextField label={t('editor.nameEn')} name="nameEn" defaultValue={values.nameEn} maxLength={120} hint={t('editor.englishOptional')} error={errors.nameEn} />
        <TextArea label={t('editor.descriptionRo')} name="descriptionRo" defaultValue={values.descriptionRo} maxLength={1000} error={errors.descriptionRo} />
        <TextArea label={t('editor.descriptionEn')} name="descriptionEn" defaultValue={values.descriptionEn} maxLength={1000} error={errors.descriptionEn} />
        <SelectField label={t('editor.category')} name="categoryId" defaultValue={values.categoryId} error={errors.categoryId}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {localized(category.nameRo, category.nameEn, locale)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('editor.price', { currency })}
          name="price"
          defaultValue={values.price}
          required
          inputMode="decimal"
          hint={t('editor.priceHint')}
          error={errors.price}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('editor.quantity')} name="weightValue" defaultValue={values.weightValue} inputMode="numeric" error={errors.weightValue} />
          <SelectField label={t('editor.unit')} name="weightUnit" defaultValue={values.weightUnit} error={errors.weightUnit}>
            <option value="g">{t('editor.unitG')}</option>
            <option value="ml">{t('editor.unitMl')}</option>
            <option value="pcs">{t('editor.unitPcs')}</option>
          </SelectField>
        </div>
        <ImageField slug={slug} kind="product" name="imageId" label={t('editor.image')} image={image} />
      </Fieldset>

      <Fieldset legend={t('editor.sectionCompliance')} className="space-y-5">
        <AllergenChecks name="allergens" legend={t('editor.allergensLegend')} checked={values.allergens} />
        <AllergenChecks name="traces" legend={t('editor.tracesLegend')} checked={values.traces} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextArea label={t('editor.ingredientsRo')} name="ingredientsRo" defaultValue={values.ingredientsRo} maxLength={2000} error={errors.ingredientsRo} />
          <TextArea label={t('editor.ingredientsEn')} name="ingredientsEn" defaultValue={values.ingredientsEn} maxLength={2000} error={errors.ingredientsEn} />
          <TextField label={t('editor.additives')} name="additives" defaultValue={values.additives} hint={t('editor.additivesHint')} error={errors.additives} />
          <CheckboxField label={t('editor.frozen')} name="frozen" defaultChecked={values.frozen} className="self-end" />
        </div>
        <fieldset>
          <legend className="font-medium">{t('editor.nutritionLegend')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-3 md:grid-cols-4">
            <div>
              <TextField
                label={t('editor.energyKcal')}
                name="energyKcal"
                defaultValue={values.energyKcal}
                inputMode="decimal"
                error={errors.energyKcal}
                onInput={(e) => setKcal(e.currentTarget.value)}
              />
              {kcal && Number.isFinite(kcalNumber) ? (
                <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('editor.energyKj', { kj: kilojoules(kcalNumber) })}</p>
              ) : null}
            </div>
            {NUTRIENTS.map((nutrient) => (
              <TextField key={nutrient} label={t(`editor.${nutrient}`)} name={nutrient} defaultValue={values[nutrient]} inputMode="decimal" error={errors[nutrient]} />
            ))}
          </div>
        </fieldset>
      </Fieldset>

      <Fieldset legend={t('editor.servingLegend')} className="grid gap-4 md:grid-cols-2">
        <TextField label={t('editor.servedFrom')} name="servedFrom" type="time" defaultValue={values.servedFrom} error={errors.servedFrom} hint={t('editor.servingHint')} />
        <TextField label={t('editor.servedUntil')} name="servedUntil" type="time" defaultValue={values.servedUntil} error={errors.servedUntil} />
        <CheckboxField label={t('editor.availableCheckbox')} name="available" defaultChecked={values.available} />
        <CheckboxField label={t('editor.visibleCheckbox')} name="visible" defaultChecked={values.visible} />
      </Fieldset>

      <div className="sticky bottom-0 flex flex-wrap gap-3 border-t border-stone-200 bg-stone-50/95 py-3 dark:border-stone-800 dark:bg-stone-950/95">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
        <Link to={`/${slug}/admin`} className={secondaryButton}>
          {t('editor.backToMenu')}
        </Link>
      </div>
    </Form>
  );
}
