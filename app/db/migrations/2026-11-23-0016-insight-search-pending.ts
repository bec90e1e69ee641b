import { sql, type Kysely } from 'kysely';

/**
 * Search terms below the privacy threshold (decision 0018): a term's text reaches `insightCount`
 * only once k searches used it. Until then a restaurant's searches of it are counted here under a
 * keyed hash of the folded term (HMAC-SHA256, a secret derived from AUTH_SECRET), never the text.
 * `insightSearchTerm` is one row per (restaurant, term hash): the running total, which every flush
 * bumps first, so concurrent flushes of one term queue on that row; `insightSearchPending` holds the
 * per-day breakdown of a term still below k, moved into `insightCount` (under the term) by the flush
 * that makes the total reach k, and deleted then. Rows untouched for 90 days are swept daily.
 *
 * Before this, every term was stored and only hidden below k: the search rows of a term searched
 * fewer than 3 times in all (k as it was then) are deleted here, so no single guest's text stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('insightSearchTerm')
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    /** base64url HMAC-SHA256 of restaurant id and folded term */
    .addColumn('termKey', 'text', (c) => c.notNull())
    /** searches of the term so far (k or more: its text is in insightCount) */
    .addColumn('count', 'integer', (c) => c.notNull())
    /** ISO instants of the first and the last flush that counted it */
    .addColumn('firstAt', 'text', (c) => c.notNull())
    .addColumn('lastAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('insightSearchTerm_pk', ['restaurantId', 'termKey'])
    .execute();
  // the daily sweep
  await db.schema.createIndex('insightSearchTerm_lastAt_idx').on('insightSearchTerm').column('lastAt').execute();
  await db.schema
    .createTable('insightSearchPending')
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('termKey', 'text', (c) => c.notNull())
    /** YYYY-MM-DD in the restaurant's time zone */
    .addColumn('day', 'text', (c) => c.notNull())
    /** '' when the count is not about one location */
    .addColumn('locationId', 'text', (c) => c.notNull())
    /** search-hit | search-miss */
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insightSearchPending_pk', ['restaurantId', 'termKey', 'day', 'locationId', 'metric'])
    .execute();
  // the searches figure of a range reads pending counts by restaurant and day
  await db.schema.createIndex('insightSearchPending_day_idx').on('insightSearchPending').columns(['restaurantId', 'day']).execute();
  await sql`
    delete from "insightCount"
    where "metric" in ('search-hit', 'search-miss')
      and (
        select sum(c."count") from "insightCount" c
        where c."restaurantId" = "insightCount"."restaurantId" and c."dimension" = "insightCount"."dimension"
          and c."metric" in ('search-hit', 'search-miss')
      ) < 3
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insightSearchPending').execute();
  await db.schema.dropTable('insightSearchTerm').execute();
}
