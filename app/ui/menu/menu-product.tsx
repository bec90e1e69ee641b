import { useTranslation } from 'react-i18next';
import type { Locale } from '#app/i18n/i18n.ts';
import { formatPrice, formatQuantity, localized } from '#app/i18n/localized.ts';
import { kilojoules } from '#app/modules/product/nutrition.ts';
import type { MenuProduct } from '#app/modules/menu/menu.service.server.ts';

/**
 * One dish on the guest menu: name and price on one line, then weight, description and allergens
 * as words; ingredients, additives and the nutrition declaration open on demand. The data-*
 * attributes feed the in-page search and allergen filter (menu-enhance.js).
 */
export function MenuProductItem({ product, locale, currency }: { product: MenuProduct; locale: Locale; currency: string }) {
  const { t } = useTranslation();
  const name = localized(product.nameRo, product.nameEn, locale);
  const description = localized(product.descriptionRo, product.descriptionEn, locale);
  const ingredients = localized(product.ingredientsRo, product.ingredientsEn, locale);
  const unit = product.weightUnit ? t(`menu.unit.${product.weightUnit}`) : null;
  const hasNutrition = NUTRIENTS.some((key) => product[key] !== null);
  const hasDetails = hasNutrition || ingredients !== null || product.additives.length > 0;
  const allergenNames = product.allergens.map((key) => t(`allergen.${key}`)).join(', ');
  return (
    <li
      data-dish=""
      data-allergens={product.allergens.join(' ')}
      className="flex gap-3 rounded-[10px] border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900 print:break-inside-avoid print:border-0 print:p-0"
    >
      {product.imageUrl ? (
        <picture className="shrink-0 print:hidden">
          {product.imageSrcSet ? <source type="image/webp" srcSet={product.imageSrcSet} sizes="96px" /> : null}
          <img src={product.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" className="h-24 w-24 rounded-lg bg-stone-200 object-cover" />
        </picture>
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-lg font-semibold">{name}</h3>
          <p className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
            <span className="sr-only">{`${t('menu.price')}: `}</span>
            {formatPrice(product.priceMinor, currency, locale)}
          </p>
        </div>
        {product.weightValue && unit ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <span className="sr-only">{`${t('menu.weight')}: `}</span>
            {`${formatQuantity(product.weightValue, locale)} ${unit}`}
          </p>
        ) : null}
        {!product.available ? <p className="text-sm font-semibold text-primary-700 dark:text-primary-100">{t('menu.unavailable')}</p> : null}
        {product.servedFrom && product.servedUntil ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <span className="sr-only">{`${t('menu.hours')}: `}</span>
            {t('menu.servedBetween', { from: product.servedFrom, to: product.servedUntil })}
          </p>
        ) : null}
        {description ? <p className="mt-1 text-stone-700 dark:text-stone-300">{description}</p> : null}
        {allergenNames ? (
          <p className="mt-2 text-sm">
            <span className="font-semibold">{`${t('menu.allergens')}: `}</span>
            {allergenNames}
          </p>
        ) : null}
        {product.traces.length > 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {`${t('menu.traces')}: ${product.traces.map((key) => t(`allergen.${key}`)).join(', ')}`}
          </p>
        ) : null}
        {/* the frozen marker is for every guest to see, not behind a fold (Romanian menu rules) */}
        {product.frozen ? <p className="text-sm text-stone-600 dark:text-stone-400">{`* ${t('menu.frozen')}`}</p> : null}
        {hasDetails ? (
          <details className="mt-1 text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-primary-700 dark:text-primary-100 print:hidden">
              {[ingredients || product.additives.length > 0 ? t('menu.ingredients') : null, hasNutrition ? t('menu.nutrition') : null].filter(Boolean).join(' · ')}
            </summary>
            {ingredients ? <p className="mt-1"><span className="font-semibold">{`${t('menu.ingredients')}: `}</span>{ingredients}</p> : null}
            {product.additives.length > 0 ? <p className="mt-1"><span className="font-semibold">{`${t('menu.additives')}: `}</span>{product.additives.join(', ')}</p> : null}
            {hasNutrition ? <NutritionTable product={product} unit={product.weightUnit === 'ml' ? 'ml' : 'g'} locale={locale} /> : null}
          </details>
        ) : null}
      </div>
    </li>
  );
}

/** The nutrition declaration's fields; any one filled in shows the table. */
const NUTRIENTS = ['energyKcal', 'fat', 'saturates', 'carbs', 'sugars', 'protein', 'salt'] as const;

function NutritionTable({ product, unit, locale }: { product: MenuProduct; unit: string; locale: Locale }) {
  const { t } = useTranslation();
  const kcal = product.energyKcal;
  const grams = (value: number | null) => (value === null ? '–' : `${formatQuantity(value, locale)} g`);
  const rows: [string, string][] = [
    [t('menu.energy'), kcal === null ? '–' : `${kilojoules(kcal)} kJ / ${Math.round(kcal)} kcal`],
    [t('menu.fats'), grams(product.fat)],
    [t('menu.saturates'), grams(product.saturates)],
    [t('menu.carbs'), grams(product.carbs)],
    [t('menu.sugars'), grams(product.sugars)],
    [t('menu.proteins'), grams(product.protein)],
    [t('menu.salt'), grams(product.salt)],
  ];
  return (
    <table className="mt-2 w-full max-w-sm">
      <caption className="text-left font-semibold">{t('menu.nutritionPer100', { unit })}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="border-b border-stone-200 dark:border-stone-800">
            <th scope="row" className="py-1 text-left font-normal">{label}</th>
            <td className="py-1 text-right tabular-nums">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
