import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { APP_ERROR_STATUS, AppError } from '#app/modules/errors/app-error.ts';
import { readDishOptionGroups } from '#app/modules/options/dish-option-groups.server.ts';
import { ruleKind } from '#app/modules/options/options.types.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import { parseTranslations, textIn, type ContentLanguage } from '#app/modules/translation/content-language.ts';
import type { DishChoiceGroup } from './dish-choice.types.ts';
import { findDishLocation, findDishTranslations } from './guest-order.repo.server.ts';
import { dishName, findOrderingRestaurant, priceCart, type GuestLocale } from './order-pricing.server.ts';
import { locationOrderingForGuests } from './ordering-settings.service.server.ts';

/**
 * A dish's choice page (issue 35 item 2): the dish with its option groups and the form that adds it
 * with its choices, a note and a quantity. The menu's list only links here, so the list stays light
 * (decision 0016: the list's HTML per dish has a budget); this page is per dish and never cached.
 * Hidden options are not shown; sold-out ones are shown, marked and not choosable; options holding
 * an allergen the guest hid with the menu's filter are marked with it.
 */

export interface DishChoicePage {
  restaurant: { name: string; slug: string; currency: string };
  locationId: string;
  dish: { id: string; name: string; priceMinor: number; allergens: AllergenKey[] };
  groups: DishChoiceGroup[];
  /** guests may add it now (location open for orders, not paused; the dish available and served) */
  orderable: boolean;
  /** the refusal the add route sent back, for the page to say in its words */
  refusal: AppError | null;
}

/** What the add route sends back in the address when it refuses: a known code, the group it names, the guest's choices. */
export interface DishChoiceRefusal {
  code: string;
  groupId: string | null;
  chosen: readonly string[];
}

/**
 * The page of one dish of a published menu, or undefined (an unknown dish, a hidden one, another
 * restaurant's id: not found). A public read model: it reads by the menu's slug.
 */
export async function getDishChoicePage(
  db: Kysely<Database>,
  slug: string,
  productId: string,
  request: {
    locale: GuestLocale;
    /** the menu's language the guest came from (German, …): the dish's, groups' and options' names in it, else English, else Romanian */
    content?: ContentLanguage;
    filtered: readonly AllergenKey[];
    refusal: DishChoiceRefusal | null;
  },
  now: number = Date.now(),
): Promise<DishChoicePage | undefined> {
  const restaurant = await findOrderingRestaurant(db, slug, new Date(now));
  if (!restaurant || !/^[A-Za-z0-9_-]{1,64}$/.test(productId)) return undefined;
  const locationId = await findDishLocation(db, restaurant.id, productId);
  if (!locationId) return undefined;
  const content = request.content ?? request.locale;
  const [ordering, priced, groupsOf, dishTranslations] = await Promise.all([
    locationOrderingForGuests(db, restaurant.id, locationId),
    priceCart(db, restaurant, locationId, [{ productId, quantity: 1, note: null, options: [] }], now, request.locale),
    readDishOptionGroups(db, restaurant.id, [productId], now),
    content === 'ro' || content === 'en' ? undefined : findDishTranslations(db, restaurant.id, productId),
  ]);
  const nameOf = (row: { nameRo: string; nameEn: string | null; translations?: string }) =>
    content === 'ro' || content === 'en'
      ? dishName(row, content)
      : (textIn({ ro: row.nameRo, en: row.nameEn, translations: parseTranslations(row.translations) }, 'name', content) ?? row.nameRo);
  const line = priced.lines[0];
  if (!line || line.problem === 'gone') return undefined;
  const groups: DishChoiceGroup[] = (groupsOf.get(productId) ?? []).map((group) => ({
    id: group.id,
    name: nameOf(group),
    rule: ruleKind(group.minChoices, group.maxChoices),
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    pricing: group.pricing,
    options: group.options
      .filter((option) => option.visible)
      .map((option) => ({
        id: option.id,
        name: nameOf(option),
        priceMinor: option.priceMinor,
        available: option.available,
        allergens: option.allergens,
        traces: option.traces,
        filtered: option.allergens.filter((key) => request.filtered.includes(key)),
      })),
  }));
  const dish = {
    id: productId,
    name: line.name === null ? '' : nameOf({ nameRo: line.nameRo, nameEn: line.nameEn, translations: dishTranslations }),
    priceMinor: line.unitPriceMinor,
    allergens: line.allergens,
  };
  return {
    restaurant: { name: restaurant.name, slug: restaurant.slug, currency: restaurant.currency },
    locationId,
    dish,
    groups,
    orderable: ordering.ordersEnabled && !ordering.paused && line.problem !== 'unavailable',
    refusal: refusalOf(request.refusal, dish.name, groups),
  };
}

/**
 * The refusal to show, naming the dish and the group as the add route's answer with JavaScript does
 * (the address carries only a known code and ids, never words). Null for no refusal or an unknown code.
 */
function refusalOf(refusal: DishChoiceRefusal | null, dish: string, groups: readonly DishChoiceGroup[]): AppError | null {
  if (!refusal || !Object.hasOwn(APP_ERROR_STATUS, refusal.code)) return null;
  const group = groups.find((candidate) => candidate.id === refusal.groupId);
  // the sold-out option the guest had chosen in that group
  const option = group?.options.find((candidate) => refusal.chosen.includes(candidate.id) && !candidate.available);
  const named = { dish, group: group?.name ?? '' };
  const field = { field: `group-${group?.id ?? ''}` };
  switch (refusal.code) {
    case 'order-option-required':
      return group ? new AppError('order-option-required', named, field) : null;
    case 'order-option-too-many':
      return group ? new AppError('order-option-too-many', { ...named, max: group.maxChoices }, field) : null;
    case 'order-option-unavailable':
      return group ? new AppError('order-option-unavailable', { ...named, option: option?.name ?? '' }, field) : null;
    case 'order-option-unknown':
      return new AppError('order-option-unknown', { dish });
    default:
      return new AppError(refusal.code as keyof typeof APP_ERROR_STATUS, { max: 20, names: dish });
  }
}
