import type { Category, Location, Product } from '#app/db/schema.ts';
import type { EditorImage } from '#app/modules/editing/editor-image.ts';
import type { CategorySchedule } from '#app/modules/category/category-schedule.ts';

/**
 * The owners' editor's read side as `menu-editor.service.server.ts` returns it and ui/editor/
 * draws it. Plain types, safe for the browser bundle (ui/ never imports `*.server.ts`).
 */

export interface EditorLocation extends Pick<Location, 'id' | 'nameRo' | 'nameEn' | 'address' | 'updatedAt'> {
  visible: boolean;
}

export interface EditorCategory extends Pick<Category, 'id' | 'locationId' | 'nameRo' | 'nameEn' | 'descriptionRo' | 'descriptionEn' | 'updatedAt'> {
  visible: boolean;
  image: EditorImage;
  /** when guests are served it; null: always (decision 0022) */
  schedule: CategorySchedule | null;
}

export interface EditorProduct extends Pick<Product, 'id' | 'categoryId' | 'nameRo' | 'nameEn' | 'priceMinor' | 'currency'> {
  /** available now: sold out "until we open again" is available from that opening (availableNow) */
  available: boolean;
  /** sold out until an opening still ahead: its day (a weekday key within the week, else 'DD.MM') and local time (returns-at.ts); else null */
  returnsOn: string | null;
  returnsTime: string | null;
  visible: boolean;
  /** the smallest WebP variant, or the image itself */
  thumbnailUrl: string | null;
}

/** A category by name, wherever it is: what the bulk bar can move dishes to. */
export type EditorCategoryChoice = Pick<Category, 'id' | 'locationId' | 'nameRo' | 'nameEn'>;

/**
 * The menu as the editor lists it, hidden rows included, in order: every location, and the
 * categories and products of the one shown (`locationId`), or of all of them for the whole menu.
 */
export interface EditorMenu {
  currency: string;
  locations: EditorLocation[];
  /** the location whose categories and products these are; undefined for the whole menu, or with no location yet */
  locationId: string | undefined;
  categories: EditorCategory[];
  products: EditorProduct[];
  /** every category of every location, by name */
  categoryChoices: EditorCategoryChoice[];
}

/** Which location the page shows: the one asked for, else the one of the dish just saved, else the first. */
export interface EditorView {
  location?: string | null;
  saved?: string | null;
}
