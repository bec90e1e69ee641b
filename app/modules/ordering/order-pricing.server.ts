import type { Kysely } from 'kysely';
import type { Database, Restaurant } from '#app/db/schema.ts';
import { dishServingState, parseCategorySchedule, servingState } from '#app/modules/category/category-schedule.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';
import { availableNow } from '#app/modules/options/availability.ts';
import { findRestaurantBySlug } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import type { CartLine } from './cart-cookie.ts';
import { listDishesForCart } from './guest-order.repo.server.ts';
import { locationOrderingForGuests } from './ordering-settings.service.server.ts';
import type { LocationOrdering } from './ordering.types.ts';

/**
 * Prices are the server's (decision 0032): a cart is priced from the menu as it is at this moment,
 * for the cart page and again when the order is sent. A line is orderable when its dish, category
 * and location are shown, the dish is available (not sold out) and served now (its category's
 * schedule and its own hours); otherwise it is named so the guest can remove it.
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
  allergens: AllergenKey[];
  /** why it cannot be ordered now, if it cannot */
  problem: 'unavailable' | 'gone' | null;
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

/** Prices a cart's lines at `now` (ms) in the restaurant's time zone. */
export async function priceCart(
  db: Kysely<Database>,
  restaurant: Pick<OrderingRestaurant, 'id' | 'currency' | 'timeZone'>,
  locationId: string,
  lines: readonly CartLine[],
  now: number,
  locale: GuestLocale,
): Promise<PricedCart> {
  const dishes = new Map((await listDishesForCart(db, restaurant.id, locationId, lines.map((line) => line.productId))).map((dish) => [dish.id, dish]));
  const priced = lines.map((line): PricedLine => {
    const dish = dishes.get(line.productId);
    if (!dish) return { ...line, name: null, nameRo: '', nameEn: null, unitPriceMinor: 0, allergens: [], problem: 'gone' };
    const shown = dish.visible === 1 && dish.categoryVisible === 1 && dish.locationVisible === 1;
    const served = servingState(parseCategorySchedule(dish.categorySchedule), now, restaurant.timeZone).servedNow && dishServingState(dish.servedFrom, dish.servedUntil, now, restaurant.timeZone).servedNow;
    return {
      ...line,
      name: dishName(dish, locale),
      nameRo: dish.nameRo,
      nameEn: dish.nameEn,
      unitPriceMinor: dish.priceMinor,
      allergens: parseAllergenList(dish.allergens),
      problem: shown && availableNow(dish, now) && served ? null : 'unavailable',
    };
  });
  const totalMinor = priced.reduce((sum, line) => sum + (line.problem ? 0 : line.unitPriceMinor * line.quantity), 0);
  return { lines: priced, totalMinor, currency: restaurant.currency };
}

/** Refuses a cart with a dish that cannot be ordered now, naming each (a deleted one as "a dish no longer on the menu"). */
export function assertAllOrderable(cart: PricedCart, goneLabel: string): void {
  const problems = cart.lines.filter((line) => line.problem);
  if (problems.length === 0) return;
  const names = [...new Set(problems.map((line) => line.name ?? goneLabel))].join(', ');
  throw new AppError('order-dish-unavailable', { names });
}
