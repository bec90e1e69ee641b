import type { i18n as I18n } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import { formatPrice, formatQuantity } from '#app/i18n/localized.ts';
import { fieldIn, type ContentLanguage } from '#app/modules/translation/content-language.ts';
import { kilojoules } from '#app/modules/product/nutrition.ts';
import type { MenuProduct } from '#app/modules/guest-menu/menu.types.ts';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';

/**
 * Every word a dish card uses, looked up once per language instead of once per dish: i18next's
 * lookups were the largest item in a 200-dish menu render's CPU profile (bench:menu, BENCH_CPU_PROF).
 */
interface DishLabels {
  price: string;
  weight: string;
  unavailable: string;
  hours: string;
  allergens: string;
  traces: string;
  frozen: string;
  ingredients: string;
  nutrition: string;
  additives: string;
  unit: Record<string, string>;
  allergen: Record<string, string>;
  nutrients: { energy: string; fats: string; saturates: string; carbs: string; sugars: string; proteins: string; salt: string };
  per100: Record<'g' | 'ml', string>;
  servedBetween(from: string, to: string): string;
  add: string;
  /** a dish with options: its button opens its page to choose them */
  choose: string;
  chooseFor: string;
}

const labelsByInstance = new WeakMap<I18n, Map<string, DishLabels>>();

// i18n-keys: menu.unit.* allergenOfficial.*
function dishLabelsOf(i18n: I18n): DishLabels {
  let byLanguage = labelsByInstance.get(i18n);
  if (!byLanguage) labelsByInstance.set(i18n, (byLanguage = new Map()));
  let labels = byLanguage.get(i18n.language);
  if (!labels) {
    const t = i18n.t.bind(i18n);
    // the interpolated sentence with markers, filled in per dish without i18next
    const served = t('menu.servedBetween', { from: '\u0001', to: '\u0002' });
    labels = {
      price: t('menu.price'),
      weight: t('menu.weight'),
      unavailable: t('menu.unavailable'),
      hours: t('menu.hours'),
      allergens: t('menu.allergens'),
      traces: t('menu.traces'),
      frozen: t('menu.frozen'),
      ingredients: t('menu.ingredients'),
      nutrition: t('menu.nutrition'),
      additives: t('menu.additives'),
      unit: Object.fromEntries(['g', 'ml', 'pcs'].map((unit) => [unit, t(`menu.unit.${unit}`)])),
      // the regulation's own headings (issue 33 item 20); the filter's chips keep the short names
      allergen: Object.fromEntries(ALLERGEN_KEYS.map((key) => [key, t(`allergenOfficial.${key}`)])),
      nutrients: {
        energy: t('menu.energy'),
        fats: t('menu.fats'),
        saturates: t('menu.saturates'),
        carbs: t('menu.carbs'),
        sugars: t('menu.sugars'),
        proteins: t('menu.proteins'),
        salt: t('menu.salt'),
      },
      per100: { g: t('menu.nutritionPer100', { unit: 'g' }), ml: t('menu.nutritionPer100', { unit: 'ml' }) },
      servedBetween: (from, to) => served.replace('\u0001', from).replace('\u0002', to),
      add: t('order.add'),
      choose: t('order.choose'),
      chooseFor: t('order.chooseFor'),
    };
    byLanguage.set(i18n.language, labels);
  }
  return labels;
}

/**
 * One dish on the guest menu: name and price on one line, then weight, description and allergens
 * as words; ingredients, additives and the nutrition declaration open on demand. The data-*
 * attributes feed the in-page search and allergen filter (menu-enhance.js).
 */
