import { logger } from '#app/logger.server.ts';
import { liveBus, type LiveBus } from './live-bus.server.ts';
import type { LiveChannel } from './live-events.server.ts';
import { formatSseRetry, SSE_HEARTBEAT } from './sse.ts';
import { eventStreamResponse, StreamPump, tooManyStreamsResponse } from './stream-pump.server.ts';

/**
 * The public variant of a live stream (decision 0031, issue 25's guest order page): it follows one
 * thing a guest holds the key to (an order by its unguessable token) and sends only that thing's
 * state, never the channel's events (which name other orders). On each wake-up of the restaurant's
 * channel, and every few seconds in case one was lost, it reads the state through `read` and sends
 * it as `event: state` when it differs from what was sent last; the first state goes at once, so a
 * page that reconnects after a lost connection is up to date without an event id. Bounded: streams
 * per process and per key (beyond: 503 and Retry-After); `read` returning null (the thing is gone)
 * ends the stream.
 */

export const WATCH_STREAM_LIMITS = { perProcess: 1000, perKey: 4 };
export const WATCH_STREAM_TIMING = { pollMs: 5_000, heartbeatMs: 20_000, retryMs: 3_000 };

export interface WatchOptions {
  restaurantId: string;
  channel: LiveChannel;
  /** what the limit per key counts (e.g. the order's id) */
  key: string;
  /** the state to send, as JSON-able data; null when the thing is gone */
  read(): Promise<unknown>;
}

export function createWatchStreams(config: { bus(): LiveBus; limits?: typeof WATCH_STREAM_LIMITS; timing?: typeof WATCH_STREAM_TIMING }) {
  const limits = config.limits ?? WATCH_STREAM_LIMITS;
  const timing = config.timing ?? WATCH_STREAM_TIMING;
  const open = new Set<() => void>();
  const perKey = new Map<string, number>();

  function openStream(request: Request, options: WatchOptions): Response {
    if (open.size >= limits.perProcess || (perKey.get(options.key) ?? 0) >= limits.perKey) {
      return tooManyStreamsResponse();
    }
    let closed = false;
    let woken = true;
    let lastRead = 0;
    let sent: string | undefined;
    const pump = new StreamPump();
    const unsubscribe = config.bus().subscribe(options.restaurantId, options.channel, () => {
      woken = true;
      pump.wake();
    });
    const finish = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      open.delete(finish);
      const left = (perKey.get(options.key) ?? 1) - 1;
      if (left > 0) perKey.set(options.key, left);
      else perKey.delete(options.key);
      request.signal.removeEventListener('abort', finish);
      pump.close();
    };
    open.add(finish);
    perKey.set(options.key, (perKey.get(options.key) ?? 0) + 1);
    request.signal.addEventListener('abort', finish, { once: true });
    if (request.signal.aborted) finish();

    const body = new ReadableStream<Uint8Array>({
      start(c) {
        pump.controller = c;
        if (closed) return void c.close();
        pump.write(formatSseRetry(timing.retryMs));
      },
      async pull() {
        try {
          while (!closed) {
            if (Date.now() - lastRead >= timing.pollMs) woken = true;
            if (woken) {
              woken = false;
              lastRead = Date.now();
              const state = await options.read();
              if (closed) return;
              if (state === null) return finish();
              const text = JSON.stringify(state);
              if (text !== sent) {
                sent = text;
                pump.write(`event: state\ndata: ${text}\n\n`);
                return;
              }
            }
            if (Date.now() - pump.lastWrite >= timing.heartbeatMs) {
              pump.write(SSE_HEARTBEAT);
              return;
            }
            await pump.pause(Math.min(timing.pollMs - (Date.now() - lastRead), timing.heartbeatMs - (Date.now() - pump.lastWrite)));
          }
        } catch (error) {
          logger.warn({ err: error, restaurantId: options.restaurantId }, 'watch stream read failed; ending it');
          finish();
        }
      },
      cancel: finish,
    });
    return eventStreamResponse(body);
  }

  return {
    open: openStream,
    get count() {
      return open.size;
    },
    closeAll(): void {
      for (const finish of open) finish();
    },
  };
}

const processStreams = createWatchStreams({ bus: liveBus });

/** This process's public watch streams: what a guest's resource route returns. */
export function watchStream(request: Request, options: WatchOptions): Response {
  return processStreams.open(request, options);
}

/** On a graceful stop, with the boards' streams. */
export function closeWatchStreams(): void {
  processStreams.closeAll();
}
