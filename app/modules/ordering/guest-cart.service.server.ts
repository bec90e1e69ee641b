import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import { parseOpeningHours, WEEK_DAYS, type OpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import { addToCart, TABLE_CODE, type Cart, type CartLine } from './cart-cookie.ts';
import { findDishLocation, findTableByCode, isTableBlocked } from './guest-order.repo.server.ts';
import { choiceError, findOrderingRestaurant, priceCart, requireOrdersOpen, type GuestLocale, type PricedCart } from './order-pricing.server.ts';
import { validateLines } from './order-rules.server.ts';
import { locationOrderingForGuests } from './ordering-settings.service.server.ts';
import type { LocationOrdering } from './ordering.types.ts';

/**
 * The guest's cart (decision 0032): "Adaugă" on the menu and the cart page. Public read models and
 * pure cookie updates; nothing is written to the database until the order is sent.
 */

/** A new cart's idempotency key: 24 random characters. */
function newCartKey(): string {
  return randomBytes(18).toString('base64url');
}

/** What "Adaugă" posts: the dish, and from the dish's choice page its options, a note and a quantity. */
export interface AddedDish {
  productId: string;
  options?: readonly string[];
  note?: string | null;
  quantity?: number;
}

/**
 * "Adaugă": the cart with the dish (its options, note and quantity), checked to be orderable now at
 * an open location, its choices checked against its groups (a refusal names the dish and the group,
 * and the cart stays as it was). A dish of another location than the cart's starts a new cart there
 * (a cart is one location's). The table code, when the menu's address carried one, is kept with the
 * cart; the allergens the guest hid with the menu's filter pre-fill the cart's allergy question once.
 */
export async function addDishToCart(
  db: Kysely<Database>,
  slug: string,
  added: AddedDish,
  cart: Cart | null,
  context: { tableCode: string | null; locale: GuestLocale; filtered?: readonly AllergenKey[] },
  now: number = Date.now(),
): Promise<{ cart: Cart; name: string }> {
  const restaurant = await findOrderingRestaurant(db, slug, new Date(now));
  if (!restaurant) throw new AppError('ordering-off');
  // oxlint-disable-next-line no-control-regex -- control characters are what this removes
  const note = (added.note ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const line: CartLine = { productId: added.productId, options: added.options ?? [], note: note || null, quantity: added.quantity ?? 1 };
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(line.productId)) throw new AppError('order-dish-unavailable', { names: '—' });
  validateLines([line]);
  const locationId = await findDishLocation(db, restaurant.id, line.productId);
  if (!locationId) throw new AppError('order-dish-unavailable', { names: '—' });
  await requireOrdersOpen(db, restaurant.id, locationId);
  const [priced] = (await priceCart(db, restaurant, locationId, [line], now, context.locale)).lines;
  if (!priced || (priced.problem && priced.problem !== 'choices')) throw new AppError('order-dish-unavailable', { names: priced?.name ?? '—' });
  const refused = choiceError(priced, '—');
  if (refused) throw refused;
  const code = context.tableCode && TABLE_CODE.test(context.tableCode) ? context.tableCode : null;
  const base: Cart = cart && cart.locationId === locationId ? cart : { locationId, tableCode: null, key: newCartKey(), lines: [] };
  const allergies = base.allergies ?? (context.filtered?.length ? [...context.filtered] : null);
  const next = addToCart({ ...base, tableCode: code ?? base.tableCode, allergies }, line);
  if (next === 'too-many-lines') throw new AppError('order-too-many-lines', { max: base.lines.length });
  if (next === 'too-many') throw new AppError('order-quantity', { max: 20 });
  return { cart: next, name: priced.name ?? '' };
}

export interface CartPage {
  restaurant: { name: string; slug: string; currency: string; accentColor: string | null };
  location: { id: string; name: string };
  ordering: LocationOrdering;
  priced: PricedCart;
  /** the table the cart's code names, when it is one of this location's, not blocked today */
  table: { label: string } | null;
  /** today's opening ranges (for the pickup time's hint), local 'HH:MM' */
  todayHours: [string, string][] | null;
  /** the earliest pickup time to suggest: now, rounded up to 5 minutes, local 'HH:MM' */
  earliestPickup: string;
}

/**
 * The cart page's data: the cart priced now, the location's offer (a paused or closed location is
 * shown, not refused: the page says so and keeps the cart), the table its code names. Undefined when
 * the slug names no published menu.
 */
export async function getCartPage(db: Kysely<Database>, slug: string, cart: Cart | null, locale: GuestLocale, now: number = Date.now()): Promise<CartPage | undefined> {
  const restaurant = await findOrderingRestaurant(db, slug, new Date(now));
  if (!restaurant) return undefined;
  const locations = await listAllLocations(db, restaurant.id);
  const shown = locations.filter((location) => location.visible === 1).sort((a, b) => a.sortOrder - b.sortOrder);
  const location = shown.find((candidate) => candidate.id === cart?.locationId) ?? shown[0];
  if (!location) return undefined;
  const lines = cart && cart.locationId === location.id ? cart.lines : [];
  const [ordering, priced] = await Promise.all([locationOrderingForGuests(db, restaurant.id, location.id), priceCart(db, restaurant, location.id, lines, now, locale)]);
  let table: CartPage['table'] = null;
  const local = localMoment(now, restaurant.timeZone);
  if (cart?.tableCode) {
    const found = await findTableByCode(db, restaurant.id, cart.tableCode);
    if (found && found.locationId === location.id && !(await isTableBlocked(db, restaurant.id, found.id, local.date))) table = { label: found.label };
  }
  const hours: OpeningHours | null = parseOpeningHours(restaurant.openingHours);
  const rounded = Math.min(Math.ceil(local.minutes / 5) * 5, 23 * 60 + 55);
  return {
    restaurant: { name: restaurant.name, slug: restaurant.slug, currency: restaurant.currency, accentColor: restaurant.accentColor },
    location: { id: location.id, name: locale === 'en' ? (location.nameEn ?? location.nameRo) : location.nameRo },
    ordering,
    priced,
    table,
    todayHours: hours ? (hours[WEEK_DAYS.find((day) => day === local.weekDay)!] ?? []) : null,
    earliestPickup: `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${String(rounded % 60).padStart(2, '0')}`,
  };
}
