import { describe, expect, it } from 'vitest';
import { readSse } from '#tests/support/sse-reader.ts';
import { createMemoryLiveBus } from './live-bus.server.ts';
import { createWatchStreams } from './watch-stream.server.ts';

/**
 * The public watch stream (a guest's order page): it sends one thing's state, first at once, then
 * on a wake-up of the restaurant's channel when it changed, never the channel's events; bounded.
 */
describe('a watch stream', () => {
  const bus = createMemoryLiveBus();
  // a slow safety net, so only the wake-ups move the stream in these tests
  const timing = { pollMs: 60_000, heartbeatMs: 60_000, retryMs: 3_000 };

  it('sends the state at once, then only when a wake-up finds it changed, and ends when the thing is gone', async () => {
    const streams = createWatchStreams({ bus: () => bus, timing });
    let state: { status: string } | null = { status: 'received' };
    const controller = new AbortController();
    const response = await streams.open(new Request('http://x/live', { signal: controller.signal }), { restaurantId: 'r1', channel: 'orders', key: 'tok', read: async () => state });
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
    const streams = createWatchStreams({ bus: () => bus, timing, limits: { perProcess: 10, perKey: 1 } });
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
});
