import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** What the QR code and the table card show, for one restaurant (the id comes from requireRestaurantOwner). */
export function findQrRestaurant(db: Kysely<Database>, restaurantId: string) {
  return db
    .selectFrom('restaurant')
    .select(['name', 'slug', 'shortCode', 'logoKey'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
}
