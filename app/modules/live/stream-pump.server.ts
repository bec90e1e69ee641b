import { CLIENT_IP_HEADER } from '#app/auth/auth.server.ts';
import { logger } from '#app/logger.server.ts';
import { formatSseRetry, SSE_HEARTBEAT } from './sse.ts';

/**
 * The one loop behind every live stream (decision 0031): the staff boards' (live-stream.server.ts,
 * the channel's events after an id) and the guests' watch streams (watch-stream.server.ts, one
 * order's or reservation's state). Each says only what differs: what one look reads and sends, and
 * what it counts against its limit per key. The loop does the rest the same for both: limits per
 * process and per key of each kind (beyond: 503 and Retry-After), subscribed before the first await
 * so a wake-up is never lost, a longest life (then the browser reconnects through the route's checks), an
 * optional watch on what allowed the stream (it ends when that stops holding), a look on each wake-up and every `pollMs` in case one was lost, one write per
 * `pull` (the next look waits until the reader took the last), a comment every `heartbeatMs`, and
 * the end on abort, on cancel, on a failed look (logged; the page reconnects) or when a look says so.
 */

const encoder = new TextEncoder();

/** How long a refused client waits before trying again. */
const BUSY_RETRY_AFTER_S = 30;
/** The browser's pause before reconnecting a stream that reached its longest life (its next stream says `retryMs` again). */
const AGED_RETRY_MS = 250;

/** The safety net's look, the heartbeat, the browser's pause before reconnecting, the stream's longest life. */
export interface StreamTiming {
  pollMs: number;
  heartbeatMs: number;
  retryMs: number;
  /**
   * A stream ends this long after it opened, less up to a fifth at random (so streams opened
   * together do not all reconnect together); the browser reconnects after `retryMs`, through the
   * route's checks again, and resumes by its last event id (issue 33 item 1).
   */
  maxAgeMs: number;
}

/**
 * Streams one process holds at most, and at most per key of each kind the streams name (issue 33
 * item 2: a restaurant, an account, a client address, an order's token), so no one key holds the
 * process's whole pool.
 */
export interface StreamLimits<Kind extends string = string> {
  perProcess: number;
  per: Readonly<Record<Kind, number>>;
}

/** What one look found: text to send ('' when nothing is new), and `more` when another look is due at once. */
export interface StreamLook {
  text: string;
  more?: boolean;
}

export interface StreamLoop {
  request: Request;
  /** the stream's key of each kind its set limits (its restaurant, account, address...) */
  keys: Readonly<Record<string, string>>;
  timing: StreamTiming;
  /** subscribes `wake` to the wake-ups that concern the stream (the bus's channel); returns how to stop */
  subscribe(wake: () => void): () => void;
  /**
   * Watches what allowed the stream (a staff member's session and role) while it is open: calls
   * `end` when that no longer holds; returns how to stop watching.
   */
  watch?(end: () => void): () => void;
  /**
   * Runs once, after subscribing and before answering: the text sent first after `retry:` (e.g.
   * `event: reset`). A throw ends the stream and is the caller's (its route answers it).
   */
  prepare?(): Promise<string>;
  /** One look; null ends the stream (the thing watched is gone). */
  look(): Promise<StreamLook | null>;
  /** what the warning of a failed look says besides the error */
  logContext: Record<string, unknown>;
}

/** One open stream's writer: `write` sends text and notes when, `pause` waits until `ms` pass or `wake()`. */
class StreamPump {
  controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** when text last went out (a heartbeat is due `heartbeatMs` after it) */
  lastWrite = Date.now();
  private stopWaiting: (() => void) | undefined;

  write(text: string): void {
    this.controller?.enqueue(encoder.encode(text));
    this.lastWrite = Date.now();
  }

  pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.stopWaiting = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      timer.unref();
      this.stopWaiting = done;
    });
  }

  /** Ends the current pause at once (a wake-up from the bus, or the stream closing). */
  wake(): void {
    this.stopWaiting?.();
  }

  /** Wakes the loop so it sees the end, and closes the stream unless the reader cancelled it already. */
  close(): void {
    this.wake();
    try {
      this.controller?.close();
    } catch {
      // already cancelled by the reader
    }
  }
}

