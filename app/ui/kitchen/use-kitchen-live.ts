import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { holdOrdersStream, pageReader, type OrdersStream } from '#app/ui/order-board/orders-stream.ts';

/**
 * The kitchen display's live side (decision 0031), on the orders board's stream (holdOrdersStream): opened at the page's
 * cursor (`?since=`, read before its data) and resumed with Last-Event-ID after a cut. An event of the screen's location
 * (placed, moved, bumped, a line taken back, a call from a table or its clearing) reads the screen again (`read`,
 * useScreenReads; a burst as a read at its first event and one at its end), never while the stream is down
 * (pageReader): the screen is its data, so an event seen twice changes nothing and none is lost.
 */
export function useKitchenLive(slug: string, locationId: string | null, since: number, read: () => void) {
  const readNow = useRef(read);
  readNow.current = read;
  const [start] = useState(since);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!locationId) return;
    let lastSeen = start;
    const reader = pageReader(
      () => readNow.current(),
      () => stream,
      { leading: true },
    );
    const onEvent = (event: MessageEvent<string>) => {
      lastSeen = Number(event.lastEventId) || lastSeen;
      try {
        const payload = JSON.parse(event.data) as { locationId?: unknown };
        if (typeof payload.locationId === 'string' && payload.locationId !== locationId) return;
      } catch {
        // an event it cannot read: read the screen
      }
      reader.read();
    };
    const stream: OrdersStream = holdOrdersStream(slug, {
      since: () => lastSeen,
      onOpen: () => {
        setConnected(true);
        reader.onOpen();
      },
      onDown: () => setConnected(false),
      onRefused: () => reader.read(true),
      events: Object.fromEntries(['order.placed', 'order.updated', 'order.bumped', 'table.called', 'table.cleared'].map((type) => [type, onEvent])),
    });
    return () => {
      reader.stop();
      stream.stop();
    };
  }, [slug, locationId, start]);

  return { connected };
}

/**
 * The screen's data and how to read it again: a read runs this route's loader alone (a fetcher), not the root's and
 * the layouts' as a revalidation does (the signed-in user, the restaurant, its team: nothing an order changes, read
 * again by every wall screen on every event). Whichever data was read last is shown, by the server's clock in it
 * (`display.now`): the page's own after a bump's revalidation, the fetcher's after an event. It saves the server's work
 * (three loaders fewer per screen per event); the time to the screen is pageReader's (`leading`: an order's first
 * event is read at once).
 */
export function useScreenReads<T extends { display: { now: string } }>(loaderData: T): { data: T; read: () => void } {
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const href = useRef('');
  href.current = `${pathname}${search}`;
  // the screen the last read was for: a read still on its way when the cook switched stations is not shown on the new one
  const readFor = useRef('');
  const read = useCallback(() => {
    readFor.current = href.current;
    void load.current(href.current);
  }, []);
  const fetched = fetcher.data as T | undefined;
  const current = fetched && readFor.current === href.current && Date.parse(fetched.display.now) > Date.parse(loaderData.display.now);
  return { data: current ? fetched : loaderData, read };
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
