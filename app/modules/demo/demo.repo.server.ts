import type { Kysely } from 'kysely';
import type { Database, NewCategory, NewLocation, NewProduct, NewRestaurant, NewStoredImage, NewSubscription } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/**
 * The demo seed's queries: it writes whole rows built by `builders.ts` on a new database, as the
 * system at start-up (no scope: no user exists yet, and nothing else is there to scope against).
 */

/** A database is new when nobody has signed up and no restaurant exists. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const across = acrossRestaurants(db, 'the demo seed runs only when no restaurant exists');
  const [users, restaurants] = await Promise.all([across.selectFrom('user').select('id').limit(1).execute(), across.selectFrom('restaurant').select('id').limit(1).execute()]);
  return users.length === 0 && restaurants.length === 0;
}

export async function insertRestaurantWithPlan(db: Kysely<Database>, restaurant: NewRestaurant, plan: NewSubscription[]): Promise<void> {
  const across = acrossRestaurants(db, 'the demo seed creates its restaurant');
  await across.insertInto('restaurant').values(restaurant).execute();
  if (plan.length > 0) await across.insertInto('subscription').values(plan).execute();
}

export async function insertLocation(db: Kysely<Database>, location: NewLocation): Promise<void> {
  await db.insertInto('location').values(location).execute();
}

export async function insertCategory(db: Kysely<Database>, category: NewCategory): Promise<void> {
  await db.insertInto('category').values(category).execute();
}

/** The images first (products refer to them), then the products, then the restaurant's count. */
export async function insertProducts(db: Kysely<Database>, restaurantId: string, products: NewProduct[], images: NewStoredImage[]): Promise<void> {
  if (images.length > 0) await db.insertInto('storedImage').values(images).execute();
  for (const product of products) await db.insertInto('product').values(product).execute();
  await tenant(db, restaurantId).updateTable('restaurant').set({ productsCount: products.length }).execute();
}

/** The demo restaurant's logo and cover, stored as any owner's pictures are (storage keys, decision 0013). */
export async function setDemoPictures(db: Kysely<Database>, restaurantId: string, pictures: { logoKey: string; coverImageKey: string }): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('restaurant')
    .set({ ...pictures, menuVersion: (eb) => eb('menuVersion', '+', 1) })
    .execute();
}
