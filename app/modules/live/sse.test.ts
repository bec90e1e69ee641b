import { describe, expect, it } from 'vitest';
import { formatSseEvent, formatSseRetry, requestedEventId, SSE_HEARTBEAT } from './sse.ts';

describe('the event stream format', () => {
  it('writes an event with its id and name, one data line per line of its text', () => {
    expect(formatSseEvent({ id: 42, type: 'order.placed', payload: '{"number":7}' })).toBe('id: 42\nevent: order.placed\ndata: {"number":7}\n\n');
    expect(formatSseEvent({ id: 1, type: 'note', payload: 'one\ntwo\r\nthree' })).toBe('id: 1\nevent: note\ndata: one\ndata: two\ndata: three\n\n');
  });

  it('writes the heartbeat as a comment and the reconnect pause in whole milliseconds', () => {
    expect(SSE_HEARTBEAT).toBe(': heartbeat\n\n');
    expect(formatSseRetry(3000.7)).toBe('retry: 3000\n\n');
  });

  it("reads the id to resume after: the browser's Last-Event-ID first, the page's ?since= otherwise", () => {
    const request = (query: string, lastEventId?: string) =>
      new Request(`http://localhost/live${query}`, { headers: lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId } });
    expect(requestedEventId(request(''))).toBeNull();
    expect(requestedEventId(request('', ''))).toBeNull();
    expect(requestedEventId(request('?since=12'))).toBe(12);
    expect(requestedEventId(request('?since=12', '40'))).toBe(40);
    expect(requestedEventId(request('', ' 0 '))).toBe(0);
    for (const bad of ['-1', '1.5', '1e3', 'abc', '9'.repeat(16)]) expect(requestedEventId(request('', bad))).toBe('invalid');
    expect(requestedEventId(request('?since=x'))).toBe('invalid');
  });
});
