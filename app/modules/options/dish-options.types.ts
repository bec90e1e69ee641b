import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { OptionPricing } from './options.types.ts';

/** The options library as the owners' editor shows it (decision 0034). Plain, safe in the browser bundle. */

/** A group as the editor lists it: its rule, pricing and options, and how many dishes offer it. */
export interface LibraryGroup {
  id: string;
  nameRo: string;
  nameEn: string | null;
  minChoices: number;
  maxChoices: number;
  pricing: OptionPricing;
  version: string;
  dishes: number;
  options: LibraryOption[];
}

export interface LibraryOption {
  id: string;
  nameRo: string;
  nameEn: string | null;
  priceMinor: number;
  allergens: AllergenKey[];
  traces: AllergenKey[];
  available: boolean;
  /** sold out "until we open again": the instant it comes back (ISO), else null */
  soldOutUntil: string | null;
  visible: boolean;
  version: string;
}

/** The posts of the dish page's option groups section (app/ui/editor/dish-options-section.tsx), told apart from the dish's own form. */
export function isDishOptionsIntent(intent: unknown): intent is 'attach-option-group' | 'detach-option-group' | 'move-option-group' {
  return intent === 'attach-option-group' || intent === 'detach-option-group' || intent === 'move-option-group';
}
