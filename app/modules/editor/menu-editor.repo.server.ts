import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The editor's list of locations, in order, hidden ones included. */
export function listEditorLocations(db: Db, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('location').select(['id', 'nameRo', 'nameEn', 'address', 'visible', 'updatedAt']).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** The editor's categories in order, with the id of their picture when it is one of this restaurant's uploads. */
export function listEditorCategories(db: Db, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('category')
    .leftJoin('storedImage', (join) => join.onRef('storedImage.path', '=', 'category.imageKey').onRef('storedImage.restaurantId', '=', 'category.restaurantId'))
    .select([
      'category.id',
      'locationId',
      'nameRo',
      'nameEn',
      'descriptionRo',
      'descriptionEn',
      'imageKey',
      'visible',
      'category.schedule',
      'category.updatedAt',
      'storedImage.id as storedImageId',
    ])
    .orderBy('sortOrder')
    .orderBy('category.createdAt')
    .execute();
}

/** The editor's products in order (of the given categories only, a list never empty, when given), with their image's variants for the thumbnail. */
export function listEditorProducts(db: Db, restaurantId: string, categoryIds?: readonly string[]) {
  return tenant(db, restaurantId)
    .selectFrom('product')
    .leftJoin('storedImage', (join) => join.onRef('storedImage.id', '=', 'product.imageId').onRef('storedImage.restaurantId', '=', 'product.restaurantId'))
    .select(['product.id', 'categoryId', 'nameRo', 'nameEn', 'priceMinor', 'product.currency', 'available', 'soldOutUntil', 'visible', 'imageKey', 'storedImage.variants'])
    .$if(categoryIds !== undefined, (query) => query.where('categoryId', 'in', [...categoryIds!]))
    .orderBy('sortOrder')
    .orderBy('product.createdAt')
    .execute();
}

/** The categories a product form offers, by location order. */
export function listCategoryChoices(db: Db, restaurantId: string) {
  return tenant(db, restaurantId)
    .selectFrom('category')
    .innerJoin('location', (join) => join.onRef('location.id', '=', 'category.locationId').onRef('location.restaurantId', '=', 'category.restaurantId'))
    .select(['category.id', 'category.locationId', 'category.nameRo', 'category.nameEn'])
    .orderBy('location.sortOrder')
    .orderBy('category.sortOrder')
    .orderBy('category.createdAt')
    .execute();
}
