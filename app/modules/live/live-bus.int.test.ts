import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createLiveBusFor } from '#app/wiring/live-bus.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { readSse } from '#tests/support/sse-reader.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { createMemoryLiveBus, type LiveBus } from './live-bus.server.ts';
import { appendLiveEvent } from './live-events.server.ts';
import { createLiveStreams, LIVE_STREAM_TIMING } from './live-stream.server.ts';
import { createPostgresLiveBus } from './postgres-live-bus.server.ts';

const run = promisify(execFile);

/** Resolves when `wake` has run `times` times (generous: it waits, it never measures). */
function wakes() {
  let count = 0;
  let waiting: (() => void) | undefined;
  return {
    wake: () => {
      count++;
      waiting?.();
    },
    get count() {
      return count;
    },
    async reach(times: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (count < times) {
        if (Date.now() > deadline) throw new Error(`woken ${count} times, expected ${times}`);
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

describe(`the live bus on ${testDialect}`, () => {
  let database: TestDatabase;
  let db: TestDb;
  let scopes: ActorScopes;
  const buses: LiveBus[] = [];
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    db = fileDatabase.db;
    scopes = fileScopes;
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  /** a bus as one app process has it: on PostgreSQL its own LISTEN connection */
  const processBus = (backoff = { initialMs: 20, maxMs: 200 }) => {
    const bus = testDialect === 'postgres' ? createPostgresLiveBus({ db, connectionString: database.location.databaseUrl!, backoff }) : createMemoryLiveBus();
    buses.push(bus);
    return bus;
  };
  const restaurant = async () => (await insertRestaurant(db)).id;

  it('is chosen for the database by the composition root', () => {
    const bus = createLiveBusFor(database, database.location.databaseUrl);
    buses.push(bus);
    expect('listening' in bus).toBe(testDialect === 'postgres');
  });

  it("wakes the restaurant channel's subscribers, after the publisher's own work, and no one else", async () => {
    const bus = processBus();
    const [one, two] = [await restaurant(), await restaurant()];
    const ofOne = wakes();
    const ofTwo = wakes();
    const stopOne = bus.subscribe(one, 'orders', ofOne.wake);
    bus.subscribe(two, 'orders', ofTwo.wake);
    if (testDialect === 'postgres') await expect.poll(() => (bus as ReturnType<typeof createPostgresLiveBus>).listening).toBe(true);
    const before = ofOne.count;
    bus.publish(one, 'orders');
    expect(ofOne.count).toBe(before);
    await ofOne.reach(before + 1);
    stopOne();
    bus.publish(one, 'orders');
    bus.publish(two, 'orders');
    await ofTwo.reach(ofTwo.count + 1);
    expect(ofOne.count).toBe(before + 1);
  });

  if (testDialect === 'postgres') {
    it('carries an order placed in another app process to a board held by this one', async () => {
      const restaurantId = await restaurant();
      // this process's board, woken only by the bus (its safety-net look is a minute away)
      const streams = createLiveStreams({ bus: processBus, timing: { ...LIVE_STREAM_TIMING, pollMs: 60_000, heartbeatMs: 60_000 } });
      const board = readSse(await streams.open(scopes.member(restaurantId, 'staff'), new Request('http://localhost/live'), { channel: 'orders' }));
      await expect.poll(() => (buses.at(-1) as ReturnType<typeof createPostgresLiveBus>).listening).toBe(true);

      const placed = await run(process.execPath, ['tests/support/live-publisher.ts', database.location.databaseUrl!, restaurantId, '42'], {
        env: { ...process.env, LOG_LEVEL: 'silent' },
      });
      const id = placed.stdout.trim();
      await board.until(() => board.events().length >= 1);
      expect(board.events()).toEqual([{ id, event: 'order.placed', data: '{"number":42}' }]);
      streams.closeAll();
    });

    it('listens again after its connection is cut, and wakes every board: what was sent meanwhile is in the log', async () => {
      const restaurantId = await restaurant();
      // a pause before reconnecting long enough for the test to see the cut
      const listening = processBus({ initialMs: 1_000, maxMs: 1_000 }) as ReturnType<typeof createPostgresLiveBus>;
      const publishing = processBus();
      const board = wakes();
      listening.subscribe(restaurantId, 'orders', board.wake);
      await expect.poll(() => listening.listening).toBe(true);
      await board.reach(1); // LISTEN in place: every board looks once

      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN bucate_live'`.execute(db);
      await expect.poll(() => listening.listening).toBe(false);
      // cut: what is published now is not heard
      await db.transaction().execute((trx) => appendLiveEvent(trx, { restaurantId, channel: 'orders', type: 'order.placed', payload: { number: 1 } }));
      publishing.publish(restaurantId, 'orders');
      // back: woken without a publish, so the board reads the log and finds the event
      await board.reach(2);
      await expect.poll(() => listening.listening).toBe(true);
      const heard = board.count;
      publishing.publish(restaurantId, 'orders');
      await board.reach(heard + 1);
    });
  }
});
