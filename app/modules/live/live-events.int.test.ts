import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { createJobHandlers, JOB_SCHEDULES } from '#app/wiring/job-handlers.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { readSse } from '#tests/support/sse-reader.ts';
import { test, type ActorScopes, type Outbox, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { createMemoryLiveBus } from './live-bus.server.ts';
import { listLiveEventsAfter } from './live-event.repo.server.ts';
import { appendLiveEvent, liveCursor, MAX_LIVE_PAYLOAD_BYTES, sweepLiveEvents, type LiveEventInput } from './live-events.server.ts';
import { createLiveStreams } from './live-stream.server.ts';

describe(`the live events' log on ${testDialect}`, () => {
  let db: TestDb;
  let scopes: ActorScopes;
  let outbox: Outbox;
  let storage: FileStorage;
  test.beforeAll(({ db: fileDb, scopes: fileScopes, outbox: fileOutbox, storage: fileStorage }) => {
    db = fileDb;
    scopes = fileScopes;
    outbox = fileOutbox;
    storage = fileStorage;
  });

  const restaurant = async () => (await insertRestaurant(db)).id;
  const order = (restaurantId: string, number: number): LiveEventInput => ({ restaurantId, channel: 'orders', type: 'order.placed', payload: { number } });
  const append = (event: LiveEventInput) => db.transaction().execute((trx) => appendLiveEvent(trx, event));
  const logOf = async (restaurantId: string) => (await listLiveEventsAfter(db, restaurantId, 'orders', 0, 1000)).map((e) => JSON.parse(e.payload) as unknown);

  it('exists exactly when its change does: a rolled-back transaction leaves no event', async () => {
    const restaurantId = await restaurant();
    await expect(
      db.transaction().execute(async (trx) => {
        await appendLiveEvent(trx, order(restaurantId, 1));
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await append(order(restaurantId, 2));
    expect(await logOf(restaurantId)).toEqual([{ number: 2 }]);
  });

  it('refuses to append outside a transaction, or an event out of shape, and writes nothing', async () => {
    const restaurantId = await restaurant();
    await expect(appendLiveEvent(db, order(restaurantId, 1))).rejects.toThrow(/transaction/);
    await expect(append({ ...order(restaurantId, 1), type: 'order placed\ndata: x' })).rejects.toThrow(/event type/);
    await expect(append({ ...order(restaurantId, 1), channel: 'menu' as 'orders' })).rejects.toThrow(/channel/);
    await expect(append({ ...order(restaurantId, 1), payload: 'x'.repeat(MAX_LIVE_PAYLOAD_BYTES) })).rejects.toThrow(/payload/);
    expect(await logOf(restaurantId)).toEqual([]);
  });

  it("commits one channel's events in id order: a second append waits for the first transaction", async () => {
    const restaurantId = await restaurant();
    const first = await db.startTransaction().execute();
    let secondDone = false;
    let second: Promise<number> | undefined;
    try {
      const firstId = await appendLiveEvent(first, order(restaurantId, 1));
      second = append(order(restaurantId, 2)).then((id) => {
        secondDone = true;
        return id;
      });
      if (testDialect === 'postgres') {
        // the second waits on the channel's lock (SQLite: on its one writer, the same connection here)
        await expect
          .poll(
            async () =>
              (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`.execute(db)).rows[0]!.n,
            { timeout: 10_000 },
          )
          .toBe(1);
        // meanwhile another restaurant's events do not wait
        await append(order(await restaurant(), 9));
        expect(await logOf(restaurantId)).toEqual([]);
      }
      expect(secondDone).toBe(false);
      await first.commit().execute();
      expect(await second).toBeGreaterThan(firstId);
    } finally {
      // a failed check must not leave the transaction holding its connection (the file's cleanup would wait)
      if (!first.isCommitted) await first.rollback().execute();
      await second?.catch(() => {});
    }
    expect(await logOf(restaurantId)).toEqual([{ number: 1 }, { number: 2 }]);
  });

  it("gives a page's board its start: the newest id, to members who may see the board", async () => {
    const restaurantId = await restaurant();
    const id = await append(order(restaurantId, 1));
    expect(await liveCursor(scopes.member(restaurantId, 'staff'), 'orders')).toBeGreaterThanOrEqual(id);
    expect(await refusalOf(liveCursor(scopes.member(restaurantId, 'editor'), 'orders'))).toEqual({ code: 'forbidden', params: {} });
    expect(await refusalOf(liveCursor(scopes.forgedOwner(restaurantId), 'orders'))).toEqual({ code: 'forbidden', params: {} });
  });

  it('goes with its restaurant', async () => {
    const restaurantId = await restaurant();
    await append(order(restaurantId, 1));
    await db.deleteFrom('restaurant').where('id', '=', restaurantId).execute();
    expect(await db.selectFrom('liveEvent').select('id').where('restaurantId', '=', restaurantId).execute()).toEqual([]);
  });

  it('keeps 24 hours: the hourly live.sweep deletes older events, and a board away longer is told to reload', async () => {
    expect(JOB_SCHEDULES).toContainEqual({ type: 'live.sweep', every: 'hour' });
    const restaurantId = await restaurant();
    const old = await append(order(restaurantId, 1));
    await append(order(restaurantId, 2));
    const recent = await append(order(restaurantId, 3));
    const now = new Date();
    const dayAndMinuteAgo = new Date(now.getTime() - (24 * 60 + 1) * 60_000).toISOString();
    await db.updateTable('liveEvent').set({ createdAt: dayAndMinuteAgo }).where('id', '<', recent).execute();
    const justInside = new Date(now.getTime() - (24 * 60 - 1) * 60_000).toISOString();
    await db.updateTable('liveEvent').set({ createdAt: justInside }).where('id', '=', recent).execute();

    await enqueueJob(db, { type: 'live.sweep', payload: {} });
    expect(await runJobsUntilIdle(db, createJobHandlers({ mailer: outbox.mailer, storage, retentionDays: 7 }))).toBe(1);
    expect(await logOf(restaurantId)).toEqual([{ number: 3 }]);
    expect(await sweepLiveEvents(systemScope(db, 'test:live-sweep'), now)).toBe(0);

    // a board whose last id is older than what the log still holds may have missed swept events
    const streams = createLiveStreams({ bus: () => createMemoryLiveBus() });
    const request = (lastEventId: number) => new Request('http://localhost/r/admin/orders/live', { headers: { 'Last-Event-ID': String(lastEventId) } });
    const away = readSse(await streams.open(scopes.member(restaurantId, 'staff'), request(old), { channel: 'orders' }));
    await away.until(() => away.events().length >= 2);
    expect(away.events()).toEqual([
      { event: 'reset', data: '{}' },
      { id: String(recent), event: 'order.placed', data: '{"number":3}' },
    ]);
    // one whose id is just before the oldest kept missed nothing
    const current = readSse(await streams.open(scopes.member(restaurantId, 'staff'), request(recent - 1), { channel: 'orders' }));
    await current.until(() => current.events().length >= 1);
    expect(current.events().map((e) => e.event)).toEqual(['order.placed']);
    streams.closeAll();
  });
});
