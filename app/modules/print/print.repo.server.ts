import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** Kysely reads of the printable documents, each scoped to one restaurant. */

export function findRestaurantForPrint(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['name', 'currency', 'address', 'phone', 'timeZone']).executeTakeFirst();
}

export function listLocationsForPrint(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('location').select(['id', 'nameRo', 'nameEn', 'address']).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** What a guest sees of one location: visible categories and dishes, in the menu's order. */
export async function readVisibleMenuOfLocation(db: Kysely<Database>, restaurantId: string, locationId: string) {
  const categories = await tenant(db, restaurantId)
    .selectFrom('category')
    .select(['id', 'nameRo', 'nameEn'])
    .where('locationId', '=', locationId)
    .where('visible', '=', 1)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
  const products =
    categories.length === 0
      ? []
      : await tenant(db, restaurantId)
          .selectFrom('product')
          .select([
            'id',
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
            'available',
          ])
          .where(
            'categoryId',
            'in',
            categories.map((c) => c.id),
          )
          .where('visible', '=', 1)
          .orderBy('sortOrder')
          .orderBy('createdAt')
          .execute();
  return { categories, products };
}
