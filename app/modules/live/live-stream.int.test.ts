import { describe, expect, it } from 'vitest';
import type { Role } from '#app/modules/access/policy.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { readSse } from '#tests/support/sse-reader.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { createMemoryLiveBus } from './live-bus.server.ts';
import { appendLiveEvent } from './live-events.server.ts';
import { createLiveStreams, LIVE_STREAM_LIMITS, LIVE_STREAM_TIMING } from './live-stream.server.ts';

describe(`live streams on ${testDialect}`, () => {
  let db: TestDb;
  let scopes: ActorScopes;
  test.beforeAll(({ db: fileDb, scopes: fileScopes }) => {
    db = fileDb;
    scopes = fileScopes;
  });

  // the bus is the only thing that wakes these streams (their safety-net look is a minute away)
  const bus = createMemoryLiveBus();
  const slow = { ...LIVE_STREAM_TIMING, pollMs: 60_000, heartbeatMs: 60_000 };
  const makeStreams = (over: Partial<typeof slow> = {}, limits = LIVE_STREAM_LIMITS) => createLiveStreams({ bus: () => bus, timing: { ...slow, ...over }, limits });
  const streams = makeStreams();

  const restaurant = async () => (await insertRestaurant(db)).id;
  /** an order placed: the event appended in the change's transaction, the boards woken after the commit */
  async function place(restaurantId: string, number: number): Promise<number> {
    const id = await db.transaction().execute((trx) => appendLiveEvent(trx, { restaurantId, channel: 'orders', type: 'order.placed', payload: { number } }));
    bus.publish(restaurantId, 'orders');
    return id;
  }
  const board = (restaurantId: string, init: { lastEventId?: string; since?: string; role?: Role; signal?: AbortSignal } = {}, set = streams) => {
    const url = new URL(`http://localhost/r/admin/orders/live${init.since === undefined ? '' : `?since=${init.since}`}`);
    const headers: Record<string, string> = init.lastEventId === undefined ? {} : { 'Last-Event-ID': init.lastEventId };
    return set.open(scopes.member(restaurantId, init.role ?? 'staff'), new Request(url, { headers, signal: init.signal }), { channel: 'orders' });
  };
  const numbers = (events: { data?: string }[]) => events.map((e) => (JSON.parse(e.data!) as { number: number }).number);

  it('answers an event stream nothing holds back, and tells the browser when to come back', async () => {
    const response = await board(await restaurant());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const sse = readSse(response);
    await sse.until((all) => all.length > 0);
    expect(sse.messages[0]).toEqual({ retry: String(LIVE_STREAM_TIMING.retryMs) });
    await sse.cancel();
  });

  it('sends each committed event once, with its id and type, and nothing a rolled-back change appended', async () => {
    const restaurantId = await restaurant();
    await place(restaurantId, 0); // before the board opened: not sent
    const sse = readSse(await board(restaurantId));
    const first = await place(restaurantId, 1);
    await expect(
      db.transaction().execute(async (trx) => {
        await appendLiveEvent(trx, { restaurantId, channel: 'orders', type: 'order.placed', payload: { number: 2 } });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    // even a careless publish after the rollback shows nothing: the board reads the log, which has no such event
    bus.publish(restaurantId, 'orders');
    const third = await place(restaurantId, 3);
    await sse.until(() => sse.events().length >= 2);
    expect(sse.events()).toEqual([
      { id: String(first), event: 'order.placed', data: '{"number":1}' },
      { id: String(third), event: 'order.placed', data: '{"number":3}' },
    ]);
    expect(third).toBeGreaterThan(first);
    await sse.cancel();
  });

  it('resumes after Last-Event-ID with exactly the events missed, in order; ?since= when there is no header', async () => {
    const restaurantId = await restaurant();
    const ids = [];
    for (let n = 1; n <= 5; n++) ids.push(await place(restaurantId, n));

    const reconnected = readSse(await board(restaurantId, { lastEventId: String(ids[1]) }));
    await reconnected.until(() => reconnected.events().length >= 3);
    expect(reconnected.events().map((e) => e.id)).toEqual(ids.slice(2).map(String));
    expect(numbers(reconnected.events())).toEqual([3, 4, 5]);

    const fromPage = readSse(await board(restaurantId, { since: String(ids[3]) }));
    await fromPage.until(() => fromPage.events().length >= 1);
    expect(numbers(fromPage.events())).toEqual([5]);

    // the browser's header wins over the page's first ?since=
    const both = readSse(await board(restaurantId, { lastEventId: String(ids[3]), since: String(ids[0]) }));
    await both.until(() => both.events().length >= 1);
    expect(numbers(both.events())).toEqual([5]);

    // and the next event reaches all three, once
    await place(restaurantId, 6);
    for (const sse of [reconnected, fromPage, both]) {
      await sse.until(() => numbers(sse.events()).includes(6));
      expect(numbers(sse.events()).filter((n) => n === 6)).toHaveLength(1);
      await sse.cancel();
    }
  });

  it("never shows one restaurant's events to another's board", async () => {
    const [one, two] = [await restaurant(), await restaurant()];
    const boardOne = readSse(await board(one));
    const boardTwo = readSse(await board(two));
    await place(one, 11);
    await place(two, 21);
    await place(one, 12);
    await place(two, 22);
    await boardOne.until(() => boardOne.events().length >= 2);
    await boardTwo.until(() => boardTwo.events().length >= 2);
    expect(numbers(boardOne.events())).toEqual([11, 12]);
    expect(numbers(boardTwo.events())).toEqual([21, 22]);
    await boardOne.cancel();
    await boardTwo.cancel();
  });

  it('caps the streams of a restaurant and of the process (503, Retry-After); a board that leaves frees its place', async () => {
    const capped = makeStreams({}, { perProcess: 5, per: { restaurant: 3, account: 5, address: 5 } });
    const [one, two] = [await restaurant(), await restaurant()];
    const leaving = new AbortController();
    const open = [await board(one, { signal: leaving.signal }, capped), await board(one, {}, capped), await board(one, {}, capped)];
    const refused = await board(one, {}, capped);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    open.push(await board(two, {}, capped), await board(two, {}, capped));
    expect(open.every((r) => r.status === 200)).toBe(true);
    expect((await board(await restaurant(), {}, capped)).status).toBe(503);
    expect(capped.count).toBe(5);

    leaving.abort();
    expect(capped.countOf('restaurant', one)).toBe(2);
    expect((await board(two, {}, capped)).status).toBe(200);
    capped.closeAll();
    expect(capped.count).toBe(0);
  });

  it('ends when the board goes away, and all of them on a graceful stop', async () => {
    const own = makeStreams();
    const restaurantId = await restaurant();
    const leaving = new AbortController();
    const gone = readSse(await board(restaurantId, { signal: leaving.signal }, own));
    const staying = readSse(await board(restaurantId, {}, own));
    leaving.abort();
    await gone.end();
    expect(own.countOf('restaurant', restaurantId)).toBe(1);
    own.closeAll();
    await staying.end();
    expect(own.count).toBe(0);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const sse = readSse(await board(await restaurant(), {}, makeStreams({ heartbeatMs: 50 })));
    await sse.until((all) => all.filter((m) => m.comment === 'heartbeat').length >= 2);
    expect(sse.events()).toEqual([]);
    await sse.cancel();
  });

  it('finds an event whose wake-up was lost at its next look at the log', async () => {
    const restaurantId = await restaurant();
    const sse = readSse(await board(restaurantId, {}, makeStreams({ pollMs: 100 })));
    await db.transaction().execute((trx) => appendLiveEvent(trx, { restaurantId, channel: 'orders', type: 'order.placed', payload: { number: 7 } }));
    await sse.until(() => sse.events().length >= 1);
    expect(numbers(sse.events())).toEqual([7]);
    await sse.cancel();
  });

  it('resumes from the newest event when the id is past it (a database restored from a backup)', async () => {
    const restaurantId = await restaurant();
    const newest = await place(restaurantId, 1);
    const sse = readSse(await board(restaurantId, { lastEventId: String(newest + 1000) }));
    await place(restaurantId, 2);
    await sse.until(() => sse.events().length >= 1);
    expect(numbers(sse.events())).toEqual([2]);
    await sse.cancel();
  });

  it('refuses a member without the board permission, a forged scope and an id that is not one', async () => {
    const restaurantId = await restaurant();
    const request = () => new Request('http://localhost/r/admin/orders/live');
    expect(await refusalOf(streams.open(scopes.member(restaurantId, 'editor'), request(), { channel: 'orders' }))).toEqual({ code: 'forbidden', params: {} });
    expect(await refusalOf(streams.open(scopes.forgedOwner(restaurantId), request(), { channel: 'orders' }))).toEqual({ code: 'forbidden', params: {} });
    expect(await refusalOf(board(restaurantId, { lastEventId: '12abc' }))).toEqual({ code: 'invalid-input', params: {} });
    expect(await refusalOf(board(restaurantId, { since: '-1' }))).toEqual({ code: 'invalid-input', params: {} });
    // a refusal holds no place
    expect(streams.countOf('restaurant', restaurantId)).toBe(0);
  });
  /** a board opened by one account (its actor id) from one client address, on the process's limits */
  const boardOf = (set: ReturnType<typeof makeStreams>, restaurantId: string, account: string, address = '198.51.100.1', signal?: AbortSignal) =>
    set.open(scopes.member(restaurantId, 'staff', { id: account }), new Request('http://localhost/r/admin/orders/live', { headers: { 'x-bucate-client-ip': address }, signal }), {
      channel: 'orders',
    });

  it('lets no account hold the process: one person with ten restaurants gets its own share, and every other board still opens (issue 33)', async () => {
    const fair = makeStreams();
    const leave = new AbortController();
    const ten = await Promise.all(Array.from({ length: 10 }, () => restaurant()));
    const answers = [];
    // the probe: one account opening boards across its ten restaurants, from addresses of its own
    for (let i = 0; i <= LIVE_STREAM_LIMITS.per.account; i++) answers.push((await boardOf(fair, ten[i % 10]!, 'one-person', `198.51.100.${i + 10}`, leave.signal)).status);
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(503);
    expect(fair.countOf('account', 'one-person')).toBe(LIVE_STREAM_LIMITS.per.account);
    // another restaurant's board opens: the process is far from full
    expect((await boardOf(fair, await restaurant(), 'someone-else', '198.51.100.200', leave.signal)).status).toBe(200);
    expect(fair.count).toBeLessThan(LIVE_STREAM_LIMITS.perProcess / 10);
    leave.abort();
    expect(fair.count).toBe(0);
  });

  it('lets no client address hold the process, whatever accounts it uses; other addresses still open', async () => {
    const fair = makeStreams();
    const leave = new AbortController();
    const places = await Promise.all(Array.from({ length: 5 }, () => restaurant()));
    const answers = [];
    for (let i = 0; i <= LIVE_STREAM_LIMITS.per.address; i++) answers.push((await boardOf(fair, places[i % 5]!, `account-${i}`, '203.0.113.9', leave.signal)).status);
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(503);
    expect((await boardOf(fair, places[0]!, 'account-elsewhere', '203.0.113.10', leave.signal)).status).toBe(200);
    leave.abort();
  });
});
