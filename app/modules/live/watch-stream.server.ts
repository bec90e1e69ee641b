import { liveBus, type LiveBus } from './live-bus.server.ts';
import type { LiveChannel } from './live-events.server.ts';
import { createStreamSet, runStreamLoop, type StreamLimits, type StreamTiming } from './stream-pump.server.ts';

/**
 * The public variant of a live stream (decision 0031, issue 25's guest pages): it follows one thing
 * a guest holds the key to (an order or a reservation by its unguessable token) and sends only its
 * state, never the channel's events (which name other rows). On each wake-up of the restaurant's
 * channel, and every few seconds in case one was lost, it reads the state through `read` and sends
 * it as `event: state` when it differs from what was sent last; the first state goes at once, so a
 * page that reconnects after a lost connection is up to date without an event id. Bounded: streams
 * per process and per key (beyond: 503 and Retry-After); `read` returning null (the thing is gone)
 * ends the stream.
 */

export const WATCH_STREAM_LIMITS: StreamLimits = { perProcess: 1000, perKey: 4 };
export const WATCH_STREAM_TIMING: StreamTiming = { pollMs: 5_000, heartbeatMs: 20_000, retryMs: 3_000 };

export interface WatchOptions {
  restaurantId: string;
  channel: LiveChannel;
  /** what the limit per key counts (e.g. the order's token) */
  key: string;
  /** the state to send, as JSON-able data; null when the thing is gone */
  read(): Promise<unknown>;
}

export function createWatchStreams(config: { bus(): LiveBus; limits?: StreamLimits; timing?: StreamTiming }) {
  const timing = config.timing ?? WATCH_STREAM_TIMING;
  const streams = createStreamSet(config.limits ?? WATCH_STREAM_LIMITS);

  function openStream(request: Request, options: WatchOptions): Promise<Response> {
    let sent: string | undefined;
    return runStreamLoop(streams, {
      request,
      key: options.key,
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
