import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { createClientWindow, type GuestClient } from './client-window.server.ts';
import { localDayHour, VIA_CODE } from './insight-classify.ts';
import { addInsightCounts, findLocationIds, findProductIds, findRestaurantsBySlugs, type InsightRow } from './insights.repo.server.ts';
import { addSearchCounts, type SearchCount } from './search-terms.server.ts';

/**
 * Counts held in this process's memory and added to the database every few seconds (decision
 * 0018). Recording costs a Map update, never a query: the guest menu's cache hits stay as fast.
 * Counts are keyed by slug and a 15-minute UTC bucket; a flush resolves slugs, locations and dishes
 * with three reads, turns buckets into the restaurant's local day and hour, and adds every row
 * with one upsert per chunk. Searches go through the privacy threshold (search-terms.server.ts):
 * a term's text is written only once k searches used it. A flush that fails puts back what it did
 * not write for the next one. A crash loses what was recorded since the last flush (at most one
 * interval); a graceful stop flushes. One client counts each thing once per window and spends at
 * most its own share of a restaurant's beacon budget, and its first beacon at a menu in an interval is
 * budgeted apart from the rest (client-window.server.ts, decision 0028).
 */

export const FLUSH_INTERVAL_MS = 5_000;
const BUCKET_MS = 15 * 60 * 1000;
/**
 * beacons one restaurant may receive per flush interval beyond each address's first there (a guest
 * sends one as it leaves the page), across guests; more is a flood
 */
export const BEACONS_PER_INTERVAL = 120;
/**
 * addresses whose first beacon at one restaurant is counted per flush interval, apart from the budget
 * above: a flood from many addresses spends that budget, never a real guest's first beacon (issue 33
 * item 6, decision 0028), unless it brings more addresses than this in one interval
 */
export const GUESTS_PER_INTERVAL = 500;
/** distinct rows held at once (all restaurants); past it new keys are dropped, not memory grown */
const MAX_KEYS = 50_000;
/** beacons may fill the held rows only this far: a flood of junk dish ids at a few restaurants leaves room for every menu's views */
const MAX_INTEREST_KEYS = 40_000;
/** distinct via codes one restaurant may add per interval (junk codes cannot grow its rows) */
const VIA_PER_INTERVAL = 50;

export interface ViewRecord {
  slug: string;
  locale: string;
  /** the location the page shows ('' when the menu has none) */
  locationId: string;
  /** a well-formed `?via=` code, or undefined */
  via: string | undefined;
  /** the referrer's kind when there is no via */
  source: string;
  /** who asked: held in memory under a rotating key, to count each client once per window */
  client: GuestClient;
}

export interface InterestRecord {
  slug: string;
  locationId: string;
  dishes: string[];
  searches: { term: string; matched: boolean }[];
  allergens: string[];
  client: GuestClient;
}

export interface InsightRecorder {
  recordView(view: ViewRecord): void;
  /** false when the client's or the restaurant's beacon budget for this interval is spent (a flood) */
  recordInterest(interest: InterestRecord): boolean;
  flush(): Promise<void>;
  start(): void;
  /** stops the timer and flushes what is left */
  stop(): Promise<void>;
  pendingKeys(): number;
}

