import { describe, expect, it } from 'vitest';
import { readSse } from '#tests/support/sse-reader.ts';
import { createMemoryLiveBus } from './live-bus.server.ts';
import { createWatchStreams, WATCH_STREAM_LIMITS } from './watch-stream.server.ts';

/**
 * The public watch stream (a guest's order page): it sends one thing's state, first at once, then
 * on a wake-up of the restaurant's channel when it changed, never the channel's events; bounded.
 */
describe('a watch stream', () => {
  const bus = createMemoryLiveBus();
  // a slow safety net, so only the wake-ups move the stream in these tests
  const timing = { pollMs: 60_000, heartbeatMs: 60_000, retryMs: 3_000, maxAgeMs: 600_000 };

  it('sends the state at once, then only when a wake-up finds it changed, and ends when the thing is gone', async () => {
    const streams = createWatchStreams({ bus: () => bus, timing });
    let state: { status: string } | null = { status: 'received' };
    const controller = new AbortController();
    const response = await streams.open(new Request('http://x/live', { signal: controller.signal }), {
      restaurantId: 'r1',
      channel: 'orders',
      key: 'tok',
      read: async () => state,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const sse = readSse(response);
    await sse.until((all) => all.some((m) => m.event === 'state'));
    // another restaurant's wake-up, and one that changes nothing: nothing more is sent
    bus.publish('r2', 'orders');
    bus.publish('r1', 'orders');
    state = { status: 'accepted' };
    bus.publish('r1', 'orders');
    await sse.until((all) => all.filter((m) => m.event === 'state').length === 2);
    expect(sse.events().map((m) => m.data)).toEqual(['{"status":"received"}', '{"status":"accepted"}']);
    state = null;
    bus.publish('r1', 'orders');
    await sse.until(() => sse.ended);
    expect(streams.count).toBe(0);
  });

  it('refuses a stream beyond the limit per key with 503 and Retry-After', async () => {
    const streams = createWatchStreams({ bus: () => bus, timing, limits: { perProcess: 10, per: { key: 1, restaurant: 10, address: 10 } } });
    const controller = new AbortController();
    const options = { restaurantId: 'r1', channel: 'orders' as const, key: 'same', read: async () => ({ status: 'received' }) };
    const first = await streams.open(new Request('http://x/live', { signal: controller.signal }), options);
    expect(first.status).toBe(200);
    const second = await streams.open(new Request('http://x/live'), options);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('30');
    controller.abort();
    expect(streams.count).toBe(0);
  });
  it("lets no restaurant and no address hold the guests' pool: 250 real order tokens fill it no more (issue 33)", async () => {
    const streams = createWatchStreams({ bus: () => bus, timing });
    const leave = new AbortController();
    const open = (restaurantId: string, key: string, address: string) =>
      streams.open(new Request('http://x/live', { headers: { 'x-bucate-client-ip': address }, signal: leave.signal }), {
        restaurantId,
        channel: 'orders',
        key,
        read: async () => ({ status: 'received' }),
      });
    const { per, perProcess } = WATCH_STREAM_LIMITS;
    // the probe: 250 orders' tokens, four pages each, from one address
    let admitted = 0;
    for (let token = 0; token < 250; token++) for (let page = 0; page < 4; page++) if ((await open('r1', `token-${token}`, '198.51.100.7')).status === 200) admitted++;
    expect(admitted).toBe(per.address);
    // the same from as many addresses as it takes: one restaurant's guests hold at most their share
    for (let token = 250; token < 500; token++)
      for (let page = 0; page < 4; page++) if ((await open('r1', `token-${token}`, `10.0.${token % 250}.${page}`)).status === 200) admitted++;
    expect(admitted).toBe(per.restaurant);
    expect(streams.count).toBeLessThan(perProcess);
    // another restaurant's guest opens their order's page
    expect((await open('r2', 'token-of-r2', '192.0.2.1')).status).toBe(200);
    leave.abort();
    expect(streams.count).toBe(0);
  });
});
