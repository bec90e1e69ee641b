import type { OptionPricing, OptionRuleKind } from '#app/modules/options/options.types.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';

/** A dish's groups as its choice page shows them (dish-choice.service.server.ts); plain types, safe in the browser. */

export interface DishChoiceOption {
  id: string;
  name: string;
  /** 'add': the change to the dish's price; 'set': the dish's price with it */
  priceMinor: number;
  available: boolean;
  allergens: AllergenKey[];
  traces: AllergenKey[];
  /** the allergens of the menu's filter this option contains */
  filtered: AllergenKey[];
}

export interface DishChoiceGroup {
  id: string;
  name: string;
  rule: OptionRuleKind;
  minChoices: number;
  maxChoices: number;
  pricing: OptionPricing;
  options: DishChoiceOption[];
}