export function createInsightRecorder(options: {
  getDb(): Kysely<Database>;
  /** the search terms' hashing secret (deriveSearchTermSecret): the same in every process */
  searchSecret: string;
  now?(): number;
  onError?(error: unknown): void;
  intervalMs?: number;
}): InsightRecorder {
  const now = options.now ?? Date.now;
  let pending = new Map<string, number>();
  let beacons = new Map<string, number>();
  let guests = new Map<string, number>();
  let viaCodes = new Map<string, Set<string>>();
  const clients = createClientWindow({ now });
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function add(key: string, n = 1, limit = MAX_KEYS) {
    const current = pending.get(key);
    if (current === undefined && pending.size >= limit) return;
    pending.set(key, (current ?? 0) + n);
  }

  function keyOf(slug: string, bucket: number, locationId: string, metric: string, dimension: string) {
    return `${slug}\t${bucket}\t${locationId}\t${metric}\t${dimension}`;
  }

  function recordView(view: ViewRecord) {
    if (clients.admit(view.client, view.slug, ['view']).length === 0) return;
    const bucket = Math.floor(now() / BUCKET_MS) * BUCKET_MS;
    const k = (metric: string, dimension: string) => keyOf(view.slug, bucket, view.locationId, metric, dimension);
    add(k('view', ''));
    add(k('lang', view.locale));
    add(k('hour', ''));
    let via = view.via && VIA_CODE.test(view.via) ? view.via : undefined;
    if (via) {
      const seen = viaCodes.get(view.slug) ?? new Set<string>();
      viaCodes.set(view.slug, seen);
      if (!seen.has(via) && seen.size >= VIA_PER_INTERVAL) via = undefined;
      else seen.add(via);
    }
    if (via) {
      add(k('source', `via:${via}`));
      add(k('via', via));
    } else {
      add(k('source', view.source));
    }
  }

  function recordInterest(interest: InterestRecord): boolean {
    const spent = clients.spendBeacon(interest.client, interest.slug, (first) => {
      const [budget, limit] = first ? [guests, GUESTS_PER_INTERVAL] : [beacons, BEACONS_PER_INTERVAL];
      const used = budget.get(interest.slug) ?? 0;
      if (used >= limit) return false;
      budget.set(interest.slug, used + 1);
      return true;
    });
    if (!spent) return false;
    const bucket = Math.floor(now() / BUCKET_MS) * BUCKET_MS;
    const k = (metric: string, dimension: string) => keyOf(interest.slug, bucket, interest.locationId, metric, dimension);
    // a term is one search whether it matched or not (the privacy threshold counts the text)
    const things = new Map<string, [metric: string, dimension: string]>();
    for (const dish of interest.dishes) things.set(`dish\t${dish}`, ['dish', dish]);
    for (const search of interest.searches) things.set(`search\t${search.term}`, [search.matched ? 'search-hit' : 'search-miss', search.term]);
    for (const allergen of interest.allergens) things.set(`allergen\t${allergen}`, ['allergen', allergen]);
    for (const thing of clients.admit(interest.client, interest.slug, [...things.keys()])) {
      const [metric, dimension] = things.get(thing)!;
      add(k(metric, dimension), 1, MAX_INTEREST_KEYS);
    }
    return true;
  }

  async function flushOnce() {
    const batch = pending;
    pending = new Map();
    beacons = new Map();
    guests = new Map();
    viaCodes = new Map();
    clients.newInterval();
    if (batch.size === 0) return;
    let unwritten = batch;
    try {
      const db = options.getDb();
      const { rows, searches } = await resolve(db, batch);
      await addInsightCounts(db, rows);
      // the other counts are in: a failure from here on puts back the searches only
      unwritten = new Map([...batch].filter(([key]) => isSearchKey(key)));
      await addSearchCounts(db, searches, { secret: options.searchSecret, at: new Date(now()) });
    } catch (error) {
      // kept for the next flush: a database that is briefly away loses nothing
      for (const [key, n] of unwritten) add(key, n);
      throw error;
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.catch(() => {}).then(flushOnce);
    return flushing;
  }

  return {
    recordView,
    recordInterest,
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        flush().catch((error: unknown) => options.onError?.(error));
      }, options.intervalMs ?? FLUSH_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
    pendingKeys: () => pending.size,
  };
}

const SEARCH_METRICS = new Set(['search-hit', 'search-miss']);
const isSearchKey = (key: string) => SEARCH_METRICS.has(key.split('\t')[3] ?? '');

/** Resolves one batch into rows of insightCount and searches (which pass the privacy threshold). */
async function resolve(db: Kysely<Database>, batch: Map<string, number>): Promise<{ rows: InsightRow[]; searches: SearchCount[] }> {
  const parsed = [...batch].map(([key, count]) => {
    const [slug, bucket, locationId, metric, dimension] = key.split('\t') as [string, string, string, string, string];
    return { slug, bucket: Number(bucket), locationId, metric, dimension, count };
  });
  const restaurants = await findRestaurantsBySlugs(db, [...new Set(parsed.map((p) => p.slug))]);
  if (restaurants.length === 0) return { rows: [], searches: [] };
  const bySlug = new Map(restaurants.map((r) => [r.slug, r]));
  const ids = restaurants.map((r) => r.id);
  const locations = new Set((await findLocationIds(db, ids)).map((l) => `${l.restaurantId}:${l.id}`));
  const dishIds = [...new Set(parsed.filter((p) => p.metric === 'dish').map((p) => p.dimension))];
  const dishes = new Set(dishIds.length ? (await findProductIds(db, ids, dishIds)).map((d) => `${d.restaurantId}:${d.id}`) : []);
  const rows = new Map<string, InsightRow>();
  const searches: SearchCount[] = [];
  for (const p of parsed) {
    const restaurant = bySlug.get(p.slug);
    if (!restaurant) continue;
    if (p.metric === 'dish' && !dishes.has(`${restaurant.id}:${p.dimension}`)) continue;
    const { day, hour } = localDayHour(p.bucket, restaurant.timeZone);
    const locationId = locations.has(`${restaurant.id}:${p.locationId}`) ? p.locationId : '';
    if (p.metric === 'search-hit' || p.metric === 'search-miss') {
      searches.push({ restaurantId: restaurant.id, day, locationId, metric: p.metric, term: p.dimension, count: p.count });
      continue;
    }
    let dimension = p.dimension;
    if (p.metric === 'hour') dimension = String(hour).padStart(2, '0');
    if (p.metric === 'source' && dimension.startsWith('via:')) dimension = dimension.slice(4) === restaurant.shortCode ? 'qr' : 'table';
    const key = `${restaurant.id}\t${day}\t${locationId}\t${p.metric}\t${dimension}`;
    const row = rows.get(key);
    if (row) row.count += p.count;
    else rows.set(key, { restaurantId: restaurant.id, day, locationId, metric: p.metric, dimension, count: p.count });
  }
  return { rows: [...rows.values()], searches };
}
