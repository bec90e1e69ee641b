import type { AllergenKey } from '#app/modules/product/allergens.ts';

/**
 * Dish options (issue 35, decision 0034): the shapes every side reads (editor, guest menu, cart,
 * board, ticket, print, import). Plain, safe in the browser bundle.
 */

export type OptionPricing = 'add' | 'set';

/** Bounds of the library and of one group. */
export const OPTION_LIMITS = {
  groupsPerRestaurant: 200,
  optionsPerGroup: 30,
  groupsPerDish: 8,
  maxChoices: 30,
  nameChars: 60,
  /** an option's price (or change) in minor units, either way */
  maxPriceMinor: 100_000_00,
} as const;

/** The group's rule in the editor's words: exactly one, up to N, or between min and max. */
export type OptionRuleKind = 'exactly-one' | 'up-to' | 'between';

export function ruleKind(minChoices: number, maxChoices: number): OptionRuleKind {
  if (minChoices === 1 && maxChoices === 1) return 'exactly-one';
  if (minChoices === 0) return 'up-to';
  return 'between';
}

export interface OptionChoice {
  id: string;
  groupId: string;
  nameRo: string;
  nameEn: string | null;
  /** JSON { [lang]: { name } } of the content languages beyond ro/en */
  translations: string;
  priceMinor: number;
  allergens: AllergenKey[];
  traces: AllergenKey[];
  /** not sold out now (a "until we open again" past its time counts as available) */
  available: boolean;
  visible: boolean;
}

export interface DishOptionGroup {
  id: string;
  nameRo: string;
  nameEn: string | null;
  translations: string;
  minChoices: number;
  maxChoices: number;
  pricing: OptionPricing;
  /** every option of the group, in order, hidden ones included (callers decide) */
  options: OptionChoice[];
}

/** Why a line's choices cannot be ordered; `groupId` names the group for the guest's message. */
export type ChoiceProblem =
  | { kind: 'required'; groupId: string }
  | { kind: 'too-many'; groupId: string }
  | { kind: 'unknown-option' }
  | { kind: 'option-unavailable'; groupId: string; optionId: string };

/**
 * Checks a line's chosen option ids against the dish's groups: every id must be a shown option of one
 * of these groups (another dish's or restaurant's is unknown), available now, each group within its
 * rule. Returns the first problem, or null.
 */
export function checkChoices(groups: readonly DishOptionGroup[], chosen: readonly string[]): ChoiceProblem | null {
  const owner = new Map<string, { group: DishOptionGroup; option: OptionChoice }>();
  for (const group of groups) for (const option of group.options) if (option.visible) owner.set(option.id, { group, option });
  if (new Set(chosen).size !== chosen.length) return { kind: 'unknown-option' };
  for (const id of chosen) if (!owner.has(id)) return { kind: 'unknown-option' };
  for (const id of chosen) {
    const { group, option } = owner.get(id)!;
    if (!option.available) return { kind: 'option-unavailable', groupId: group.id, optionId: option.id };
  }
  for (const group of groups) {
    const count = chosen.filter((id) => owner.get(id)?.group === group).length;
    if (count < group.minChoices) return { kind: 'required', groupId: group.id };
    if (count > group.maxChoices) return { kind: 'too-many', groupId: group.id };
  }
  return null;
}

/**
 * The unit price of a dish with these (already checked) choices: a 'set' group's option is the price,
 * then every 'add' option's change is added. Never below zero.
 */
export function unitPriceWithChoices(basePriceMinor: number, groups: readonly DishOptionGroup[], chosen: readonly string[]): number {
  const picked = new Set(chosen);
  let price = basePriceMinor;
  for (const group of groups) if (group.pricing === 'set') for (const option of group.options) if (picked.has(option.id)) price = option.priceMinor;
  for (const group of groups) if (group.pricing === 'add') for (const option of group.options) if (picked.has(option.id)) price += option.priceMinor;
  return Math.max(0, price);
}

/**
 * What the allergen filter reads of a dish's groups (issue 35 item 2): an allergen every shown option
 * of a required group contains is one the dish cannot be ordered without, so hiding that allergen
 * hides the dish; an allergen only some options carry leaves the dish shown and marks those options.
 */
export function unavoidableAllergens(groups: readonly DishOptionGroup[]): AllergenKey[] {
  const found = new Set<AllergenKey>();
  for (const group of groups) {
    if (group.minChoices < 1) continue;
    const shown = group.options.filter((option) => option.visible);
    if (shown.length === 0) continue;
    for (const key of shown[0]!.allergens) if (shown.every((option) => option.allergens.includes(key))) found.add(key);
  }
  return [...found];
}

/** The chosen options of a line, each with its group, in the dish's order of groups and the group's order of options. */
export function chosenOptions(groups: readonly DishOptionGroup[], chosen: readonly string[]): { group: DishOptionGroup; option: OptionChoice }[] {
  const picked = new Set(chosen);
  return groups.flatMap((group) => group.options.filter((option) => picked.has(option.id)).map((option) => ({ group, option })));
}
