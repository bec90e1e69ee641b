import type { Kysely } from 'kysely';
import type { Database, Restaurant } from '#app/db/schema.ts';
import { dishServingState, parseCategorySchedule, servingState } from '#app/modules/category/category-schedule.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { ALLERGEN_KEYS, parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';
import { availableNow } from '#app/modules/options/availability.ts';
import { findRestaurantBySlug } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { readDishOptionGroups } from '#app/modules/options/dish-option-groups.server.ts';
import { checkChoices, chosenOptions, unitPriceWithChoices, type ChoiceProblem, type DishOptionGroup, type OptionPricing } from '#app/modules/options/options.types.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import type { CartLine } from './cart-cookie.ts';
import { listDishesForCart } from './guest-order.repo.server.ts';
import { locationOrderingForGuests } from './ordering-settings.service.server.ts';
import type { LocationOrdering } from './ordering.types.ts';

/**
 * Prices are the server's (decision 0032): a cart is priced from the menu as it is at this moment,
 * for the cart page and again when the order is sent. A line is orderable when its dish, category
 * and location are shown, the dish is available (not sold out) and served now (its category's
 * schedule and its own hours); otherwise it is named so the guest can remove it. A line's options
 * (issue 35) are checked against the dish's groups as they are now (`checkChoices`: required,
 * too many, another dish's or restaurant's, sold out, hidden) and priced by the server alone
 * (`unitPriceWithChoices`): nothing the guest posts is a price.
 */

export type GuestLocale = 'ro' | 'en';

export interface PricedLine {
  productId: string;
  /** the dish's name in the guest's language (null: the dish was deleted) */
  name: string | null;
  nameRo: string;
  nameEn: string | null;
  unitPriceMinor: number;
  quantity: number;
  note: string | null;
  /** the chosen options' ids as the cart holds them */
  options: readonly string[];
  /** the chosen options as priced now, in the dish's order (empty when the choices have a problem) */
  chosen: PricedOption[];
  /** the dish's and the chosen options' allergens (the cart's reminder) */
  allergens: AllergenKey[];
  /** the dish's and the chosen options' allergens and traces: what a declared allergy is matched against */
  flagKeys: AllergenKey[];
  /** why it cannot be ordered now, if it cannot: the dish, or its choices (the group named) */
  problem: 'unavailable' | 'gone' | 'choices' | null;
  choiceProblem: (ChoiceProblem & { groupName: string | null; optionName: string | null; maxChoices: number | null }) | null;
}

/** A chosen option with the names and price the guest is shown and confirms. */
export interface PricedOption {
  optionId: string;
  groupId: string;
  groupNameRo: string;
  groupNameEn: string | null;
  nameRo: string;
  nameEn: string | null;
  /** 'add': the change to the unit price; 'set': the unit price */
  priceMinor: number;
  pricing: OptionPricing;
}

export interface PricedCart {
  lines: PricedLine[];
  totalMinor: number;
  currency: string;
}

/** The restaurant of a menu's slug as the ordering rules read it: a menu guests can see, or not found. */
export type OrderingRestaurant = Pick<Restaurant, 'id' | 'slug' | 'name' | 'currency' | 'timeZone' | 'openingHours' | 'openingExceptions' | 'accentColor'>;

/** The restaurant behind a slug while its menu is published (decision 0004): else undefined. */
export async function findOrderingRestaurant(db: Kysely<Database>, slug: string, now: Date): Promise<OrderingRestaurant | undefined> {
  const restaurant = await findRestaurantBySlug(db, slug);
  if (!restaurant || restaurant.active !== 1 || !isBefore(restaurant.publishedUntil, now)) return undefined;
  return restaurant;
}

/** A location's ordering, refused unless guests may order there now: on, and not paused. */
export async function requireOrdersOpen(db: Kysely<Database>, restaurantId: string, locationId: string): Promise<LocationOrdering> {
  const ordering = await locationOrderingForGuests(db, restaurantId, locationId);
  if (!ordering.ordersEnabled) throw new AppError('ordering-off');
  if (ordering.paused) throw new AppError('ordering-paused');
  return ordering;
}

export function dishName(dish: { nameRo: string; nameEn: string | null }, locale: GuestLocale): string {
  return locale === 'en' ? (dish.nameEn ?? dish.nameRo) : dish.nameRo;
}

/** The union of some allergen lists, in the regulation's order. */
function unionOf(lists: readonly (readonly AllergenKey[])[]): AllergenKey[] {
  const all = new Set(lists.flat());
  return ALLERGEN_KEYS.filter((key) => all.has(key));
}

