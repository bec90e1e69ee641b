import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/**
 * Queries on `insightCount` (migration 0012) and the search terms below the privacy threshold
 * (`insightSearchTerm`, `insightSearchPending`, migration 0016). Writes are one additive INSERT … ON
 * CONFLICT DO UPDATE per chunk, atomic on SQLite and PostgreSQL: two processes flushing the same row both add.
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
/** ids per `IN (…)` list of a read */
const ID_CHUNK = 1_000;

export async function addInsightCounts(db: Kysely<Database>, rows: InsightRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await acrossRestaurants(db, 'a flush writes the counts of every restaurant seen')
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

export interface SearchTermKey {
  restaurantId: string;
  termKey: string;
}

export interface PendingSearchRow extends SearchTermKey {
  day: string;
  locationId: string;
  metric: string;
  count: number;
}

/**
 * Adds to each term's running total and returns the new totals. The rows must come sorted by key:
 * on PostgreSQL each upserted row stays locked until the caller's transaction ends, so concurrent
 * flushes take their locks in one order (no deadlock) and the second waits and sees the first's total.
 */
export async function bumpSearchTerms(db: Kysely<Database>, rows: (SearchTermKey & { count: number })[], at: string) {
  const totals: (SearchTermKey & { count: number })[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const found = await acrossRestaurants(db, 'a flush writes the search terms of every restaurant seen')
      .insertInto('insightSearchTerm')
      .values(rows.slice(i, i + CHUNK).map((row) => ({ ...row, firstAt: at, lastAt: at })))
      .onConflict((oc) =>
        oc.columns(['restaurantId', 'termKey']).doUpdateSet((eb) => ({
          count: eb(eb.ref('insightSearchTerm.count'), '+', eb.ref('excluded.count')),
          lastAt: eb.ref('excluded.lastAt'),
        })),
      )
      .returning(['restaurantId', 'termKey', 'count'])
      .execute();
    totals.push(...found.map((row) => ({ ...row, count: Number(row.count) })));
  }
  return totals;
}

export async function addPendingSearches(db: Kysely<Database>, rows: PendingSearchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await acrossRestaurants(db, 'a flush writes the search terms of every restaurant seen')
      .insertInto('insightSearchPending')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['restaurantId', 'termKey', 'day', 'locationId', 'metric']).doUpdateSet((eb) => ({
          count: eb(eb.ref('insightSearchPending.count'), '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  }
}

/** The pending rows of these terms, deleted as they are read (call it holding the terms' total rows). */
export async function takePendingSearches(db: Kysely<Database>, keys: SearchTermKey[]): Promise<PendingSearchRow[]> {
  const taken: PendingSearchRow[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const found = await acrossRestaurants(db, 'a flush takes the pending searches of every restaurant seen')
      .deleteFrom('insightSearchPending')
      .where((eb) => eb.or(chunk.map((key) => eb.and([eb('restaurantId', '=', key.restaurantId), eb('termKey', '=', key.termKey)]))))
      .returning(['restaurantId', 'termKey', 'day', 'locationId', 'metric', 'count'])
      .execute();
    taken.push(...found.map((row) => ({ ...row, count: Number(row.count) })));
  }
  return taken;
}

/** Terms whose totals the daily sweep removes: below k since `before`, or not searched since. */
export function findStaleSearchTerms(db: Kysely<Database>, before: string, k: number): Promise<SearchTermKey[]> {
  return acrossRestaurants(db, 'the daily sweep looks at every restaurant')
    .selectFrom('insightSearchTerm')
    .select(['restaurantId', 'termKey'])
    .where((eb) => eb.or([eb('lastAt', '<', before), eb.and([eb('count', '<', k), eb('firstAt', '<', before)])]))
    .execute();
}

/** Deletes one term's total and pending rows if it is still stale (checked again under the row's lock). */
export async function deleteStaleSearchTerm(db: Kysely<Database>, key: SearchTermKey, before: string, k: number): Promise<boolean> {
  const term = tenant(db, key.restaurantId);
  const gone = await term
    .deleteFrom('insightSearchTerm')
    .where('termKey', '=', key.termKey)
    .where((eb) => eb.or([eb('lastAt', '<', before), eb.and([eb('count', '<', k), eb('firstAt', '<', before)])]))
    .returning('termKey')
    .execute();
  if (gone.length === 0) return false;
  await term.deleteFrom('insightSearchPending').where('termKey', '=', key.termKey).execute();
  return true;
}

/** Searches of terms still below the threshold between two local days: counted in the figure, never named. */
export function findPendingSearchCounts(db: Kysely<Database>, restaurantId: string, from: string, to: string, locationId?: string) {
  let query = tenant(db, restaurantId).selectFrom('insightSearchPending').select(['day', 'metric', 'count']).where('day', '>=', from).where('day', '<=', to);
  if (locationId) query = query.where('locationId', '=', locationId);
  return query.execute();
}

/** What a flush needs to turn slugs into restaurants and local days. */
export function findRestaurantsBySlugs(db: Kysely<Database>, slugs: string[]) {
  return acrossRestaurants(db, 'a flush resolves the slugs of every restaurant seen')
    .selectFrom('restaurant')
    .select(['id', 'slug', 'shortCode', 'timeZone'])
    .where('slug', 'in', slugs)
    .execute();
}

export function findLocationIds(db: Kysely<Database>, restaurantIds: string[]) {
  return acrossRestaurants(db, 'a flush checks the locations of every restaurant seen')
    .selectFrom('location')
    .select(['id', 'restaurantId'])
    .where('restaurantId', 'in', restaurantIds)
    .execute();
}

/** In chunks: a flood of junk ids (up to the recorder's key cap) must not pass SQLite's 32 766 bound variables and fail every flush. */
export async function findProductIds(db: Kysely<Database>, restaurantIds: string[], productIds: string[]) {
  const found: { id: string; restaurantId: string }[] = [];
  for (let i = 0; i < productIds.length; i += ID_CHUNK) {
    const ids = productIds.slice(i, i + ID_CHUNK);
    found.push(
      ...(await acrossRestaurants(db, 'a flush checks the dishes of every restaurant seen')
        .selectFrom('product')
        .select(['id', 'restaurantId'])
        .where('restaurantId', 'in', restaurantIds)
        .where('id', 'in', ids)
        .execute()),
    );
  }
  return found;
}

/** Counts of one restaurant between two local days (inclusive), optionally for one location. */
export function findInsightCounts(db: Kysely<Database>, restaurantId: string, from: string, to: string, locationId?: string) {
  let query = tenant(db, restaurantId).selectFrom('insightCount').select(['day', 'locationId', 'metric', 'dimension', 'count']).where('day', '>=', from).where('day', '<=', to);
  if (locationId) query = query.where('locationId', '=', locationId);
  return query.execute();
}

/** Whether the restaurant was ever counted (the empty state). */
export async function hasAnyInsight(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  const row = await tenant(db, restaurantId).selectFrom('insightCount').select('day').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The dishes and locations an insights page names. */
export function findInsightCatalogue(db: Kysely<Database>, restaurantId: string) {
  return Promise.all([
    tenant(db, restaurantId)
      .selectFrom('product')
      .innerJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').onRef('category.restaurantId', '=', 'product.restaurantId'))
      .select(['product.id', 'product.nameRo', 'product.nameEn', 'product.imageKey', 'category.locationId'])
      .where('product.visible', '=', 1)
      .orderBy('category.sortOrder')
      .orderBy('product.sortOrder')
      .execute(),
    tenant(db, restaurantId).selectFrom('location').select(['id', 'nameRo', 'nameEn']).orderBy('sortOrder').execute(),
    tenant(db, restaurantId).selectFrom('restaurant').select(['shortCode', 'timeZone']).executeTakeFirst(),
  ]);
}

/** Views per day across every restaurant (the platform overview). */
export async function sumViewsPerDay(db: Kysely<Database>, from: string, to: string): Promise<{ day: string; views: number }[]> {
  const rows = await acrossRestaurants(db, 'the back office overview counts the views of every restaurant')
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
