import type { Kysely } from 'kysely';
import type { Database, Restaurant } from '#app/db/schema.ts';
import { parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import { findCurrentSlugForPreviousSlug, findMenuStateBySlug, findRestaurantBySlug, listActiveRestaurantsForSitemap } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { parseImageVariants } from '#app/modules/image/image.service.server.ts';
import { publicImageUrl } from '#app/modules/image/storage.server.ts';
import { listMenuRows } from './menu.repo.server.ts';
import { readDishOptionGroups } from '#app/modules/options/dish-option-groups.server.ts';
import { unavoidableAllergens, type DishOptionGroup } from '#app/modules/options/options.types.ts';
import { availableNow } from '#app/modules/options/availability.ts';
import { nextOptionReturnAt } from '#app/modules/options/sold-out.server.ts';
import { dishServingState, parseCategorySchedule, servingState } from '#app/modules/category/category-schedule.ts';
import { earliest } from '#app/modules/restaurant/local-time.ts';
import { openingStatus, parseOpeningExceptions } from '#app/modules/restaurant/opening-exceptions.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import type { MenuLocation, MenuLocationOrdering, MenuProduct, PublicMenu } from './menu.types.ts';
import { orderingForGuests } from '#app/modules/ordering/ordering-settings.service.server.ts';
import type { LocationOrdering } from '#app/modules/ordering/ordering.types.ts';
import { offeredLanguages, parseLanguageList, parseTranslations } from '#app/modules/translation/content-language.ts';

/** The render cache's version of a menu: its edits and whether it is published (see getMenuCacheVersion). */
function menuCacheVersion(menuVersion: number, published: boolean): number {
  return menuVersion * 2 + (published ? 1 : 0);
}

/** `{ "200": key, "400": key }` as a srcset of public URLs, smallest first. */
function toSrcSet(variants: string | null): string | null {
  const entries = parseImageVariants(variants);
  return entries.length > 0 ? entries.map(({ width, key }) => `${publicImageUrl(key)} ${width}w`).join(', ') : null;
}

function parseStringList(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Whether guests may see the menu: the restaurant is active and its plan serves it, PRO or in the
 * trial (a trial that ran out without PRO unpublishes it, docs/decisions/0004 and 0010).
 */
export function isMenuPublished(restaurant: Pick<Restaurant, 'active' | 'publishedUntil'>, now: Date = new Date()): boolean {
  return restaurant.active === 1 && isBefore(restaurant.publishedUntil, now);
}

/** The menus guests can see now, for the sitemap: active and published (slug, languages, last change). */
export async function listPublishedMenusForSitemap(db: Kysely<Database>, now: Date = new Date()) {
  return (await listActiveRestaurantsForSitemap(db)).filter((restaurant) => isMenuPublished(restaurant, now));
}

/**
 * What the guest menu's render cache is keyed by: the menu version, and whether the menu is
 * published right now. A trial or a PRO that ends with the passing of time changes what guests
 * see without any edit, so the version alone would keep serving the old page. A public read
 * model: anyone may ask, so it takes no scope.
 */
export async function getMenuCacheVersion(db: Kysely<Database>, slug: string, now: Date = new Date()): Promise<number | undefined> {
  const state = await findMenuStateBySlug(db, slug);
  // a restaurant an admin deactivated is not a menu at all: the route sends guests to not-found
  if (!state || state.active !== 1) return undefined;
  return menuCacheVersion(state.menuVersion, isMenuPublished(state, now));
}

/**
 * The guest menu of one restaurant, by slug: undefined when no restaurant has that slug (the
 * route sends the guest to not-found, docs/product-spec.md section 2). Hidden categories and products never
 * leave the database; unavailable products are kept and marked. A public read model (what any
 * guest may see), so it takes no scope: it reads by slug, never by a tenant's id.
 */
/**
 * Where a slug the restaurant gave up now lives (issue 17, friction 2): the current slug, or
 * undefined. Asked only when no restaurant has the slug today, so a slug taken since by another
 * restaurant is that restaurant's.
 */
export function findMovedMenuSlug(db: Kysely<Database>, slug: string): Promise<string | undefined> {
  return findCurrentSlugForPreviousSlug(db, slug);
}

/** What the list says of a dish's groups: that it has some, and the allergens they add that no choice avoids. */
function optionFacts(groups: DishOptionGroup[] | undefined, own: readonly AllergenKey[]): Pick<MenuProduct, 'hasOptions' | 'optionAllergens'> {
  if (!groups || groups.length === 0) return {};
  const added = unavoidableAllergens(groups).filter((key) => !own.includes(key));
  return { hasOptions: true, ...(added.length > 0 ? { optionAllergens: added } : {}) };
}

/** What the menu shows of a location's ordering and reservations: null when neither is on. */
function guestOrdering(settings: LocationOrdering | undefined): MenuLocationOrdering | null {
  if (!settings || (!settings.ordersEnabled && !settings.reservationsEnabled)) return null;
  return {
    orders: settings.ordersEnabled ? { dineIn: settings.dineIn, pickup: settings.pickup, paused: settings.paused } : null,
    reservations: settings.reservationsEnabled,
    noteRo: settings.guestNoteRo,
    noteEn: settings.guestNoteEn,
  };
}

/**
 * The guest menu at `now` (ms; the request's clock): a category served at certain times is marked
 * or left out outside them, and `validUntil` says when that, or the hours block, next changes
 * (decision 0022), so the render cache can render the page again then.
 */
export async function getPublicMenu(db: Kysely<Database>, slug: string, now: number = Date.now()): Promise<PublicMenu | undefined> {
  const restaurant = await findRestaurantBySlug(db, slug);
  // docs/product-spec.md section 2: 'Acest restaurant nu există sau a fost dezactivat.' (an admin deactivated it)
  if (!restaurant || restaurant.active !== 1) return undefined;
  if (!isMenuPublished(restaurant, new Date(now))) {
    return {
      status: 'inactive',
      validUntil: null,
      cacheVersion: menuCacheVersion(restaurant.menuVersion, false),
      restaurant: { name: restaurant.name, slug: restaurant.slug, menuVersion: restaurant.menuVersion },
    };
  }
  const [rows, ordering, optionReturn] = await Promise.all([listMenuRows(db, restaurant.id), orderingForGuests(db, restaurant.id), nextOptionReturnAt(db, restaurant.id, now)]);
  // the dishes' groups only as far as the list needs them (issue 35): whether a dish has any, and the
  // allergens its required groups leave no way around; the options themselves are on the dish's page
  const groupsOf = await readDishOptionGroups(
    db,
    restaurant.id,
    rows.products.map((product) => product.id),
    now,
  );
  const productsByCategory = Map.groupBy(rows.products, (p) => p.categoryId);
  const { timeZone } = restaurant;
  const opening = openingStatus(parseOpeningHours(restaurant.openingHours), parseOpeningExceptions(restaurant.openingExceptions), now, timeZone);
  // sold out "until we open again" (issue 35 item 8): the page changes when a dish or an option comes back
  const changes: (number | null)[] = [opening.changesAt, optionReturn];
  for (const product of rows.products) if (!availableNow(product, now)) changes.push(product.soldOutUntil ? Date.parse(product.soldOutUntil) : null);
  // a category served at certain times: its state now, and when that changes; hidden outside them
  const categories = rows.categories.flatMap(({ schedule: stored, ...category }) => {
    const schedule = parseCategorySchedule(stored);
    const { servedNow, changesAt } = servingState(schedule, now, timeZone);
    changes.push(changesAt);
    return !servedNow && schedule?.outside === 'hide' ? [] : [{ ...category, schedule, servedNow }];
  });
  const categoriesByLocation = Map.groupBy(categories, (c) => c.locationId);
  const locations: MenuLocation[] = rows.locations.map((location) => {
    const offer = guestOrdering(ordering.get(location.id));
    // "Adaugă" on a dish guests may order now (decision 0032): the page then changes with the dishes' own hours too
    const takesOrders = offer?.orders != null && !offer.orders.paused;
    const orderable = (product: { available: number; soldOutUntil: string | null; servedFrom: string | null; servedUntil: string | null }, categoryServed: boolean) => {
      if (!takesOrders) return undefined;
      const dish = dishServingState(product.servedFrom, product.servedUntil, now, timeZone);
      changes.push(dish.changesAt);
      return availableNow(product, now) && categoryServed && dish.servedNow;
    };
    return {
      ...location,
      translations: parseTranslations(location.translations),
      ordering: offer,
      categories: (categoriesByLocation.get(location.id) ?? []).map(({ locationId: _locationId, imageKey: categoryImage, ...category }) => ({
        ...category,
        translations: parseTranslations(category.translations),
        imageUrl: publicImageUrl(categoryImage),
        products: (productsByCategory.get(category.id) ?? []).map(({ imageVariants, imageKey, soldOutUntil, ...product }) => ({
          ...product,
          orderable: orderable({ ...product, soldOutUntil }, category.servedNow),
          translations: parseTranslations(product.translations),
          imageUrl: publicImageUrl(imageKey),
          imageSrcSet: toSrcSet(imageVariants),
          allergens: parseAllergenList(product.allergens),
          ...optionFacts(groupsOf.get(product.id), parseAllergenList(product.allergens)),
          traces: parseAllergenList(product.traces),
          additives: parseStringList(product.additives),
          frozen: product.frozen === 1,
          available: availableNow({ available: product.available, soldOutUntil }, now),
        })),
      })),
    };
  });
  const {
    id,
    name,
    logoKey,
    coverImageKey,
    accentColor,
    currency,
    descriptionRo,
    descriptionEn,
    phone,
    email,
    address,
    openingHours,
    updatedAt,
    menuVersion,
    translations,
    contentLanguages,
  } = restaurant;
  const validUntil = earliest(...changes);
  return {
    status: 'active',
    cacheVersion: menuCacheVersion(menuVersion, true),
    validUntil: validUntil === null ? null : new Date(validUntil).toISOString(),
    restaurant: {
      id,
      name,
      slug: restaurant.slug,
      logoUrl: publicImageUrl(logoKey),
      coverImageUrl: publicImageUrl(coverImageKey),
      accentColor,
      currency,
      timeZone,
      descriptionRo,
      descriptionEn,
      phone,
      email,
      address,
      openingHours,
      updatedAt,
      menuVersion,
      translations: parseTranslations(translations),
      languages: offeredLanguages(parseLanguageList(contentLanguages)),
      opening: { openNow: opening.openNow, today: opening.today, upcoming: opening.upcoming, soon: opening.soon },
    },
    locations,
  };
}
