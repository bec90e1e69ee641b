import { useTranslation } from 'react-i18next';
import { formatPrice, formatQuantity } from '#app/i18n/localized.ts';
import { fieldIn, type ContentLanguage } from '#app/modules/translation/content-language.ts';
import { kilojoules } from '#app/modules/product/nutrition.ts';
import type { MenuProduct } from '#app/modules/menu/menu.types.ts';

/**
 * One dish on the guest menu: name and price on one line, then weight, description and allergens
 * as words; ingredients, additives and the nutrition declaration open on demand. The data-*
 * attributes feed the in-page search and allergen filter (menu-enhance.js).
 */
export function MenuProductItem({ product, locale, currency }: { product: MenuProduct; locale: ContentLanguage; currency: string }) {
  const { t } = useTranslation();
  const name = fieldIn(product, 'name', locale);
  const description = fieldIn(product, 'description', locale);
  const ingredients = fieldIn(product, 'ingredients', locale);
  const unit = product.weightUnit ? t(`menu.unit.${product.weightUnit}`) : null;
  const hasNutrition = NUTRIENTS.some((key) => product[key] !== null);
  const hasDetails = hasNutrition || ingredients !== null || product.additives.length > 0;
  const allergenNames = product.allergens.map((key) => t(`allergen.${key}`)).join(', ');
  return (
    <li
      data-dish=""
      data-dish-id={product.id}
      data-allergens={product.allergens.join(' ')}
      className="dish"
    >
      {product.imageUrl ? (
        <picture>
          {product.imageSrcSet ? <source type="image/webp" srcSet={product.imageSrcSet} sizes="96px" /> : null}
          <img src={product.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
        </picture>
      ) : null}
      <div>
        <div className="dish-head">
          <h3>{name}</h3>
          <p>
            <span className="sr-only">{`${t('menu.price')}: `}</span>
            {formatPrice(product.priceMinor, currency, locale)}
          </p>
        </div>
        {product.weightValue && unit ? (
          <p className="dish-note">
            <span className="sr-only">{`${t('menu.weight')}: `}</span>
            {`${formatQuantity(product.weightValue, locale)} ${unit}`}
          </p>
        ) : null}
        {!product.available ? <p className="dish-off">{t('menu.unavailable')}</p> : null}
        {product.servedFrom && product.servedUntil ? (
          <p className="dish-note">
            <span className="sr-only">{`${t('menu.hours')}: `}</span>
            {t('menu.servedBetween', { from: product.servedFrom, to: product.servedUntil })}
          </p>
        ) : null}
        {description ? <p className="dish-desc">{description}</p> : null}
        {allergenNames ? (
          <p className="dish-allergens">
            <b>{`${t('menu.allergens')}: `}</b>
            {allergenNames}
          </p>
        ) : null}
        {product.traces.length > 0 ? (
          <p className="dish-note">
            {`${t('menu.traces')}: ${product.traces.map((key) => t(`allergen.${key}`)).join(', ')}`}
          </p>
        ) : null}
        {/* the frozen marker is for every guest to see, not behind a fold (Romanian menu rules) */}
        {product.frozen ? <p className="dish-note">{`* ${t('menu.frozen')}`}</p> : null}
        {hasDetails ? (
          <details>
            <summary>
              {[ingredients || product.additives.length > 0 ? t('menu.ingredients') : null, hasNutrition ? t('menu.nutrition') : null].filter(Boolean).join(' · ')}
            </summary>
            {ingredients ? <p><b>{`${t('menu.ingredients')}: `}</b>{ingredients}</p> : null}
            {product.additives.length > 0 ? <p><b>{`${t('menu.additives')}: `}</b>{product.additives.join(', ')}</p> : null}
            {hasNutrition ? <NutritionTable product={product} unit={product.weightUnit === 'ml' ? 'ml' : 'g'} locale={locale} /> : null}
          </details>
        ) : null}
      </div>
    </li>
  );
}

/** The nutrition declaration's fields; any one filled in shows the table. */
const NUTRIENTS = ['energyKcal', 'fat', 'saturates', 'carbs', 'sugars', 'protein', 'salt'] as const;

function NutritionTable({ product, unit, locale }: { product: MenuProduct; unit: string; locale: ContentLanguage }) {
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
    <table>
      <caption>{t('menu.nutritionPer100', { unit })}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
