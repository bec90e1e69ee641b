import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * The guest menu's reads, all scoped to one restaurant: a constant three queries whatever the
 * menu's size (locations, visible categories, visible products), each served by an index.
 */
export async function listMenuRows(db: Kysely<Database>, restaurantId: string) {
  const [locations, categories, products] = await Promise.all([
    db
      .selectFrom('location')
      .select(['id', 'nameRo', 'nameEn', 'address'])
      .where('restaurantId', '=', restaurantId)
      .where('visible', '=', 1)
      .orderBy('sortOrder')
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('category')
      .select(['id', 'locationId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'imageUrl'])
      .where('restaurantId', '=', restaurantId)
      .where('visible', '=', 1)
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
        'available', 'imageUrl',
      ])
      .where('product.restaurantId', '=', restaurantId)
      .where('visible', '=', 1)
      .orderBy('sortOrder')
      .orderBy('product.createdAt')
      .execute(),
  ]);
  return { locations, categories, products };
}
