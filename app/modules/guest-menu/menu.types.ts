import type { Category, Location, Product, Restaurant } from '#app/db/schema.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { CategorySchedule } from '#app/modules/category/category-schedule.ts';
import type { OpeningException } from '#app/modules/restaurant/opening-exceptions.ts';
import type { ContentLanguage, ContentTranslations } from '#app/modules/translation/content-language.ts';

/**
 * The guest menu as `getPublicMenu` returns it and ui/menu/ draws it. Plain types, safe for the
 * browser bundle: ui/ never imports `*.server.ts` (dependency-cruiser), not even for a type.
 */

export interface MenuProduct extends Pick<
  Product,
  | 'id'
  | 'categoryId'
  | 'nameRo'
  | 'nameEn'
  | 'descriptionRo'
  | 'descriptionEn'
  | 'ingredientsRo'
  | 'ingredientsEn'
  | 'priceMinor'
  | 'currency'
  | 'weightValue'
  | 'weightUnit'
  | 'energyKcal'
  | 'fat'
  | 'saturates'
  | 'carbs'
  | 'sugars'
  | 'protein'
  | 'salt'
  | 'servedFrom'
  | 'servedUntil'
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
  /** guests may order it now (its location takes orders, it is available and served now); undefined where no orders are taken */
  orderable?: boolean;
  /** it has option groups (issue 35): "Adaugă" opens its choice page instead of adding at once */
  hasOptions?: boolean;
  /** allergens it cannot be ordered without through a required group's options (the filter hides it for them) */
  optionAllergens?: AllergenKey[];
  /** texts in the extra languages (decision 0019) */
  translations?: ContentTranslations;
}

export interface MenuCategory extends Pick<Category, 'id' | 'nameRo' | 'nameEn' | 'descriptionRo' | 'descriptionEn'> {
  imageUrl: string | null;
  /** when it is served (null: always) and whether it is at the moment of rendering (decision 0022) */
  schedule: CategorySchedule | null;
  servedNow: boolean;
  products: MenuProduct[];
  translations?: ContentTranslations;
}

/** What a location offers guests beyond reading (issue 25, decision 0032); null: nothing. */
export interface MenuLocationOrdering {
  /** ordering from the menu: which kinds, and whether the kitchen paused it; null when off */
  orders: { dineIn: boolean; pickup: boolean; paused: boolean } | null;
  reservations: boolean;
  /** the owner's note for pickup orders (the cart shows it with the pickup details) */
  noteRo: string | null;
  noteEn: string | null;
}

export interface MenuLocation extends Pick<Location, 'id' | 'nameRo' | 'nameEn' | 'address'> {
  categories: MenuCategory[];
  ordering: MenuLocationOrdering | null;
  translations?: ContentTranslations;
}

export type MenuRestaurant = {
  logoUrl: string | null;
  coverImageUrl: string | null;
  translations?: ContentTranslations;
  /** what the guest menu offers: ro, en, then the enabled extra languages */
  languages: ContentLanguage[];
  /** open now by the hours and the closed days, today's exception and those ahead (decision 0022) */
  opening: { openNow: boolean | null; today: OpeningException | null; upcoming: OpeningException[]; soon: OpeningException | null };
} & Pick<
  Restaurant,
  | 'id'
  | 'name'
  | 'slug'
  | 'accentColor'
  | 'currency'
  | 'timeZone'
  | 'descriptionRo'
  | 'descriptionEn'
  | 'phone'
  | 'email'
  | 'address'
  | 'openingHours'
  | 'updatedAt'
  | 'menuVersion'
>;

export type PublicMenu = {
  cacheVersion: number;
  /** the next moment what guests see changes with the clock alone (a schedule or hours boundary), ISO; null: none */
  validUntil: string | null;
} & ({ status: 'inactive'; restaurant: Pick<Restaurant, 'name' | 'slug' | 'menuVersion'> } | { status: 'active'; restaurant: MenuRestaurant; locations: MenuLocation[] });

/** What the guest menu page renders from (routes/menu.tsx's loader data, and the render cache's direct render). */
export interface GuestMenuPageData {
  menu: PublicMenu;
  /** the content language shown */
  locale: ContentLanguage;
  /** what <html lang> says */
  htmlLang: ContentLanguage;
  /** the `loc` asked for (the page shows the first location when it names none of them) */
  locationId: string | null;
  /** the menu's public address, without query */
  url: string;
}