/** A set of streams sharing limits: one per kind and process, more in tests. */
export function createStreamSet<Kind extends string>(limits: StreamLimits<Kind>) {
  const open = new Set<() => void>();
  const held = new Map<string, number>();
  const kinds = Object.keys(limits.per) as Kind[];
  // one map for every kind: a restaurant's id and an address never meet under one counter
  const counter = (kind: string, key: string) => `${kind}\u0000${key}`;
  return {
    /** counts a stream in under each of its keys (its `finish` ends it on `closeAll`), or false beyond a limit */
    admit(keys: Readonly<Record<string, string>>, finish: () => void): boolean {
      const names = kinds.map((kind) => [counter(kind, keys[kind] ?? ''), limits.per[kind]] as const);
      if (open.size >= limits.perProcess || names.some(([name, limit]) => (held.get(name) ?? 0) >= limit)) return false;
      open.add(finish);
      for (const [name] of names) held.set(name, (held.get(name) ?? 0) + 1);
      return true;
    },
    release(keys: Readonly<Record<string, string>>, finish: () => void): void {
      if (!open.delete(finish)) return;
      for (const kind of kinds) {
        const name = counter(kind, keys[kind] ?? '');
        const left = (held.get(name) ?? 1) - 1;
        if (left > 0) held.set(name, left);
        else held.delete(name);
      }
    },
    /** streams open now */
    get count() {
      return open.size;
    },
    /** streams open now under one key of one kind */
    countOf: (kind: Kind, key: string) => held.get(counter(kind, key)) ?? 0,
    /** ends every stream (a graceful stop): each page reconnects, to another process */
    closeAll(): void {
      for (const finish of open) finish();
    },
  };
}

/** What the loop needs of a set, whatever kinds of key it limits. */
export type StreamSet = Pick<ReturnType<typeof createStreamSet>, 'admit' | 'release'>;

/** The client's address as the HTTP server found it (behind a trusted proxy, its X-Forwarded-For), for the limit per address. */
export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? '';
}

/** Opens a stream in `set` and runs its loop until the page goes away; 503 beyond the set's limits. */
export async function runStreamLoop(set: StreamSet, loop: StreamLoop): Promise<Response> {
  const { request, timing } = loop;
  let closed = false;
  let woken = true;
  let lastLook = 0;
  const pump = new StreamPump();
  let unsubscribe = () => {};
  let unwatch = () => {};
  let ageTimer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearTimeout(ageTimer);
    unsubscribe();
    unwatch();
    set.release(loop.keys, finish);
    request.signal.removeEventListener('abort', finish);
    pump.close();
  };
  // counted and subscribed before the first await: two requests at once cannot both pass the limit,
  // and a wake-up during the first read is not lost
  if (!set.admit(loop.keys, finish)) return tooManyStreamsResponse();
  unsubscribe = loop.subscribe(() => {
    woken = true;
    pump.wake();
  });
  if (loop.watch) unwatch = loop.watch(finish);
  // the stream's longest life: the browser then reconnects through the route's checks, and resumes by
  // its last id; told to come back at once, so the board's "live" sign hardly flickers
  ageTimer = setTimeout(
    () => {
      if (!closed) pump.write(formatSseRetry(AGED_RETRY_MS));
      finish();
    },
    timing.maxAgeMs * (1 - Math.random() / 5),
  );
  ageTimer.unref();
  request.signal.addEventListener('abort', finish, { once: true });
  if (request.signal.aborted) finish();

  let first = '';
  try {
    if (loop.prepare) first = await loop.prepare();
  } catch (error) {
    finish();
    throw error;
  }

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      pump.controller = c;
      if (closed) return void c.close();
      pump.write(formatSseRetry(timing.retryMs) + first);
    },
    // called when the page has taken what was sent: one look's text or one heartbeat per call
    async pull() {
      try {
        while (!closed) {
          if (Date.now() - lastLook >= timing.pollMs) woken = true;
          if (woken) {
            woken = false;
            lastLook = Date.now();
            const found = await loop.look();
            if (closed) return;
            if (found === null) return finish();
            if (found.more) woken = true;
            if (found.text) {
              pump.write(found.text);
              return;
            }
          }
          if (Date.now() - pump.lastWrite >= timing.heartbeatMs) {
            pump.write(SSE_HEARTBEAT);
            return;
          }
          await pump.pause(Math.min(timing.pollMs - (Date.now() - lastLook), timing.heartbeatMs - (Date.now() - pump.lastWrite)));
        }
      } catch (error) {
        // the database failed under the stream: end it; the page reconnects and catches up
        logger.warn({ err: error, ...loop.logContext }, 'live stream read failed; ending it');
        finish();
      }
    },
    cancel: finish,
  });
  return eventStreamResponse(body);
}

/** The answer of a stream: headers that keep compression and proxies from holding events back. */
function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: neither our compression (server/index.ts) nor a proxy holds events back to compress them
      'Cache-Control': 'no-store, no-transform',
      // nginx buffers proxied answers unless told not to
      'X-Accel-Buffering': 'no',
      // the connection ends with the stream, so a stopping process is not held by an idle keep-alive socket
      Connection: 'close',
    },
  });
}

/** Beyond a stream's limits: 503 with Retry-After, so the browser's EventSource backs off. */
function tooManyStreamsResponse(): Response {
  return new Response('Too many live connections; try again later.\n', {
    status: 503,
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER_S), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
