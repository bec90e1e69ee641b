import type { GuestOrderLineOption } from '#app/db/schema.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { formatPrice, localized } from '#app/i18n/localized.ts';
import type { OptionPricing } from '#app/modules/options/options.types.ts';
import { ALLERGEN_KEYS, parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';

/**
 * What a placed line carries beyond its dish (issue 35 items 4 and 5), as the board, the kitchen
 * ticket and the guest's order page show it: the options chosen, with the names and price the
 * guest confirmed, and the allergens the guest declared that the line contains. Plain, safe for ui/.
 */

/** One chosen option as shown under its line, in the reader's language. */
export interface LineOptionView {
  group: string;
  name: string;
  /** 'add': the change to the unit price (0: none); 'set': the unit price itself */
  priceMinor: number;
  pricing: OptionPricing;
}

/** A stored choice in the reader's language (the English name falls back to the Romanian one). */
export function lineOptionView(option: Pick<GuestOrderLineOption, 'groupNameRo' | 'groupNameEn' | 'nameRo' | 'nameEn' | 'priceMinor' | 'pricing'>, locale: Locale): LineOptionView {
  return {
    group: localized(option.groupNameRo, option.groupNameEn, locale),
    name: localized(option.nameRo, option.nameEn, locale),
    priceMinor: option.priceMinor,
    pricing: option.pricing,
  };
}

/**
 * The declared allergies a line contains (its dish's and chosen options' allergens and traces as
 * stored when placed, against the order's declared list), in the EU-14 order: empty when none, or
 * when the allergies were erased with the contact details.
 */
export function flaggedAllergens(lineAllergens: string | null | undefined, declared: readonly AllergenKey[]): AllergenKey[] {
  if (declared.length === 0) return [];
  const contained = new Set(parseAllergenList(lineAllergens));
  return ALLERGEN_KEYS.filter((key) => declared.includes(key) && contained.has(key));
}

/**
 * An option's price as shown beside it: a 'set' option's own price ("35,00 lei"), an 'add' one's
 * change with its sign ("+5,00 lei", "−2,00 lei"), nothing for an option that changes nothing.
 */
export function optionPriceText(option: Pick<LineOptionView, 'priceMinor' | 'pricing'>, currency: string, locale: string): string | null {
  if (option.pricing === 'set') return formatPrice(option.priceMinor, currency, locale);
  if (option.priceMinor === 0) return null;
  return option.priceMinor > 0 ? `+${formatPrice(option.priceMinor, currency, locale)}` : formatPrice(option.priceMinor, currency, locale);
}