export function MenuProductItem({
  product,
  locale,
  currency,
  addForm,
  choose,
}: {
  product: MenuProduct;
  locale: ContentLanguage;
  currency: string;
  addForm?: string;
  choose?: { path: string; query: string };
}) {
  // the provider's instance itself: useTranslation hands each component its own wrapper, which no cache could key on
  const i18n = useContext(I18nContext)?.i18n;
  if (!i18n) throw new Error('a dish card renders inside an I18nextProvider');
  const labels = dishLabelsOf(i18n);
  const name = fieldIn(product, 'name', locale);
  const description = fieldIn(product, 'description', locale);
  const ingredients = fieldIn(product, 'ingredients', locale);
  const unit = product.weightUnit ? (labels.unit[product.weightUnit] ?? null) : null;
  const hasNutrition = NUTRIENTS.some((key) => product[key] !== null);
  const hasDetails = hasNutrition || ingredients !== null || product.additives.length > 0;
  const allergenNames = product.allergens.map((key) => labels.allergen[key]).join(', ');
  // the filter hides a dish for what its required options all contain too (issue 35)
  const filterKeys = product.optionAllergens ? [...product.allergens, ...product.optionAllergens] : product.allergens;
  return (
    // data-dish carries the dish's id (insights) and marks it for search and the filter; data-allergens for the filter
    <li data-dish={product.id} id={addForm ? `d-${product.id}` : undefined} data-allergens={filterKeys.length > 0 ? filterKeys.join(' ') : undefined}>
      {product.imageUrl ? (
        <picture>
          {product.imageSrcSet ? <source type="image/webp" srcSet={product.imageSrcSet} sizes="96px" /> : null}
          <img src={product.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
        </picture>
      ) : null}
      <div>
        <h3>{name}</h3>
        <p className="dish-price">
          <span className="sr-only">{`${labels.price}: `}</span>
          {formatPrice(product.priceMinor, currency, locale)}
        </p>
        {product.weightValue && unit ? (
          <p className="dish-note">
            <span className="sr-only">{`${labels.weight}: `}</span>
            {`${formatQuantity(product.weightValue, locale)} ${unit}`}
          </p>
        ) : null}
        {!product.available ? <p className="dish-off">{labels.unavailable}</p> : null}
        {product.servedFrom && product.servedUntil ? (
          <p className="dish-note">
            <span className="sr-only">{`${labels.hours}: `}</span>
            {labels.servedBetween(product.servedFrom, product.servedUntil)}
          </p>
        ) : null}
        {description ? <p className="dish-desc">{description}</p> : null}
        {allergenNames ? (
          <p className="dish-allergens">
            <b>{`${labels.allergens}: `}</b>
            {allergenNames}
          </p>
        ) : null}
        {product.traces.length > 0 ? <p className="dish-note">{`${labels.traces}: ${product.traces.map((key) => labels.allergen[key]).join(', ')}`}</p> : null}
        {/* the frozen marker is for every guest to see, not behind a fold (Romanian menu rules) */}
        {product.frozen ? <p className="dish-note">{`* ${labels.frozen}`}</p> : null}
        {hasDetails ? (
          // written as one string: ~25 elements per dish that React would otherwise build, walk and
          // escape on every render (the page is never hydrated, so nothing has to match in the browser)
          <details dangerouslySetInnerHTML={{ __html: detailsHtml(product, ingredients, hasNutrition, locale, labels) }} />
        ) : null}
        {addForm && product.orderable && product.hasOptions && choose ? (
          // a dish with choices opens its choice page (issue 35): the options stay out of the list
          // labelled "Alege", not "Adaugă": it opens a page, it adds nothing yet
          <a href={`${choose.path}${product.id}${choose.query}`} data-choose="" aria-label={`${labels.chooseFor}: ${name}`}>
            {labels.choose}
          </a>
        ) : addForm && product.orderable ? (
          // a button of the page's one add form (decision 0032; one form, not one per dish: ~100 bytes a dish less):
          // without JavaScript it adds and comes back to this dish; the cart script adds in place
          <button form={addForm} name="p" value={product.id} aria-label={`${labels.add}: ${name}`}>
            {labels.add}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The nutrition declaration's fields; any one filled in shows the table. */
const NUTRIENTS = ['energyKcal', 'fat', 'saturates', 'carbs', 'sugars', 'protein', 'salt'] as const;

/**
 * A dish's fold: what it opens on (ingredients · nutrition), then the ingredients, additives and the
 * nutrition declaration per 100 g or ml. Every text is escaped; the numbers are formatted here.
 */
function detailsHtml(product: MenuProduct, ingredients: string | null, hasNutrition: boolean, locale: ContentLanguage, labels: DishLabels): string {
  const summary = [ingredients || product.additives.length > 0 ? labels.ingredients : null, hasNutrition ? labels.nutrition : null].filter(Boolean).join(' · ');
  let html = `<summary>${escapeHtml(summary)}</summary>`;
  if (ingredients) html += `<p><b>${escapeHtml(labels.ingredients)}: </b>${escapeHtml(ingredients)}</p>`;
  if (product.additives.length > 0) html += `<p><b>${escapeHtml(labels.additives)}: </b>${escapeHtml(product.additives.join(', '))}</p>`;
  if (hasNutrition) html += nutritionTableHtml(product, product.weightUnit === 'ml' ? 'ml' : 'g', locale, labels);
  return html;
}

/**
 * The nutrition declaration; a row's first cell is its header (no column headers, so no scope needed).
 * The end tags of th, td and tr are optional in HTML and left out: the parser builds the same table,
 * ~105 bytes a dish less (what the regulation's longer allergen headings added, issue 33 item 20).
 */
function nutritionTableHtml(product: MenuProduct, unit: 'g' | 'ml', locale: ContentLanguage, labels: DishLabels): string {
  const { nutrients } = labels;
  const kcal = product.energyKcal;
  const grams = (value: number | null) => (value === null ? '–' : `${formatQuantity(value, locale)} g`);
  const rows: [string, string][] = [
    [nutrients.energy, kcal === null ? '–' : `${kilojoules(kcal)} kJ / ${Math.round(kcal)} kcal`],
    [nutrients.fats, grams(product.fat)],
    [nutrients.saturates, grams(product.saturates)],
    [nutrients.carbs, grams(product.carbs)],
    [nutrients.sugars, grams(product.sugars)],
    [nutrients.proteins, grams(product.protein)],
    [nutrients.salt, grams(product.salt)],
  ];
  const body = rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}<td>${escapeHtml(value)}`).join('');
  return `<table><caption>${escapeHtml(labels.per100[unit])}</caption><tbody>${body}</tbody></table>`;
}
