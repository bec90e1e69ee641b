import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** Kysely reads of the printable documents, each scoped to one restaurant. */

export function findRestaurantForPrint(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('restaurant').select(['name', 'currency', 'address', 'phone', 'timeZone']).where('id', '=', restaurantId).executeTakeFirst();
}

export function listLocationsForPrint(db: Kysely<Database>, restaurantId: string) {
  return db.selectFrom('location').select(['id', 'nameRo', 'nameEn', 'address']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** What a guest sees of one location: visible categories and dishes, in the menu's order. */
export async function readVisibleMenuOfLocation(db: Kysely<Database>, restaurantId: string, locationId: string) {
  const categories = await db
    .selectFrom('category')
    .select(['id', 'nameRo', 'nameEn'])
    .where('restaurantId', '=', restaurantId)
    .where('locationId', '=', locationId)
    .where('visible', '=', 1)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
  const products =
    categories.length === 0
      ? []
      : await db
          .selectFrom('product')
          .select(['id', 'categoryId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'ingredientsRo', 'ingredientsEn', 'priceMinor', 'currency', 'weightValue', 'weightUnit', 'allergens', 'traces', 'additives', 'frozen', 'available'])
          .where('restaurantId', '=', restaurantId)
          .where('categoryId', 'in', categories.map((c) => c.id))
          .where('visible', '=', 1)
          .orderBy('sortOrder')
          .orderBy('createdAt')
          .execute();
  return { categories, products };
}
