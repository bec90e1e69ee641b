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
  available: boolean;
  visible: boolean;
  /** the smallest WebP variant, or the image itself */
  thumbnailUrl: string | null;
}

/** The whole menu as the editor lists it, hidden rows included, in order. */
export interface EditorMenu {
  currency: string;
  locations: EditorLocation[];
  categories: EditorCategory[];
  products: EditorProduct[];
}
