import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * Queries on `insightCount` (migration 0012). Writes are one additive INSERT … ON CONFLICT DO
 * UPDATE per chunk, atomic on SQLite and PostgreSQL: two processes flushing the same row both add.
 */

export interface InsightRow {
  restaurantId: string;
  day: string;
  locationId: string;
  metric: string;
  dimension: string;
  count: number;
}

const CHUNK = 200;

export async function addInsightCounts(db: Kysely<Database>, rows: InsightRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('insightCount')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['restaurantId', 'day', 'locationId', 'metric', 'dimension']).doUpdateSet((eb) => ({
          count: eb(eb.ref('insightCount.count'), '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  }
}

/** What a flush needs to turn slugs into restaurants and local days. */
export function findRestaurantsBySlugs(db: Kysely<Database>, slugs: string[]) {
  return db.selectFrom('restaurant').select(['id', 'slug', 'shortCode', 'timeZone']).where('slug', 'in', slugs).execute();
}

export function findLocationIds(db: Kysely<Database>, restaurantIds: string[]) {
  return db.selectFrom('location').select(['id', 'restaurantId']).where('restaurantId', 'in', restaurantIds).execute();
}

export function findProductIds(db: Kysely<Database>, restaurantIds: string[], productIds: string[]) {
  return db.selectFrom('product').select(['id', 'restaurantId']).where('restaurantId', 'in', restaurantIds).where('id', 'in', productIds).execute();
}

/** Counts of one restaurant between two local days (inclusive), optionally for one location. */
export function findInsightCounts(db: Kysely<Database>, restaurantId: string, from: string, to: string, locationId?: string) {
  let query = db
    .selectFrom('insightCount')
    .select(['day', 'locationId', 'metric', 'dimension', 'count'])
    .where('restaurantId', '=', restaurantId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (locationId) query = query.where('locationId', '=', locationId);
  return query.execute();
}

/** Whether the restaurant was ever counted (the empty state). */
export async function hasAnyInsight(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  const row = await db.selectFrom('insightCount').select('day').where('restaurantId', '=', restaurantId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The dishes and locations an insights page names. */
export function findInsightCatalogue(db: Kysely<Database>, restaurantId: string) {
  return Promise.all([
    db
      .selectFrom('product')
      .innerJoin('category', 'category.id', 'product.categoryId')
      .select(['product.id', 'product.nameRo', 'product.nameEn', 'product.imageKey', 'category.locationId'])
      .where('product.restaurantId', '=', restaurantId)
      .where('product.visible', '=', 1)
      .orderBy('category.sortOrder')
      .orderBy('product.sortOrder')
      .execute(),
    db.selectFrom('location').select(['id', 'nameRo', 'nameEn']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').execute(),
    db.selectFrom('restaurant').select(['shortCode', 'timeZone']).where('id', '=', restaurantId).executeTakeFirst(),
  ]);
}

/** Views per day across every restaurant (the platform overview). */
export async function sumViewsPerDay(db: Kysely<Database>, from: string, to: string): Promise<{ day: string; views: number }[]> {
  const rows = await db
    .selectFrom('insightCount')
    .select((eb) => ['day', eb.fn.sum<number | string>('count').as('views')])
    .where('metric', '=', 'view')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, views: Number(r.views) }));
}
