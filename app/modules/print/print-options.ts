import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import { formatPrice, localized } from '#app/i18n/localized.ts';
import type { DishOptionGroup } from '#app/modules/options/options.types.ts';
import { ALLERGEN_KEYS, type AllergenKey } from '#app/modules/product/allergens.ts';

/** Allergens as the printed menu's numbers (its legend's order, as print-pdf.server.ts numbers a dish's). */
const allergenNumbersOf = (keys: readonly AllergenKey[]) => keys.map((key) => ALLERGEN_KEYS.indexOf(key) + 1).join(', ');

/**
 * A dish's options on paper (issue 35 item 7): what guests can choose (hidden options left out,
 * sold-out ones kept, as sold-out dishes are), each with its price change, and the allergens an
 * option brings, so the printed menu and the allergen matrix keep the promise the digital one makes.
 */

/** The groups with only the options a guest sees; a group left empty is left out. */
function shownGroups(groups: readonly DishOptionGroup[]): DishOptionGroup[] {
  return groups.map((group) => ({ ...group, options: group.options.filter((option) => option.visible) })).filter((group) => group.options.length > 0);
}

/**
 * The options lines under a dish, one a group: "Mărime: Mică 30,00 lei · Mare 45,00 lei", "Extra:
 * Cașcaval +5,00 lei (Alergeni: 2)". A size group prints its prices, any other group its changes
 * (none for a free option), each option the allergens it brings.
 */
export function optionsLines(groups: readonly DishOptionGroup[], currency: string, locale: Locale): string[] {
  const { t } = getI18n(locale);
  const shown = shownGroups(groups);
  const allergenNote = (allergens: readonly AllergenKey[], traces: readonly AllergenKey[]) => {
    const parts = [
      allergens.length > 0 ? `${t('print.allergensShort')}: ${allergenNumbersOf(allergens)}` : null,
      traces.length > 0 ? `${t('print.tracesShort')}: ${allergenNumbersOf(traces)}` : null,
    ].filter(Boolean);
    return parts.length > 0 ? ` (${parts.join('; ')})` : '';
  };
  return shown.map((group) => {
    const options = group.options.map((option) => {
      const price =
        group.pricing === 'set'
          ? ` ${formatPrice(option.priceMinor, currency, locale)}`
          : option.priceMinor === 0
            ? ''
            : ` ${option.priceMinor > 0 ? '+' : '−'}${formatPrice(Math.abs(option.priceMinor), currency, locale)}`;
      return `${localized(option.nameRo, option.nameEn, locale)}${price}${allergenNote(option.allergens, option.traces)}`;
    });
    return `${localized(group.nameRo, group.nameEn, locale)}: ${options.join(' · ')}`;
  });
}

/** The lowest price a size group sets (the dish's price column then says "from"), or null without one. */
export function lowestSetPrice(groups: readonly DishOptionGroup[]): number | null {
  const prices = shownGroups(groups)
    .filter((group) => group.pricing === 'set')
    .flatMap((group) => group.options.map((option) => option.priceMinor));
  return prices.length === 0 ? null : Math.min(...prices);
}

/** The options that bring allergens or traces, each a row of the allergen matrix under its dish. */
export function optionAllergenRows(groups: readonly DishOptionGroup[], locale: Locale): { name: string; allergens: AllergenKey[]; traces: AllergenKey[] }[] {
  return shownGroups(groups).flatMap((group) =>
    group.options
      .filter((option) => option.allergens.length > 0 || option.traces.length > 0)
      .map((option) => ({
        name: `${localized(group.nameRo, group.nameEn, locale)}: ${localized(option.nameRo, option.nameEn, locale)}`,
        allergens: option.allergens,
        traces: option.traces,
      })),
  );
}