/** A line's choices checked against its dish's groups, named for the guest (the group's and the option's names). */
function choicesOf(groups: readonly DishOptionGroup[], chosen: readonly string[], locale: GuestLocale): PricedLine['choiceProblem'] {
  const problem = checkChoices(groups, chosen);
  if (!problem) return null;
  const group = 'groupId' in problem ? groups.find((candidate) => candidate.id === problem.groupId) : undefined;
  const option = problem.kind === 'option-unavailable' ? group?.options.find((candidate) => candidate.id === problem.optionId) : undefined;
  return { ...problem, groupName: group ? dishName(group, locale) : null, optionName: option ? dishName(option, locale) : null, maxChoices: group?.maxChoices ?? null };
}

/** Prices a cart's lines at `now` (ms) in the restaurant's time zone. */
export async function priceCart(
  db: Kysely<Database>,
  restaurant: Pick<OrderingRestaurant, 'id' | 'currency' | 'timeZone'>,
  locationId: string,
  lines: readonly CartLine[],
  now: number,
  locale: GuestLocale,
): Promise<PricedCart> {
  const ids = lines.map((line) => line.productId);
  const [dishRows, groupsOf] = await Promise.all([listDishesForCart(db, restaurant.id, locationId, ids), readDishOptionGroups(db, restaurant.id, [...new Set(ids)], now)]);
  const dishes = new Map(dishRows.map((dish) => [dish.id, dish]));
  const priced = lines.map((line): PricedLine => {
    const options = line.options ?? [];
    const dish = dishes.get(line.productId);
    const empty = { chosen: [], allergens: [], flagKeys: [], choiceProblem: null };
    if (!dish) return { ...line, options, ...empty, name: null, nameRo: '', nameEn: null, unitPriceMinor: 0, problem: 'gone' };
    const shown = dish.visible === 1 && dish.categoryVisible === 1 && dish.locationVisible === 1;
    const served =
      servingState(parseCategorySchedule(dish.categorySchedule), now, restaurant.timeZone).servedNow &&
      dishServingState(dish.servedFrom, dish.servedUntil, now, restaurant.timeZone).servedNow;
    const groups = groupsOf.get(dish.id) ?? [];
    const choiceProblem = choicesOf(groups, options, locale);
    const picked = choiceProblem ? [] : chosenOptions(groups, options);
    const allergens = unionOf([parseAllergenList(dish.allergens), ...picked.map(({ option }) => option.allergens)]);
    return {
      ...line,
      options,
      name: dishName(dish, locale),
      nameRo: dish.nameRo,
      nameEn: dish.nameEn,
      unitPriceMinor: choiceProblem ? dish.priceMinor : unitPriceWithChoices(dish.priceMinor, groups, options),
      chosen: picked.map(({ group, option }) => ({
        optionId: option.id,
        groupId: group.id,
        groupNameRo: group.nameRo,
        groupNameEn: group.nameEn,
        nameRo: option.nameRo,
        nameEn: option.nameEn,
        priceMinor: option.priceMinor,
        pricing: group.pricing,
      })),
      allergens,
      flagKeys: unionOf([allergens, parseAllergenList(dish.traces), ...picked.map(({ option }) => option.traces)]),
      problem: !(shown && availableNow(dish, now) && served) ? 'unavailable' : choiceProblem ? 'choices' : null,
      choiceProblem,
    };
  });
  const totalMinor = priced.reduce((sum, line) => sum + (line.problem ? 0 : line.unitPriceMinor * line.quantity), 0);
  return { lines: priced, totalMinor, currency: restaurant.currency };
}

/** The refusal of a line whose choices cannot be ordered, naming the dish and the group (the option too when it is sold out). */
export function choiceError(line: Pick<PricedLine, 'name' | 'choiceProblem'>, goneLabel: string): AppError | null {
  const problem = line.choiceProblem;
  if (!problem) return null;
  const dish = line.name ?? goneLabel;
  // the field is the group's fieldset on the dish's page (`group-<id>`)
  const field = 'groupId' in problem ? { field: `group-${problem.groupId}` } : {};
  switch (problem.kind) {
    case 'required':
      return new AppError('order-option-required', { dish, group: problem.groupName ?? '' }, field);
    case 'too-many':
      return new AppError('order-option-too-many', { dish, group: problem.groupName ?? '', max: problem.maxChoices ?? 1 }, field);
    case 'option-unavailable':
      return new AppError('order-option-unavailable', { dish, group: problem.groupName ?? '', option: problem.optionName ?? '' }, field);
    case 'unknown-option':
      return new AppError('order-option-unknown', { dish });
  }
}

/**
 * Refuses a cart with a dish that cannot be ordered now, naming each (a deleted one as "a dish no
 * longer on the menu"), or a line whose choices cannot be ordered, naming its dish and group.
 */
export function assertAllOrderable(cart: PricedCart, goneLabel: string): void {
  const problems = cart.lines.filter((line) => line.problem && line.problem !== 'choices');
  if (problems.length === 0) {
    const error = cart.lines.map((line) => choiceError(line, goneLabel)).find(Boolean);
    if (error) throw error;
    return;
  }
  const names = [...new Set(problems.map((line) => line.name ?? goneLabel))].join(', ');
  throw new AppError('order-dish-unavailable', { names });
}
