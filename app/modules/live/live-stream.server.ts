import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import type { StreamHolder } from '#app/modules/access/stream-grants.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { createAccessWatch, type AccessWatch } from './access-watch.server.ts';
import { liveBus, type LiveBus } from './live-bus.server.ts';
import { liveEventBounds, listLiveEventsAfter } from './live-event.repo.server.ts';
import { LIVE_CHANNELS, type LiveChannel } from './live-events.server.ts';
import { closeWatchStreams } from './watch-stream.server.ts';
import { formatSseEvent, requestedEventId, SSE_RESET } from './sse.ts';
import { clientAddressOf, createStreamSet, runStreamLoop, type StreamLimits, type StreamTiming } from './stream-pump.server.ts';

/**
 * A board's live stream (decision 0031): a resource route's loader checks who is asking and returns
 * `liveStream(scope, request, { channel })`. The stream sends the restaurant channel's events after
 * the board's last id (`Last-Event-ID` on a reconnect, `?since=` from the page at first), each with
 * its id (a board away longer than the log keeps events is told to reload: `event: reset`); it
 * reads the log when the bus wakes it and every few seconds in case a wake-up was lost; a comment
 * every 20 s keeps proxies from closing it; it ends when the board goes away.
 * Bounded: a number of streams per process, per restaurant, per account and per client address
 * (beyond: 503 and Retry-After), one page of events read at a time and only when the board has taken
 * the previous one. Held no longer than allowed (issue 33 item 1): the session and membership it
 * was opened with are checked again while it is open (access-watch.server.ts), and it ends after
 * `maxAgeMs`, when the browser reconnects through the route's guard and resumes by Last-Event-ID.
 * The loop itself is the one every live stream shares (stream-pump.server.ts); this file says what
 * a board's reads.
 */

/**
 * How many streams one process holds at most, and of them one restaurant, one account (a person
 * with ten restaurants included) and one client address (issue 33 item 2; the figures and the
 * memory a stream costs: docs/performance.md, "Issue 33: live streams' limits").
 */
export const LIVE_STREAM_LIMITS: StreamLimits<'restaurant' | 'account' | 'address'> = { perProcess: 500, per: { restaurant: 50, account: 20, address: 50 } };
/** The safety net's look at the log, the heartbeat, the browser's pause before reconnecting, the longest life. */
export const LIVE_STREAM_TIMING: StreamTiming = { pollMs: 5_000, heartbeatMs: 20_000, retryMs: 3_000, maxAgeMs: 5 * 60_000 };
/** Events sent in one write, at most. */
const PAGE = 100;

export interface LiveStreamOptions {
  channel: LiveChannel;
  /** the id to resume after, when the route knows it better than the request's header and query */
  lastEventId?: number;
  /**
   * The member who opens it (`streamHolderOf` the route guard's access): their session and role are
   * watched while the stream is open. Only tests of the stream itself leave it out.
   */
  holder?: StreamHolder;
}

export interface LiveStreamsConfig {
  bus(): LiveBus;
  limits?: typeof LIVE_STREAM_LIMITS;
  timing?: StreamTiming;
  /** the watch over the streams' grants (one per process; a test's own) */
  access?: AccessWatch;
}

/** A set of streams sharing limits: one per process (below), more in tests. */
export function createLiveStreams(config: LiveStreamsConfig) {
  const timing = config.timing ?? LIVE_STREAM_TIMING;
  const streams = createStreamSet(config.limits ?? LIVE_STREAM_LIMITS);
  const access = config.access ?? createAccessWatch({ bus: config.bus });

  async function openStream(scope: RestaurantScope, request: Request, options: LiveStreamOptions): Promise<Response> {
    authorize(scope, LIVE_CHANNELS[options.channel].permission);
    const asked = options.lastEventId ?? requestedEventId(request);
    if (asked === 'invalid') throw new AppError('invalid-input');
    const { restaurantId, db } = scope;
    const { holder } = options;
    if (holder && (holder.restaurantId !== restaurantId || holder.userId !== scope.actor.id)) throw new AppError('forbidden');
    let cursor = 0;
    return runStreamLoop(streams, {
      request,
      keys: { restaurant: restaurantId, account: scope.actor.id, address: clientAddressOf(request) },
      timing,
      subscribe: (wake) => config.bus().subscribe(restaurantId, options.channel, wake),
      watch: holder ? (end) => access.watch({ ...holder, permission: LIVE_CHANNELS[options.channel].permission, db }, end) : undefined,
      async prepare() {
        const { oldest, newest } = await liveEventBounds(db);
        // no id: only what comes next; an id past the newest: the database went back (a restore), resume from its newest
        cursor = asked === null ? (newest ?? 0) : Math.min(asked, newest ?? asked);
        // events after the board's id may have been swept (a board away longer than retention): it reloads
        return asked !== null && oldest !== null && cursor < oldest - 1 ? SSE_RESET : '';
      },
      // one page of the channel's events after the board's last id; a full page: more may wait
      async look() {
        const events = await listLiveEventsAfter(db, restaurantId, options.channel, cursor, PAGE);
        if (events.length === 0) return { text: '' };
        cursor = events.at(-1)!.id;
        return { text: events.map(formatSseEvent).join(''), more: events.length === PAGE };
      },
      logContext: { restaurantId, channel: options.channel },
    });
  }

  return {
    open: openStream,
    /** streams open now, in all and for one restaurant */
    get count() {
      return streams.count;
    },
    countOf: streams.countOf,
    /** ends every stream (a graceful stop): each board reconnects, to another process */
    closeAll: streams.closeAll,
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;

const processStreams = createLiveStreams({ bus: liveBus });

/**
 * This process's streams: what a board's resource route returns, for the member its guard let in
 * (`holder`); the stream ends when that member's session or role no longer allows it.
 */
export function liveStream(scope: RestaurantScope, request: Request, options: LiveStreamOptions & { holder: StreamHolder }): Promise<Response> {
  return processStreams.open(scope, request, options);
}

/** On a graceful stop, before the server waits for its connections: every board (and guest's order page) reconnects elsewhere. */
export function closeLiveStreams(): void {
  processStreams.closeAll();
  closeWatchStreams();
}
