import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import { SEARCH_PRIVACY_K } from './insights.types.ts';
import {
  addInsightCounts,
  addPendingSearches,
  bumpSearchTerms,
  deleteStaleSearchTerm,
  findStaleSearchTerms,
  takePendingSearches,
  type InsightRow,
  type PendingSearchRow,
} from './insights.repo.server.ts';

/**
 * The privacy threshold where it is stored (decision 0018): a search term's text is written to the
 * database only once SEARCH_PRIVACY_K searches (beacons; one guest's page sends a term once) used it.
 * Below k a restaurant's searches of a term are counted under a keyed hash of it (HMAC-SHA256 with a
 * secret derived from AUTH_SECRET, which the database does not hold), with their day, location and
 * hit/miss; the flush that makes the total reach k holds the text and moves the whole count into
 * `insightCount` under it, on the days the searches happened. Pending terms not completed within
 * SEARCH_PENDING_DAYS are swept, so k means k searches within 90 days of the first.
 */

/** a term below k waits this long for its k-th search; a term not searched for this long is forgotten */
export const SEARCH_PENDING_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The hashing secret, derived from the auth secret (domain-separated: it signs nothing else). */
export function deriveSearchTermSecret(authSecret: string): string {
  return createHmac('sha256', authSecret).update('bucate:insights:search-term:v1').digest('base64url');
}

/** A term's key: per restaurant, so the same word at two restaurants cannot be matched up. */
export function searchTermKey(secret: string, restaurantId: string, term: string): string {
  return createHmac('sha256', secret).update(`${restaurantId}\n${term}`).digest('base64url');
}

export interface SearchCount {
  restaurantId: string;
  day: string;
  locationId: string;
  metric: 'search-hit' | 'search-miss';
  /** the folded term, in memory only */
  term: string;
  count: number;
}

/**
 * Adds one flush's searches, in one transaction. Every term's total is bumped first (sorted, one
 * statement per chunk): on PostgreSQL that row stays locked until commit, so two processes flushing
 * one term take turns and exactly one of them sees the total cross k; on SQLite the transaction
 * holds the write lock. Then: a term already past k adds to `insightCount`; the term that crosses
 * now takes its pending rows and adds them with this flush's under its text; the others add to
 * `insightSearchPending` (no text). A failure rolls all of it back (the recorder retries the batch).
 */
export async function addSearchCounts(db: Kysely<Database>, searches: SearchCount[], options: { secret: string; at: Date; k?: number }): Promise<void> {
  if (searches.length === 0) return;
  const k = options.k ?? SEARCH_PRIVACY_K;
  const terms = new Map<string, { restaurantId: string; termKey: string; term: string; count: number; rows: SearchCount[] }>();
  for (const search of searches) {
    const termKey = searchTermKey(options.secret, search.restaurantId, search.term);
    const id = `${search.restaurantId}\t${termKey}`;
    const entry = terms.get(id) ?? { restaurantId: search.restaurantId, termKey, term: search.term, count: 0, rows: [] };
    terms.set(id, entry);
    entry.count += search.count;
    entry.rows.push(search);
  }
  const sorted = [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
  await db.transaction().execute(async (trx) => {
    const totals = await bumpSearchTerms(
      trx,
      sorted.map(({ restaurantId, termKey, count }) => ({ restaurantId, termKey, count })),
      options.at.toISOString(),
    );
    const totalOf = new Map(totals.map((t) => [`${t.restaurantId}\t${t.termKey}`, t.count]));
    const named = new Map<string, InsightRow>();
    const name = (row: { restaurantId: string; day: string; locationId: string; metric: string; count: number }, term: string) => {
      const key = `${row.restaurantId}\t${row.day}\t${row.locationId}\t${row.metric}\t${term}`;
      const found = named.get(key);
      if (found) found.count += row.count;
      else named.set(key, { restaurantId: row.restaurantId, day: row.day, locationId: row.locationId, metric: row.metric, dimension: term, count: row.count });
    };
    const pending: PendingSearchRow[] = [];
    const crossing = new Map<string, string>();
    for (const entry of sorted) {
      const id = `${entry.restaurantId}\t${entry.termKey}`;
      const total = totalOf.get(id) ?? entry.count;
      if (total >= k) {
        for (const row of entry.rows) name(row, entry.term);
        if (total - entry.count < k) crossing.set(id, entry.term);
      } else {
        for (const row of entry.rows)
          pending.push({ restaurantId: row.restaurantId, termKey: entry.termKey, day: row.day, locationId: row.locationId, metric: row.metric, count: row.count });
      }
    }
    if (crossing.size > 0) {
      const taken = await takePendingSearches(
        trx,
        sorted.filter((e) => crossing.has(`${e.restaurantId}\t${e.termKey}`)).map(({ restaurantId, termKey }) => ({ restaurantId, termKey })),
      );
      for (const row of taken) name(row, crossing.get(`${row.restaurantId}\t${row.termKey}`)!);
    }
    await addPendingSearches(trx, pending);
    await addInsightCounts(trx, [...named.values()]);
  });
}

/** The daily `insights.sweep` job: pending terms older than SEARCH_PENDING_DAYS and totals of terms not searched since. */
export async function sweepPendingSearches(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  const before = new Date(now.getTime() - SEARCH_PENDING_DAYS * DAY_MS).toISOString();
  let swept = 0;
  // one term per transaction: the delete takes the total's row lock first, as a flush does
  for (const key of await findStaleSearchTerms(scope.db, before, SEARCH_PRIVACY_K)) {
    if (await scope.db.transaction().execute((trx) => deleteStaleSearchTerm(trx, key, before, SEARCH_PRIVACY_K))) swept++;
  }
  return swept;
}
