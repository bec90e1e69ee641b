import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The editor's list of locations, in order, hidden ones included. */
export function listEditorLocations(db: Db, restaurantId: string) {
  return db.selectFrom('location').select(['id', 'nameRo', 'nameEn', 'address', 'visible', 'updatedAt']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').execute();
}

/** The editor's categories in order, with the id of their picture when it is one of this restaurant's uploads. */
export function listEditorCategories(db: Db, restaurantId: string) {
  return db
    .selectFrom('category')
    .leftJoin('storedImage', (join) => join.onRef('storedImage.path', '=', 'category.imageKey').onRef('storedImage.restaurantId', '=', 'category.restaurantId'))
    .select(['category.id', 'locationId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'imageKey', 'visible', 'category.schedule', 'category.updatedAt', 'storedImage.id as storedImageId'])
    .where('category.restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .orderBy('category.createdAt')
    .execute();
}

/** The editor's products in order, with their image's variants for the thumbnail. */
export function listEditorProducts(db: Db, restaurantId: string) {
  return db
    .selectFrom('product')
    .leftJoin('storedImage', 'storedImage.id', 'product.imageId')
    .select(['product.id', 'categoryId', 'nameRo', 'nameEn', 'priceMinor', 'product.currency', 'available', 'visible', 'imageKey', 'storedImage.variants'])
    .where('product.restaurantId', '=', restaurantId)
    .orderBy('sortOrder')
    .orderBy('product.createdAt')
    .execute();
}

/** The categories a product form offers, by location order. */
export function listCategoryChoices(db: Db, restaurantId: string) {
  return db
    .selectFrom('category')
    .innerJoin('location', 'location.id', 'category.locationId')
    .select(['category.id', 'category.locationId', 'category.nameRo', 'category.nameEn'])
    .where('category.restaurantId', '=', restaurantId)
    .orderBy('location.sortOrder')
    .orderBy('category.sortOrder')
    .orderBy('category.createdAt')
    .execute();
}
