import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/**
 * The guest menu's reads, all scoped to one restaurant: a constant three queries whatever the
 * menu's size (locations, visible categories, visible products), each served by an index.
 */
export async function listMenuRows(db: Kysely<Database>, restaurantId: string) {
  // hidden locations, categories and dishes never leave the database, nor what is inside them
  const menu = tenant(db, restaurantId);
  const shownLocations = menu.selectFrom('location').select('location.id').where('location.visible', '=', 1);
  const [locations, categories, products] = await Promise.all([
    menu.selectFrom('location').select(['id', 'nameRo', 'nameEn', 'address', 'translations']).where('visible', '=', 1).orderBy('sortOrder').orderBy('createdAt').execute(),
    menu
      .selectFrom('category')
      .select(['id', 'locationId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'imageKey', 'category.translations', 'category.schedule'])
      .where('visible', '=', 1)
      .where('locationId', 'in', shownLocations)
      .orderBy('sortOrder')
      .orderBy('createdAt')
      .execute(),
    menu
      .selectFrom('product')
      .leftJoin('storedImage', (join) => join.onRef('storedImage.id', '=', 'product.imageId').onRef('storedImage.restaurantId', '=', 'product.restaurantId'))
      .select('storedImage.variants as imageVariants')
      .select([
        'product.id',
        'categoryId',
        'nameRo',
        'nameEn',
        'descriptionRo',
        'descriptionEn',
        'ingredientsRo',
        'ingredientsEn',
        'priceMinor',
        'currency',
        'weightValue',
        'weightUnit',
        'allergens',
        'traces',
        'additives',
        'frozen',
        'energyKcal',
        'fat',
        'saturates',
        'carbs',
        'sugars',
        'protein',
        'salt',
        'servedFrom',
        'servedUntil',
        'available',
        'soldOutUntil',
        'imageKey',
        'product.translations',
      ])
      .where('product.visible', '=', 1)
      .where('product.categoryId', 'in', menu.selectFrom('category').select('category.id').where('category.visible', '=', 1).where('category.locationId', 'in', shownLocations))
      .orderBy('sortOrder')
      .orderBy('product.createdAt')
      .execute(),
  ]);
  return { locations, categories, products };
}
