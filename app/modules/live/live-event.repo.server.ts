import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import type { Database, LiveEventTable } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/**
 * The live events' log (migration 0023, decision 0031): queries only. Every read is one
 * restaurant's channel; the bounds and the sweep are the platform's.
 */

export interface StoredLiveEvent {
  id: number;
  type: string;
  payload: string;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Appends an event in the caller's transaction and returns its id. On PostgreSQL the transaction
 * first takes a lock for the restaurant's channel, held until it commits or rolls back: ids come
 * from a sequence when the row is inserted, not when it commits, so without the lock a later id
 * could commit first and a board reading in between would move past the earlier one for good.
 * With it, one channel's ids commit in order. SQLite has one writer at a time, which does the same.
 */
export async function insertLiveEvent(trx: Kysely<Database>, row: Insertable<LiveEventTable>): Promise<number> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtext('bucate_live'), hashtext(${`${row.restaurantId}:${row.channel}`}))`.execute(trx);
  }
  const { id } = await tenant(trx, row.restaurantId).insertInto('liveEvent', row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** One restaurant's channel after `afterId`, oldest first, at most `limit`. */
export async function listLiveEventsAfter(db: Kysely<Database>, restaurantId: string, channel: string, afterId: number, limit: number): Promise<StoredLiveEvent[]> {
  const rows = await tenant(db, restaurantId)
    .selectFrom('liveEvent')
    .select(['id', 'type', 'payload'])
    .where('channel', '=', channel)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The oldest and newest id still in the log (both null when it is empty): two ends of the primary key. */
export async function liveEventBounds(db: Kysely<Database>): Promise<{ oldest: number | null; newest: number | null }> {
  const row = await acrossRestaurants(db, 'the bounds of the whole log: one primary key for every restaurant')
    .selectFrom('liveEvent')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst();
  return { oldest: row?.oldest == null ? null : Number(row.oldest), newest: row?.newest == null ? null : Number(row.newest) };
}

/** Deletes every event created before `before` (ISO); returns how many went. */
export async function deleteLiveEventsBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await acrossRestaurants(db, 'the retention sweep deletes old events of every restaurant')
    .deleteFrom('liveEvent')
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Wakes every connection LISTENing on `channel` (a pooled connection, outside any transaction); nothing on SQLite, which has no NOTIFY. */
export async function notifyChannel(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
