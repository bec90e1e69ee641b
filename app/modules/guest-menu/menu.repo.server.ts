import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * The guest menu's reads, all scoped to one restaurant: a constant three queries whatever the
 * menu's size (locations, visible categories, visible products), each served by an index.
 */
export async function listMenuRows(db: Kysely<Database>, restaurantId: string) {
  // hidden locations, categories and dishes never leave the database, nor what is inside them
  const shownLocations = db.selectFrom('location').select('location.id').where('location.restaurantId', '=', restaurantId).where('location.visible', '=', 1);
  const [locations, categories, products] = await Promise.all([
    db
      .selectFrom('location')
      .select(['id', 'nameRo', 'nameEn', 'address', 'translations'])
      .where('restaurantId', '=', restaurantId)
      .where('visible', '=', 1)
      .orderBy('sortOrder')
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('category')
      .select(['id', 'locationId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'imageKey', 'category.translations', 'category.schedule'])
      .where('restaurantId', '=', restaurantId)
      .where('visible', '=', 1)
      .where('locationId', 'in', shownLocations)
      .orderBy('sortOrder')
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('product')
      .leftJoin('storedImage', 'storedImage.id', 'product.imageId')
      .select('storedImage.variants as imageVariants')
      .select([
        'product.id', 'categoryId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'ingredientsRo', 'ingredientsEn',
        'priceMinor', 'currency', 'weightValue', 'weightUnit', 'allergens', 'traces', 'additives', 'frozen',
        'energyKcal', 'fat', 'saturates', 'carbs', 'sugars', 'protein', 'salt', 'servedFrom', 'servedUntil',
        'available', 'imageKey', 'product.translations',
      ])
      .where('product.restaurantId', '=', restaurantId)
      .where('product.visible', '=', 1)
      .where('product.categoryId', 'in', (eb) =>
        eb.selectFrom('category').select('category.id').where('category.restaurantId', '=', restaurantId).where('category.visible', '=', 1).where('category.locationId', 'in', shownLocations),
      )
      .orderBy('sortOrder')
      .orderBy('product.createdAt')
      .execute(),
  ]);
  return { locations, categories, products };
}
