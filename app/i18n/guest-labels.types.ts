import type { Catalogue, DeepStrings } from './ro.ts';

/**
 * The guest menu's own labels (allergens, nutrition names, search, filters, hours, inactive message)
 * for the content languages beyond ro/en. The site and admin stay ro/en (docs/product-spec.md section 9: availableLocales);
 * only the guest menu reads these, over the English catalogue for anything not here.
 */
export type GuestLabelCatalogue = DeepStrings<Pick<Catalogue, 'menu' | 'allergen' | 'allergenOfficial' | 'weekday' | 'guestMenu' | 'serving'>>;
