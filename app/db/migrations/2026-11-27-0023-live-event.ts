import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The live events' log (app/modules/live, decision 0031): one row per change a staff board shows
 * live, appended in the same transaction as the change, read by every open board with
 * `id > its last id`. The id is the stream's event id, so it must only grow, and never be given
 * twice even after the newest rows are deleted: an identity column on PostgreSQL, AUTOINCREMENT on
 * SQLite (a plain INTEGER PRIMARY KEY may reuse the largest id once its row is gone). Rows live
 * 24 hours (the `live.sweep` job). Portable columns otherwise (decision 0002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('liveEvent')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) => (postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    // what the event is about, e.g. 'orders'; a board reads one channel of one restaurant
    .addColumn('channel', 'text', (c) => c.notNull())
    // e.g. 'order.placed'
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON text, small (capped by the live module)
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  // a board's read: one restaurant's channel after an id
  await db.schema.createIndex('liveEvent_restaurant_channel_id_idx').on('liveEvent').columns(['restaurantId', 'channel', 'id']).execute();
  // the hourly sweep of rows past retention
  await db.schema.createIndex('liveEvent_createdAt_idx').on('liveEvent').column('createdAt').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('liveEvent').ifExists().execute();
}
