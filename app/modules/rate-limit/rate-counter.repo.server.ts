import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * Queries on `rateCounter` (migration 0008). Each is one INSERT … ON CONFLICT DO UPDATE, atomic on
 * SQLite and PostgreSQL alike: concurrent callers for one key queue on its row instead of reading
 * the same count. Keys are platform-wide (a user id, a keyed hash of a client), not tenant data.
 */

/**
 * Counts one hit for `key` in its fixed window and returns the count so far with the window's
 * start. A window that started at or before `expiredBefore` is over: the count starts again at 1.
 */
export async function countRateHit(db: Kysely<Database>, key: string, now: string, expiredBefore: string): Promise<{ count: number; windowStart: string }> {
  const row = await db
    .insertInto('rateCounter')
    .values({ key, windowStart: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('rateCounter.windowStart', '<=', expiredBefore);
        return {
          count: eb
            .case()
            .when(over)
            .then(1)
            .else(eb('rateCounter.count', '+', 1))
            .end(),
          windowStart: eb.case().when(over).then(now).else(eb.ref('rateCounter.windowStart')).end(),
        };
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.windowStart };
}

/**
 * Takes the row lock of `key` for the rest of the transaction `trx` (PostgreSQL row lock; on
 * SQLite the write lock, which a read-first transaction would only take later).
 */
export async function lockRateKey(trx: Kysely<Database>, key: string, now: string): Promise<void> {
  await trx
    .insertInto('rateCounter')
    .values({ key, windowStart: now, count: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart: now }))
    .execute();
}
