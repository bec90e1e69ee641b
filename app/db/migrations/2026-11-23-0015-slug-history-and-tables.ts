import type { Kysely } from 'kysely';

/**
 * Two owner features (issue 17):
 * - `restaurantSlugHistory`: every slug a restaurant gave up, so an old link answers 301 to the
 *   current slug (unless another restaurant has since taken it: the live slug always wins).
 * - `diningTable`: the tables or areas an owner defines per location, each with its own permanent
 *   short code behind /m/<code> (the table card's QR), so insights can say which table scanned.
 * Portable columns (decision 0002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('restaurantSlugHistory')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('restaurantSlugHistory_restaurantId_idx').on('restaurantSlugHistory').column('restaurantId').execute();

  await db.schema
    .createTable('diningTable')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('sortOrder', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('diningTable_restaurant_location_idx').on('diningTable').columns(['restaurantId', 'locationId', 'sortOrder']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('diningTable').execute();
  await db.schema.dropTable('restaurantSlugHistory').execute();
}
