import { useTranslation } from 'react-i18next';
import { ALLERGEN_KEYS, type AllergenKey } from '#app/modules/product/allergens.ts';
import { AllergyLineFlag } from './allergy-warning.tsx';

/** The cart's allergy question and the flag on a line that contains a declared allergy (issue 35 item 4). */

/** The cart's text inputs' look. */
export const cartInput =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 aria-[invalid=true]:border-primary-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

/** A line whose dish or options contain a declared allergy (issue 35 item 4), said before the order is sent. */
export function LineFlag({ keys }: { keys: AllergenKey[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) return null;
  return <AllergyLineFlag testId="line-flag" text={t('orderOptions.flagged', { names: keys.map((key) => t(`allergen.${key}`)).join(', ') })} />;
}

/**
 * The optional allergy question (issue 35 item 4): the allergens the cart contains, the EU-14 as
 * check boxes, the guest's own words,
 * and beside them why it is asked and how long it is kept (health data, GDPR art. 9: only the guest's
 * explicit choice). "Verifică coșul" saves it and flags the lines; sending sends what is ticked.
 */
// i18n-keys: allergenOfficial.*
export function AllergyQuestion({
  present,
  declared,
  note,
  error,
}: {
  /** the allergens and traces of the cart's dishes and options, named first (the regulation's names) */
  present: readonly AllergenKey[];
  declared: readonly string[];
  note: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="mt-6 rounded-lg border border-stone-300 p-3 dark:border-stone-700"
      aria-describedby={present.length > 0 ? 'allergen-present allergy-why' : 'allergy-why'}
      data-testid="allergy-question"
    >
      <legend className="px-1 font-semibold">{t('orderOptions.allergyLegend')}</legend>
      {present.length > 0 ? (
        <p id="allergen-present" className="mb-1" data-testid="allergen-reminder">
          <b className="font-semibold">{t('order.allergenReminder')}</b> {`${present.map((key) => t(`allergenOfficial.${key}`)).join(', ')}.`}
        </p>
      ) : null}
      <p id="allergy-why" className="text-sm text-stone-700 dark:text-stone-300">
        {t('orderOptions.allergyWhy')}
      </p>
      <input type="hidden" name="allergyAsked" value="1" />
      <div className="mt-2 flex flex-wrap gap-2">
        {ALLERGEN_KEYS.map((key) => (
          <label
            key={key}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-400 px-3 has-checked:border-primary-700 has-checked:bg-primary-50 dark:border-stone-600 dark:has-checked:bg-stone-800"
          >
            <input type="checkbox" name="allergy" value={key} defaultChecked={declared.includes(key)} className="h-5 w-5 accent-primary-700" />
            {t(`allergen.${key}`)}
          </label>
        ))}
      </div>
      <label htmlFor="cart-allergy-note" className="mt-3 block font-medium">
        {t('orderOptions.allergyNote')}
      </label>
      <input
        id="cart-allergy-note"
        name="allergyNote"
        maxLength={140}
        defaultValue={note}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'cart-allergy-error' : undefined}
        className={cartInput}
      />
      {error ? (
        <p id="cart-allergy-error" className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="save"
        className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-stone-400 px-4 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
      >
        {t('orderOptions.allergyCheck')}
      </button>
    </fieldset>
  );
}
