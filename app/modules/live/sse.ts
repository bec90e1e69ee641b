/**
 * Server-Sent Events' wire format, the little of it a live stream writes
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html): plain functions, tested alone.
 */

export interface SseEvent {
  id: number;
  /** the `event:` name the page listens for, e.g. 'order.placed' */
  type: string;
  /** JSON text */
  payload: string;
}

/** One event: its id (what the browser sends back as Last-Event-ID), its name, its data. */
export function formatSseEvent(event: SseEvent): string {
  // a data line ends at a line break: text with breaks becomes several lines, which the browser joins
  const data = event.payload
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `id: ${event.id}\nevent: ${event.type}\n${data}\n`;
}

/** A comment line: ignored by the browser, it keeps proxies and load balancers from closing an idle stream. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

/**
 * Sent first to a board whose last id is older than what the log still holds: events after it may
 * have been swept, so the board reloads its page (and its data) instead of trusting the stream.
 */
export const SSE_RESET = 'event: reset\ndata: {}\n\n';

/** How long the browser waits before reconnecting after the stream ends. */
export function formatSseRetry(ms: number): string {
  return `retry: ${Math.trunc(ms)}\n\n`;
}

const EVENT_ID = /^\d{1,15}$/;

/**
 * The id a reconnecting stream resumes after: the browser's `Last-Event-ID` header, else the page's
 * `?since=` (a first connection, started where the page's data was read); null when neither is
 * given. 'invalid' for anything but a plain non-negative integer.
 */
export function requestedEventId(request: Request): number | null | 'invalid' {
  const header = request.headers.get('last-event-id')?.trim();
  const since = new URL(request.url).searchParams.get('since')?.trim();
  const value = header || since;
  if (!value) return null;
  return EVENT_ID.test(value) ? Number(value) : 'invalid';
}
