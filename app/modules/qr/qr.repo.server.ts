import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/** What the QR code and the table card show, for one restaurant (the id comes from requireRestaurantOwner). */
export function findQrRestaurant(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('restaurant').select(['name', 'slug', 'shortCode', 'logoKey']).executeTakeFirst();
}
