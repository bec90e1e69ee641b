import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { logger } from '#app/logger.server.ts';
import { liveBus, type LiveBus } from './live-bus.server.ts';
import { liveEventBounds, listLiveEventsAfter } from './live-event.repo.server.ts';
import { LIVE_CHANNELS, type LiveChannel } from './live-events.server.ts';
import { closeWatchStreams } from './watch-stream.server.ts';
import { formatSseEvent, formatSseRetry, requestedEventId, SSE_HEARTBEAT, SSE_RESET } from './sse.ts';
import { eventStreamResponse, StreamPump, tooManyStreamsResponse } from './stream-pump.server.ts';

/**
 * A board's live stream (decision 0031): a resource route's loader checks who is asking and returns
 * `liveStream(scope, request, { channel })`. The stream sends the restaurant channel's events after
 * the board's last id (`Last-Event-ID` on a reconnect, `?since=` from the page at first), each with
 * its id (a board away longer than the log keeps events is told to reload: `event: reset`); it
 * reads the log when the bus wakes it and every few seconds in case a wake-up was lost; a comment
 * every 20 s keeps proxies from closing it; it ends when the board goes away.
 * Bounded: a number of streams per process and per restaurant (beyond: 503 and Retry-After), one
 * page of events read at a time and only when the board has taken the previous one.
 */

/** How many streams one process holds at most, and one restaurant of them. */
export const LIVE_STREAM_LIMITS = { perProcess: 500, perRestaurant: 50 };
/** The safety net's look at the log, the heartbeat, the browser's pause before reconnecting. */
export const LIVE_STREAM_TIMING = { pollMs: 5_000, heartbeatMs: 20_000, retryMs: 3_000 };
/** Events sent in one write, at most. */
const PAGE = 100;
/** What a refused board is told to wait, in seconds. */

export interface LiveStreamOptions {
  channel: LiveChannel;
  /** the id to resume after, when the route knows it better than the request's header and query */
  lastEventId?: number;
}

export interface LiveStreamsConfig {
  bus(): LiveBus;
  limits?: typeof LIVE_STREAM_LIMITS;
  timing?: typeof LIVE_STREAM_TIMING;
}

/** A set of streams sharing limits: one per process (below), more in tests. */
export function createLiveStreams(config: LiveStreamsConfig) {
  const limits = config.limits ?? LIVE_STREAM_LIMITS;
  const timing = config.timing ?? LIVE_STREAM_TIMING;
  const open = new Set<() => void>();
  const perRestaurant = new Map<string, number>();
  const count = (restaurantId: string, by: number) => {
    const next = (perRestaurant.get(restaurantId) ?? 0) + by;
    if (next > 0) perRestaurant.set(restaurantId, next);
    else perRestaurant.delete(restaurantId);
  };

  async function openStream(scope: RestaurantScope, request: Request, options: LiveStreamOptions): Promise<Response> {
    authorize(scope, LIVE_CHANNELS[options.channel].permission);
    const asked = options.lastEventId ?? requestedEventId(request);
    if (asked === 'invalid') throw new AppError('invalid-input');
    const { restaurantId, db } = scope;
    if (open.size >= limits.perProcess || (perRestaurant.get(restaurantId) ?? 0) >= limits.perRestaurant) {
      return tooManyStreamsResponse();
    }

    // counted and subscribed before the first await: two requests at once cannot both pass the limit,
    // and a wake-up during the first read is not lost
    let closed = false;
    let woken = true;
    let lastRead = 0;
    const pump = new StreamPump();
    const unsubscribe = config.bus().subscribe(restaurantId, options.channel, () => {
      woken = true;
      pump.wake();
    });
    const finish = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      open.delete(finish);
      count(restaurantId, -1);
      request.signal.removeEventListener('abort', finish);
      pump.close();
    };
    open.add(finish);
    count(restaurantId, 1);
    request.signal.addEventListener('abort', finish, { once: true });
    if (request.signal.aborted) finish();

    let cursor: number;
    let reset = false;
    try {
      const { oldest, newest } = await liveEventBounds(db);
      // no id: only what comes next; an id past the newest: the database went back (a restore), resume from its newest
      cursor = asked === null ? (newest ?? 0) : Math.min(asked, newest ?? asked);
      // events after the board's id may have been swept (a board away longer than retention): it reloads
      reset = asked !== null && oldest !== null && cursor < oldest - 1;
    } catch (error) {
      finish();
      throw error;
    }

    const body = new ReadableStream<Uint8Array>({
      start(c) {
        pump.controller = c;
        if (closed) return void c.close();
        pump.write(formatSseRetry(timing.retryMs) + (reset ? SSE_RESET : ''));
      },
      // called when the board has taken what was sent: one page or one heartbeat per call
      async pull() {
        try {
          while (!closed) {
            if (Date.now() - lastRead >= timing.pollMs) woken = true;
            if (woken) {
              woken = false;
              lastRead = Date.now();
              const events = await listLiveEventsAfter(db, restaurantId, options.channel, cursor, PAGE);
              if (closed) return;
              if (events.length > 0) {
                cursor = events.at(-1)!.id;
                // a full page: more may wait
                if (events.length === PAGE) woken = true;
                pump.write(events.map(formatSseEvent).join(''));
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
          // the database failed under the stream: end it; the board reconnects and resumes from its last id
          logger.warn({ err: error, restaurantId, channel: options.channel }, 'live stream read failed; ending it');
          finish();
        }
      },
      cancel: finish,
    });

    return eventStreamResponse(body);
  }

  return {
    open: openStream,
    /** streams open now, in all and for one restaurant */
    get count() {
      return open.size;
    },
    countOf: (restaurantId: string) => perRestaurant.get(restaurantId) ?? 0,
    /** ends every stream (a graceful stop): each board reconnects, to another process */
    closeAll(): void {
      for (const finish of open) finish();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;

const processStreams = createLiveStreams({ bus: liveBus });

/** This process's streams: what a board's resource route returns. */
export function liveStream(scope: RestaurantScope, request: Request, options: LiveStreamOptions): Promise<Response> {
  return processStreams.open(scope, request, options);
}

/** On a graceful stop, before the server waits for its connections: every board (and guest's order page) reconnects elsewhere. */
export function closeLiveStreams(): void {
  processStreams.closeAll();
  closeWatchStreams();
}
