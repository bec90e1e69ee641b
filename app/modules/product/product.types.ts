import type { Product } from '#app/db/schema.ts';
import type { EditorImage } from '#app/modules/editing/editor-image.ts';
import type { AllergenKey } from './allergens.ts';

/** One product with every field, for its edit form. */
export interface ProductForEdit extends Omit<Product, 'allergens' | 'traces' | 'additives'> {
  allergens: AllergenKey[];
  traces: AllergenKey[];
  /** comma-separated, as the form's text field shows them */
  additives: string;
  image: EditorImage;
}
