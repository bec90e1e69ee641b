import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';

/**
 * The kitchen display's live side (decision 0031), on the orders board's stream: one EventSource
 * opened at the page's cursor (`?since=`, read before its data) and resumed by the browser with
 * Last-Event-ID after a cut, so a missed event is sent again. An event of the screen's location
 * (placed, moved, bumped, a line taken back, a call from a table or its clearing) reads the screen again, a burst as one read: the
 * screen is its data, so an event seen twice changes nothing and none is lost. A refused reconnect
 * reads the page (its guard answers) and tries the stream again later; `event: reset` reloads. No
 * read while the stream is down (a network drop): the page stays as it was, then reads on reconnect.
 */
export function useKitchenLive(slug: string, locationId: string | null, since: number) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [start] = useState(since);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!locationId) return;
    let source: EventSource | undefined;
    let readTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastSeen = start;
    let stopped = false;
    let pending = false;
    // A read while the network is down fails, and a failed read shows the error page on the wall until
    // someone reloads it: a read waits for the stream to be open again (a refused stream's read, for the
    // guard's answer, only for the device to be online). The stream's replay brings what it missed.
    const read = (whileClosed = false) => {
      clearTimeout(readTimer);
      readTimer = setTimeout(() => {
        pending = !navigator.onLine || (!whileClosed && source?.readyState !== EventSource.OPEN);
        if (!pending) void revalidate.current();
      }, 150);
    };
    const onEvent = (event: Event) => {
      lastSeen = Number((event as MessageEvent).lastEventId) || lastSeen;
      try {
        const payload = JSON.parse((event as MessageEvent<string>).data) as { locationId?: unknown };
        if (typeof payload.locationId === 'string' && payload.locationId !== locationId) return;
      } catch {
        // an event it cannot read: read the screen
      }
      read();
    };
    const connect = () => {
      source = new EventSource(`/${slug}/admin/orders/live?since=${lastSeen}`);
      source.onopen = () => {
        setConnected(true);
        if (pending) read();
      };
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        read(true);
        retryTimer = setTimeout(connect, 30_000);
      };
      for (const type of ['order.placed', 'order.updated', 'order.bumped', 'table.called', 'table.cleared']) source.addEventListener(type, onEvent);
      source.addEventListener('reset', () => window.location.reload());
    };
    // after the page's load event: a stream opened before it would hold the load open
    if (document.readyState === 'complete') connect();
    else window.addEventListener('load', connect, { once: true });
    return () => {
      stopped = true;
      window.removeEventListener('load', connect);
      clearTimeout(readTimer);
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [slug, locationId, start]);

  return { connected };
}

/** The clock the waits count by: the server's when read, then the device's every few seconds (shifted by the difference seen at load). */
export function useKitchenClock(serverNow: string, everyMs = 5_000): number {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    const offset = Date.parse(serverNow) - Date.now();
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), everyMs);
    return () => clearInterval(timer);
  }, [serverNow, everyMs]);
  return now;
}
