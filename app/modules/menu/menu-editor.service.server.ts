import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { KEEP_CURRENT_IMAGE } from './menu-editor.repo.server.ts';

/** A picture as the editor's image field knows it: an upload's id, or KEEP_CURRENT_IMAGE for any other. */
export type EditorImage = { id: string; url: string } | null;

const editorImage = (url: string | null, storedId: string | null): EditorImage => (url ? { id: storedId ?? KEEP_CURRENT_IMAGE, url } : null);

function smallestVariant(variants: string | null): string | null {
  if (!variants) return null;
  try {
    const entries = Object.entries(JSON.parse(variants) as Record<string, string>).sort(([a], [b]) => Number(a) - Number(b));
    return entries[0]?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * The whole menu as the editor lists it, hidden rows included, in order: four queries whatever
 * its size. Scoped to the restaurant the caller was checked to own.
 */
export async function getEditorMenu(db: Kysely<Database>, restaurantId: string) {
  const [restaurant, locations, categories, products] = await Promise.all([
    db.selectFrom('restaurant').select(['currency']).where('id', '=', restaurantId).executeTakeFirstOrThrow(),
    db.selectFrom('location').select(['id', 'nameRo', 'nameEn', 'address', 'visible']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute(),
    db
      .selectFrom('category')
      .leftJoin('storedImage', (join) => join.onRef('storedImage.url', '=', 'category.imageUrl').onRef('storedImage.restaurantId', '=', 'category.restaurantId'))
      .select(['category.id', 'locationId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'imageUrl', 'visible', 'storedImage.id as storedImageId'])
      .where('category.restaurantId', '=', restaurantId)
      .orderBy('sortOrder')
      .orderBy('category.createdAt')
      .execute(),
    db
      .selectFrom('product')
      .leftJoin('storedImage', 'storedImage.id', 'product.imageId')
      .select(['product.id', 'categoryId', 'nameRo', 'nameEn', 'priceMinor', 'product.currency', 'available', 'visible', 'imageUrl', 'storedImage.variants'])
      .where('product.restaurantId', '=', restaurantId)
      .orderBy('sortOrder')
      .orderBy('product.createdAt')
      .execute(),
  ]);
  return {
    currency: restaurant.currency,
    locations: locations.map(({ visible, ...location }) => ({ ...location, visible: visible === 1 })),
    categories: categories.map(({ storedImageId, imageUrl, visible, ...category }) => ({
      ...category,
      visible: visible === 1,
      image: editorImage(imageUrl, storedImageId),
    })),
    products: products.map(({ variants, imageUrl, available, visible, ...product }) => ({
      ...product,
      available: available === 1,
      visible: visible === 1,
      thumbnailUrl: smallestVariant(variants) ?? imageUrl,
    })),
  };
}

export type EditorMenu = Awaited<ReturnType<typeof getEditorMenu>>;

/** One product with every field, for its edit form; another restaurant's product is not found. */
export async function getProductForEdit(db: Kysely<Database>, restaurantId: string, productId: string) {
  const product = await db.selectFrom('product').selectAll().where('restaurantId', '=', restaurantId).where('id', '=', productId).executeTakeFirst();
  if (!product) throw new AppError('not-found');
  return {
    ...product,
    allergens: parseAllergenList(product.allergens),
    traces: parseAllergenList(product.traces),
    additives: (JSON.parse(product.additives) as string[]).join(', '),
    image: editorImage(product.imageUrl, product.imageId),
  };
}

export type ProductForEdit = Awaited<ReturnType<typeof getProductForEdit>>;

/** What a product form offers to choose from: the categories (by location order) and the currency. */
export async function getProductFormChoices(db: Kysely<Database>, restaurantId: string) {
  const [restaurant, categories] = await Promise.all([
    db.selectFrom('restaurant').select(['currency']).where('id', '=', restaurantId).executeTakeFirstOrThrow(),
    db
      .selectFrom('category')
      .innerJoin('location', 'location.id', 'category.locationId')
      .select(['category.id', 'category.locationId', 'category.nameRo', 'category.nameEn'])
      .where('category.restaurantId', '=', restaurantId)
      .orderBy('location.sortOrder')
      .orderBy('category.sortOrder')
      .orderBy('category.createdAt')
      .execute(),
  ]);
  return { currency: restaurant.currency, categories };
}
