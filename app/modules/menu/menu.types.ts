import type { Category, Location, Product, Restaurant } from '#app/db/schema.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { ContentLanguage, ContentTranslations } from '#app/modules/translation/content-language.ts';

/**
 * The guest menu as `getPublicMenu` returns it and ui/menu/ draws it. Plain types, safe for the
 * browser bundle: ui/ never imports `*.server.ts` (dependency-cruiser), not even for a type.
 */

export interface MenuProduct
  extends Pick<
    Product,
    | 'id' | 'categoryId' | 'nameRo' | 'nameEn' | 'descriptionRo' | 'descriptionEn' | 'ingredientsRo' | 'ingredientsEn'
    | 'priceMinor' | 'currency' | 'weightValue' | 'weightUnit' | 'energyKcal' | 'fat' | 'saturates' | 'carbs' | 'sugars'
    | 'protein' | 'salt' | 'servedFrom' | 'servedUntil'
  > {
  /** the picture's public URL, built from its storage key and the configuration */
  imageUrl: string | null;
  /** WebP variants for `srcset`, e.g. '/uploads/a-200.webp 200w, /uploads/a-400.webp 400w' */
  imageSrcSet: string | null;
  allergens: AllergenKey[];
  traces: AllergenKey[];
  additives: string[];
  frozen: boolean;
  available: boolean;
  /** texts in the extra languages (decision 0019) */
  translations?: ContentTranslations;
}

export interface MenuCategory extends Pick<Category, 'id' | 'nameRo' | 'nameEn' | 'descriptionRo' | 'descriptionEn'> {
  imageUrl: string | null;
  products: MenuProduct[];
  translations?: ContentTranslations;
}

export interface MenuLocation extends Pick<Location, 'id' | 'nameRo' | 'nameEn' | 'address'> {
  categories: MenuCategory[];
  translations?: ContentTranslations;
}

export type MenuRestaurant = {
  logoUrl: string | null;
  coverImageUrl: string | null;
  translations?: ContentTranslations;
  /** what the guest menu offers: ro, en, then the enabled extra languages */
  languages: ContentLanguage[];
} & Pick<
  Restaurant,
  'id' | 'name' | 'slug' | 'accentColor' | 'currency' | 'timeZone' | 'descriptionRo' |
  'descriptionEn' | 'phone' | 'email' | 'address' | 'openingHours' | 'updatedAt' | 'menuVersion'
>;

export type PublicMenu = { cacheVersion: number } & (
  | { status: 'inactive'; restaurant: Pick<Restaurant, 'name' | 'slug' | 'menuVersion'> }
  | { status: 'active'; restaurant: MenuRestaurant; locations: MenuLocation[] }
);
