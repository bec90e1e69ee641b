import { liveBus, type LiveBus } from './live-bus.server.ts';
import type { LiveChannel } from './live-events.server.ts';
import { clientAddressOf, createStreamSet, runStreamLoop, type StreamLimits, type StreamTiming } from './stream-pump.server.ts';

/**
 * The public variant of a live stream (decision 0031, issue 25's guest pages): it follows one thing
 * a guest holds the key to (an order or a reservation by its unguessable token) and sends only its
 * state, never the channel's events (which name other rows). On each wake-up of the restaurant's
 * channel, and every few seconds in case one was lost, it reads the state through `read` and sends
 * it as `event: state` when it differs from what was sent last; the first state goes at once, so a
 * page that reconnects after a lost connection is up to date without an event id. Bounded: streams
 * per process, per key (the order's token), per restaurant and per client address (beyond: 503 and
 * Retry-After; issue 33 item 2: no restaurant's guests, and no one address, hold the whole pool);
 * `read` returning null (the thing is gone) ends the stream, and so does its longest life (the page
 * reconnects and is sent the state first).
 */

/** The figures and the memory a stream costs: docs/performance.md, "Issue 33: live streams' limits". */
export const WATCH_STREAM_LIMITS: StreamLimits<'key' | 'restaurant' | 'address'> = { perProcess: 1000, per: { key: 4, restaurant: 100, address: 50 } };
export const WATCH_STREAM_TIMING: StreamTiming = { pollMs: 5_000, heartbeatMs: 20_000, retryMs: 3_000, maxAgeMs: 5 * 60_000 };

export interface WatchOptions {
  restaurantId: string;
  channel: LiveChannel;
  /** what the limit per key counts (e.g. the order's token) */
  key: string;
  /** the state to send, as JSON-able data; null when the thing is gone */
  read(): Promise<unknown>;
}

export function createWatchStreams(config: { bus(): LiveBus; limits?: typeof WATCH_STREAM_LIMITS; timing?: StreamTiming }) {
  const timing = config.timing ?? WATCH_STREAM_TIMING;
  const streams = createStreamSet(config.limits ?? WATCH_STREAM_LIMITS);

  function openStream(request: Request, options: WatchOptions): Promise<Response> {
    let sent: string | undefined;
    return runStreamLoop(streams, {
      request,
      keys: { key: options.key, restaurant: options.restaurantId, address: clientAddressOf(request) },
      timing,
      subscribe: (wake) => config.bus().subscribe(options.restaurantId, options.channel, wake),
      // the state, when it differs from what was sent last
      async look() {
        const state = await options.read();
        if (state === null) return null;
        const text = JSON.stringify(state);
        if (text === sent) return { text: '' };
        sent = text;
        return { text: `event: state\ndata: ${text}\n\n` };
      },
      logContext: { restaurantId: options.restaurantId, channel: options.channel },
    });
  }

  return {
    open: openStream,
    get count() {
      return streams.count;
    },
    closeAll: streams.closeAll,
  };
}

const processStreams = createWatchStreams({ bus: liveBus });

/** This process's public watch streams: what a guest's resource route returns. */
export function watchStream(request: Request, options: WatchOptions): Promise<Response> {
  return processStreams.open(request, options);
}

/** On a graceful stop, with the boards' streams. */
export function closeWatchStreams(): void {
  processStreams.closeAll();
}
