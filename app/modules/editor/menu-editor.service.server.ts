import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { findProduct } from '#app/modules/product/product.repo.server.ts';
import { findRestaurantCurrency } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { availableNow } from '#app/modules/options/availability.ts';
import { returnsAt } from './returns-at.ts';
import { parseImageVariants } from '#app/modules/image/image.service.server.ts';
import { publicImageUrl } from '#app/modules/image/storage.server.ts';
import { KEEP_CURRENT_IMAGE, type EditorImage } from '#app/modules/editing/editor-image.ts';
import type { ProductForEdit } from '#app/modules/product/product.types.ts';
import { listCategoryChoices, listEditorCategories, listEditorLocations, listEditorProducts } from './menu-editor.repo.server.ts';
import type { EditorMenu, EditorView } from './menu-editor.types.ts';
import { parseCategorySchedule } from '#app/modules/category/category-schedule.ts';

const editorImage = (key: string | null, storedId: string | null): EditorImage => (key ? { id: storedId ?? KEEP_CURRENT_IMAGE, url: publicImageUrl(key) } : null);

/** The narrowest WebP copy's URL, for a thumbnail. */
function smallestVariant(variants: string | null): string | null {
  const [smallest] = parseImageVariants(variants);
  return smallest ? publicImageUrl(smallest.key) : null;
}

/** The location shown: the one asked for when it is this restaurant's, else the saved dish's, else the first. */
async function shownLocation(scope: RestaurantScope, locationIds: string[], categories: { id: string; locationId: string }[], view: EditorView): Promise<string | undefined> {
  if (view.location && locationIds.includes(view.location)) return view.location;
  const saved = view.saved ? await findProduct(scope.db, scope.restaurantId, view.saved) : undefined;
  const ofSaved = categories.find((category) => category.id === saved?.categoryId)?.locationId;
  return ofSaved ?? locationIds[0];
}

/**
 * The menu as the editor lists it, hidden rows included, in order, scoped to the restaurant the
 * caller was checked to own. With a view, the categories and products of the shown location only
 * (issue 26: a phone receives what it draws); without, all of them. Four or five queries whatever its size.
 */
export async function getEditorMenu(scope: RestaurantScope, view?: EditorView): Promise<EditorMenu> {
  authorize(scope, 'restaurant.view');
  const { db, restaurantId } = scope;
  const [restaurant, locations, allCategories] = await Promise.all([
    findRestaurantCurrency(db, restaurantId),
    listEditorLocations(db, restaurantId),
    listEditorCategories(db, restaurantId),
  ]);
  const now = Date.now();
  const locationId = view
    ? await shownLocation(
        scope,
        locations.map((location) => location.id),
        allCategories,
        view,
      )
    : undefined;
  const categories = view ? allCategories.filter((category) => category.locationId === locationId) : allCategories;
  const products = !view
    ? await listEditorProducts(db, restaurantId)
    : categories.length > 0
      ? await listEditorProducts(
          db,
          restaurantId,
          categories.map((category) => category.id),
        )
      : [];
  return {
    currency: restaurant.currency,
    locations: locations.map(({ visible, ...location }) => ({ ...location, visible: visible === 1 })),
    locationId,
    categories: categories.map(({ storedImageId, imageKey, visible, schedule, ...category }) => ({
      ...category,
      visible: visible === 1,
      schedule: parseCategorySchedule(schedule),
      image: editorImage(imageKey, storedImageId),
    })),
    products: products.map(({ variants, imageKey, available, soldOutUntil, visible, ...product }) => ({
      ...product,
      available: availableNow({ available, soldOutUntil }, now),
      // sold out "until we open again": when it comes back, in the restaurant's time zone (issue 35 item 8)
      ...(available === 0 && soldOutUntil && Date.parse(soldOutUntil) > now
        ? returnsAt(Date.parse(soldOutUntil), restaurant.timeZone, now)
        : { returnsOn: null, returnsTime: null }),
      visible: visible === 1,
      thumbnailUrl: smallestVariant(variants) ?? publicImageUrl(imageKey),
    })),
    categoryChoices: allCategories.map(({ id, locationId: of, nameRo, nameEn }) => ({ id, locationId: of, nameRo, nameEn })),
  };
}

/** One product with every field, for its edit form; another restaurant's product is not found. */
export async function getProductForEdit(scope: RestaurantScope, productId: string): Promise<ProductForEdit> {
  authorize(scope, 'restaurant.view');
  const product = await findProduct(scope.db, scope.restaurantId, productId);
  if (!product) throw new AppError('not-found');
  return {
    ...product,
    // back by itself at the opening (issue 35 item 8), even before the hourly sweep wrote it back
    available: availableNow(product, Date.now()) ? 1 : 0,
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
