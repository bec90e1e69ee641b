/**
 * What the staff boards' streams (live-stream.server.ts) and the guests' watch streams
 * (watch-stream.server.ts) share: the writer with its clock, the wait a wake-up cuts short, and the
 * two answers every stream gives (the stream itself, or "too many" beyond its limits).
 */

const encoder = new TextEncoder();

/** How long a refused client waits before trying again. */
const BUSY_RETRY_AFTER_S = 30;

/** One open stream's writer: `write` sends text and notes when, `pause` waits until `ms` pass or `wake()`. */
export class StreamPump {
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

/** The answer of a stream: headers that keep compression and proxies from holding events back. */
export function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
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
export function tooManyStreamsResponse(): Response {
  return new Response('Too many live connections; try again later.\n', {
    status: 503,
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER_S), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
