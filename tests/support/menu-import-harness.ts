import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { db, scopes, storage, useFileWorld } from './file-world.ts';

/**
 * The menu import's tests' file context, a restaurant with one location, a sample file and the
 * menu as the export knows it (app/modules/import/*.int.test.ts), over the file's own fixtures: a file calls
 * `useFileWorld()` once, at its top (tests/support/file-world.ts).
 */

// the file's own fixtures, as live bindings (tests/support/file-world.ts)
export { db, scopes, storage, useFileWorld };

export const csv = (text: string) => ({ bytes: new TextEncoder().encode(text), name: 'meniu.csv' });

export async function restaurant(plan: Parameters<typeof insertRestaurant>[2] = {}) {
  const row = await insertRestaurant(db, {}, plan);
  const scope = scopes.owner(row.id);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru' }));
  return { id: row.id, slug: row.slug, scope, locationId };
}

/** a Romanian CSV of three dishes in two categories */
export const MENU = [
  'Categorie;Denumire;Denumire (EN);Preț;Cantitate;Alergeni;Poate conține urme;Aditivi;Congelat',
  'Ciorbe;Ciorbă de burtă;Tripe soup;24,50;400 g;lapte, țelină;muștar;;nu',
  'Ciorbe;Ciorbă de perișoare;;22;400;ouă, gluten;;;',
  'Desert;Papanași;;28,00;2 buc;gluten, lactate, ouă;;E330;da',
].join('\n');

export async function snapshot(id: string) {
  return {
    restaurant: await db.selectFrom('restaurant').select(['menuVersion', 'productsCount']).where('id', '=', id).executeTakeFirstOrThrow(),
    categories: await db.selectFrom('category').select('id').where('restaurantId', '=', id).execute(),
    products: await db.selectFrom('product').select('id').where('restaurantId', '=', id).execute(),
  };
}

/** The whole menu as the export knows it: locations, their categories and dishes in order, every exported field. */
export async function menuOf(id: string) {
  const locations = await db.selectFrom('location').select(['id', 'nameRo', 'nameEn']).where('restaurantId', '=', id).orderBy('sortOrder').orderBy('createdAt').execute();
  const categories = await db
    .selectFrom('category')
    .select(['id', 'locationId', 'nameRo', 'nameEn'])
    .where('restaurantId', '=', id)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
  const products = await db
    .selectFrom('product')
    .select([
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
    ])
    .where('restaurantId', '=', id)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
  return locations.map((location) => ({
    nameRo: location.nameRo,
    nameEn: location.nameEn,
    categories: categories
      .filter((category) => category.locationId === location.id)
      .map((category) => ({
        nameRo: category.nameRo,
        nameEn: category.nameEn,
        dishes: products.filter((product) => product.categoryId === category.id).map(({ categoryId: _c, ...dish }) => ({ ...dish, frozen: Number(dish.frozen) })),
      })),
  }));
}
