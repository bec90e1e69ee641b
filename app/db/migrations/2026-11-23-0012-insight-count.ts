import type { Kysely } from 'kysely';

/**
 * Owner insights (docs/decisions/0018-insights-without-tracking.md): aggregate counts only, one row
 * per (restaurant, local day, location, metric, dimension), grown by additive upserts from each
 * process's in-memory batch. No visitor, address, agent or time finer than the hour is stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('insightCount')
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    /** YYYY-MM-DD in the restaurant's time zone */
    .addColumn('day', 'text', (c) => c.notNull())
    /** '' when the count is not about one location */
    .addColumn('locationId', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insightCount_pk', ['restaurantId', 'day', 'locationId', 'metric', 'dimension'])
    .execute();
  // the platform overview reads all restaurants by day
  await db.schema.createIndex('insightCount_day_idx').on('insightCount').columns(['day', 'metric']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insightCount').execute();
}
