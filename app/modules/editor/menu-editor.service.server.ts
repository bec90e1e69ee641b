import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { findProduct } from '#app/modules/product/product.repo.server.ts';
import { findRestaurantCurrency } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { parseImageVariants } from '#app/modules/image/image.service.server.ts';
import { publicImageUrl } from '#app/modules/image/storage.server.ts';
import { KEEP_CURRENT_IMAGE, type EditorImage } from '#app/modules/editing/editor-image.ts';
import type { ProductForEdit } from '#app/modules/product/product.types.ts';
import { listCategoryChoices, listEditorCategories, listEditorLocations, listEditorProducts } from './menu-editor.repo.server.ts';
import type { EditorMenu } from './menu-editor.types.ts';
import { parseCategorySchedule } from '#app/modules/category/category-schedule.ts';


const editorImage = (key: string | null, storedId: string | null): EditorImage => (key ? { id: storedId ?? KEEP_CURRENT_IMAGE, url: publicImageUrl(key) } : null);

/** The narrowest WebP copy's URL, for a thumbnail. */
function smallestVariant(variants: string | null): string | null {
  const [smallest] = parseImageVariants(variants);
  return smallest ? publicImageUrl(smallest.key) : null;
}

/**
 * The whole menu as the editor lists it, hidden rows included, in order: four queries whatever
 * its size. Scoped to the restaurant the caller was checked to own.
 */
export async function getEditorMenu(scope: RestaurantScope): Promise<EditorMenu> {
  authorize(scope, 'restaurant.view');
  const { db, restaurantId } = scope;
  const [restaurant, locations, categories, products] = await Promise.all([
    findRestaurantCurrency(db, restaurantId),
    listEditorLocations(db, restaurantId),
    listEditorCategories(db, restaurantId),
    listEditorProducts(db, restaurantId),
  ]);
  return {
    currency: restaurant.currency,
    locations: locations.map(({ visible, ...location }) => ({ ...location, visible: visible === 1 })),
    categories: categories.map(({ storedImageId, imageKey, visible, schedule, ...category }) => ({
      ...category,
      visible: visible === 1,
      schedule: parseCategorySchedule(schedule),
      image: editorImage(imageKey, storedImageId),
    })),
    products: products.map(({ variants, imageKey, available, visible, ...product }) => ({
      ...product,
      available: available === 1,
      visible: visible === 1,
      thumbnailUrl: smallestVariant(variants) ?? publicImageUrl(imageKey),
    })),
  };
}

/** One product with every field, for its edit form; another restaurant's product is not found. */
export async function getProductForEdit(scope: RestaurantScope, productId: string): Promise<ProductForEdit> {
  authorize(scope, 'restaurant.view');
  const product = await findProduct(scope.db, scope.restaurantId, productId);
  if (!product) throw new AppError('not-found');
  return {
    ...product,
    allergens: parseAllergenList(product.allergens),
    traces: parseAllergenList(product.traces),
    additives: (JSON.parse(product.additives) as string[]).join(', '),
    image: editorImage(product.imageKey, product.imageId),
  };
}

/** What a product form offers to choose from: the categories (by location order) and the currency. */
export async function getProductFormChoices(scope: RestaurantScope) {
  authorize(scope, 'restaurant.view');
  const [restaurant, categories] = await Promise.all([findRestaurantCurrency(scope.db, scope.restaurantId), listCategoryChoices(scope.db, scope.restaurantId)]);
  return { currency: restaurant.currency, categories };
}
