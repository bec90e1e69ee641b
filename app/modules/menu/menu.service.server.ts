import type { Kysely } from 'kysely';
import type { Database, Restaurant } from '#app/db/schema.ts';
import { parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';
import { isSubscriptionServing, type SubscriptionState } from '#app/modules/subscription/subscription.ts';
import { findMenuStateBySlug, findRestaurantBySlug } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { listMenuRows } from './menu.repo.server.ts';

type MenuRows = Awaited<ReturnType<typeof listMenuRows>>;
type ProductRow = MenuRows['products'][number];

export interface MenuProduct
  extends Omit<ProductRow, 'allergens' | 'traces' | 'additives' | 'frozen' | 'available' | 'imageVariants'> {
  /** WebP variants for `srcset`, e.g. '/uploads/a-200.webp 200w, /uploads/a-400.webp 400w' */
  imageSrcSet: string | null;
  allergens: AllergenKey[];
  traces: AllergenKey[];
  additives: string[];
  frozen: boolean;
  available: boolean;
}

export interface MenuCategory extends Omit<MenuRows['categories'][number], 'locationId'> {
  products: MenuProduct[];
}

export interface MenuLocation extends Omit<MenuRows['locations'][number], never> {
  categories: MenuCategory[];
}

export type MenuRestaurant = Pick<
  Restaurant,
  'id' | 'name' | 'slug' | 'logoUrl' | 'coverImageUrl' | 'accentColor' | 'currency' | 'timeZone' | 'descriptionRo' |
  'descriptionEn' | 'phone' | 'email' | 'address' | 'openingHours' | 'updatedAt' | 'menuVersion'
>;

export type PublicMenu = { cacheVersion: number } & (
  | { status: 'inactive'; restaurant: Pick<Restaurant, 'name' | 'slug' | 'menuVersion'> }
  | { status: 'active'; restaurant: MenuRestaurant; locations: MenuLocation[] }
);

/** The render cache's version of a menu: its edits and whether it is published (see getMenuCacheVersion). */
function menuCacheVersion(menuVersion: number, published: boolean): number {
  return menuVersion * 2 + (published ? 1 : 0);
}

/** `{ "200": url, "400": url }` as a srcset, smallest first. */
function toSrcSet(variants: string | null): string | null {
  if (!variants) return null;
  try {
    const parsed = JSON.parse(variants) as Record<string, unknown>;
    const entries = Object.entries(parsed)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^\d+$/.test(entry[0]))
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    return entries.length > 0 ? entries.map(([width, url]) => `${url} ${width}w`).join(', ') : null;
  } catch {
    return null;
  }
}

function parseStringList(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether guests may see the menu: the restaurant is active and its subscription serves it. */
export function isMenuPublished(restaurant: Pick<Restaurant, 'active'> & SubscriptionState, now: Date = new Date()): boolean {
  return restaurant.active === 1 && isSubscriptionServing(restaurant, now);
}

/**
 * What the guest menu's render cache is keyed by: the menu version, and whether the menu is
 * published right now. A trial or a PRO that ends with the passing of time changes what guests
 * see without any edit, so the version alone would keep serving the old page.
 */
export async function getMenuCacheVersion(db: Kysely<Database>, slug: string, now: Date = new Date()): Promise<number | undefined> {
  const state = await findMenuStateBySlug(db, slug);
  if (!state) return undefined;
  return menuCacheVersion(state.menuVersion, isMenuPublished(state, now));
}

/**
 * The guest menu of one restaurant, by slug: undefined when no restaurant has that slug (the
 * route sends the guest to not-found, spec section 2). Hidden categories and products never
 * leave the database; unavailable products are kept and marked.
 */
export async function getPublicMenu(db: Kysely<Database>, slug: string): Promise<PublicMenu | undefined> {
  const restaurant = await findRestaurantBySlug(db, slug);
  if (!restaurant) return undefined;
  if (!isMenuPublished(restaurant)) {
    return {
      status: 'inactive',
      cacheVersion: menuCacheVersion(restaurant.menuVersion, false),
      restaurant: { name: restaurant.name, slug: restaurant.slug, menuVersion: restaurant.menuVersion },
    };
  }
  const rows = await listMenuRows(db, restaurant.id);
  const productsByCategory = Map.groupBy(rows.products, (p) => p.categoryId);
  const categoriesByLocation = Map.groupBy(rows.categories, (c) => c.locationId);
  const locations: MenuLocation[] = rows.locations.map((location) => ({
    ...location,
    categories: (categoriesByLocation.get(location.id) ?? []).map(({ locationId: _locationId, ...category }) => ({
      ...category,
      products: (productsByCategory.get(category.id) ?? []).map(({ imageVariants, ...product }) => ({
        ...product,
        imageSrcSet: toSrcSet(imageVariants),
        allergens: parseAllergenList(product.allergens),
        traces: parseAllergenList(product.traces),
        additives: parseStringList(product.additives),
        frozen: product.frozen === 1,
        available: product.available === 1,
      })),
    })),
  }));
  const {
    id, name, logoUrl, coverImageUrl, accentColor, currency, timeZone, descriptionRo, descriptionEn, phone, email,
    address, openingHours, updatedAt, menuVersion,
  } = restaurant;
  return {
    status: 'active',
    cacheVersion: menuCacheVersion(menuVersion, true),
    restaurant: {
      id, name, slug: restaurant.slug, logoUrl, coverImageUrl, accentColor, currency, timeZone, descriptionRo,
      descriptionEn, phone, email, address, openingHours, updatedAt, menuVersion,
    },
    locations,
  };
}
