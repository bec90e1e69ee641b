import type { Locale } from '#app/i18n/i18n.ts';
import { formatPrice, localized } from '#app/i18n/localized.ts';
import type { PublicMenu } from '#app/modules/guest-menu/menu.types.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';

export interface PreviewDish {
  id: string;
  name: string;
  /** formatted on the server, so the hydrated page shows the very same characters */
  price: string;
  weightValue: number | null;
  weightUnit: 'g' | 'ml' | 'pcs' | null;
  allergens: AllergenKey[];
  imageUrl: string | null;
  imageSrcSet: string | null;
}

export interface MenuPreview {
  restaurantName: string;
  slug: string;
  categories: { id: string; name: string; dishes: PreviewDish[] }[];
  /** dishes on the full menu not shown in the preview */
  moreCount: number;
}

/**
 * The few dishes the home page shows inside its phone frame: the first available dishes of the
 * first location's first categories, in the guest's language. Null when there is nothing a guest
 * could see (no such restaurant, menu not published, no dishes), so the page leaves it out.
 */
export function buildMenuPreview(
  menu: PublicMenu | undefined,
  locale: Locale,
  { categories = 2, dishesPerCategory = 2 }: { categories?: number; dishesPerCategory?: number } = {},
): MenuPreview | null {
  if (!menu || menu.status !== 'active') return null;
  const location = menu.locations[0];
  if (!location) return null;
  const picked = location.categories
    .map((category) => ({
      id: category.id,
      name: localized(category.nameRo, category.nameEn, locale),
      dishes: category.products
        .filter((product) => product.available)
        .slice(0, dishesPerCategory)
        .map((product) => ({
          id: product.id,
          name: localized(product.nameRo, product.nameEn, locale),
          price: formatPrice(product.priceMinor, menu.restaurant.currency, locale),
          weightValue: product.weightValue,
          weightUnit: product.weightUnit,
          allergens: product.allergens,
          imageUrl: product.imageUrl,
          imageSrcSet: product.imageSrcSet,
        })),
    }))
    .filter((category) => category.dishes.length > 0)
    .slice(0, categories);
  if (picked.length === 0) return null;
  const total = location.categories.reduce((sum, category) => sum + category.products.length, 0);
  const shown = picked.reduce((sum, category) => sum + category.dishes.length, 0);
  return { restaurantName: menu.restaurant.name, slug: menu.restaurant.slug, categories: picked, moreCount: Math.max(0, total - shown) };
}
