import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { mergeBoardRows } from '#app/modules/ordering/order-board-merge.ts';
import { MAX_BOARD_ROWS_READ, type BoardRows, type OrderBoard } from '#app/modules/ordering/order-board.types.ts';
import { holdOrdersStream, pageReader, type OrdersStream } from './orders-stream.ts';

/** What an orders event says (ordering.types.ts' OrderLiveEvent): the row and where it is, never who ordered. */
function eventPayload(event: Event): { orderId: string; locationId: string | null } | null {
  try {
    const payload = JSON.parse((event as MessageEvent<string>).data) as { orderId?: unknown; locationId?: unknown };
    return typeof payload.orderId === 'string' ? { orderId: payload.orderId, locationId: typeof payload.locationId === 'string' ? payload.locationId : null } : null;
  } catch {
    return null;
  }
}

/** Where a call event's table is (table-calls.types.ts' TableCallLiveEvent); null when it cannot be read. */
function callLocation(event: Event): string | null {
  try {
    const payload = JSON.parse((event as MessageEvent<string>).data) as { locationId?: unknown };
    return typeof payload.locationId === 'string' ? payload.locationId : null;
  } catch {
    return null;
  }
}

/**
 * The board's live side (decision 0031): one EventSource on the orders stream, opened at the page's
 * cursor (`?since=`, read before its data) and resumed by the browser with Last-Event-ID after a
 * cut, so a missed event is sent again. Each event names an order: the board reads that order and
 * the day's totals (`/orders/rows`, a few hundred bytes) and merges them into what it shows,
 * instead of reading the whole board again (issue 26). Reads go one at a time, each carrying the
 * ids named since the previous one, so a burst is one read and a later read is never overtaken by
 * an earlier one. A read of the whole page (after an action, a filter) starts over from its data;
 * the orders of events after its cursor, and those whose read began before it, are read again on
 * top of it. The whole board is read when the rows cannot be (an error, a signed-out session, too
 * many ids at once) and when a new day began; the page reloads on `event: reset` (away longer than
 * the log keeps events).
 */
export function useLiveBoard(slug: string, loaded: OrderBoard, since: number, onPlaced: () => void) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const placed = useRef(onPlaced);
  placed.current = onPlaced;
  // the cursor of the first render: later reads of the page move it, the stream keeps its own place
  const [start] = useState(since);
  const [connected, setConnected] = useState(false);

  // the board shown: the page's data with the rows read since merged in; new page data replaces it
  const [shown, setShown] = useState({ from: loaded, board: loaded });
  let board = shown.board;
  if (shown.from !== loaded) {
    board = loaded;
    setShown({ from: loaded, board: loaded });
  }
  const latest = useRef({ from: loaded, board });
  latest.current = { from: loaded, board };
  // new page data holds every change up to its cursor: the orders of later events are read again on top of it
  const resync = useRef<(cursor: number) => void>(() => undefined);

  useEffect(() => {
    let rowsTimer: ReturnType<typeof setTimeout> | undefined;
    // the id of the last event taken in: where a new stream starts after a refused reconnect
    let lastSeen = start;
    let reading = false;
    let stopped = false;
    const named = new Set<string>();
    // the last events applied (their id and order), for a new read of the page to catch up from its cursor
    const applied: { id: number; orderId: string }[] = [];

    // the whole page, never while the stream is down (pageReader); rows too wait for it
    const whole = pageReader(
      () => revalidate.current(),
      () => stream,
    );
    const readWhole = () => whole.read();
    const streamDown = () => !stream.isOpen();
    const readRows = async () => {
      if (reading || stopped || named.size === 0) return;
      if (named.size > MAX_BOARD_ROWS_READ) {
        named.clear();
        return readWhole();
      }
      const ids = [...named];
      named.clear();
      reading = true;
      const { from, board: now } = latest.current;
      const query = new URLSearchParams(ids.map((id) => ['id', id]));
      if (now.locationId) query.set('loc', now.locationId);
      try {
        const response = await fetch(`/${slug}/admin/orders/rows?${query}`, { headers: { accept: 'application/json' } });
        // a signed-out session is redirected to an HTML page: the page's own read shows it
        if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) throw new Error(`rows: ${response.status}`);
        const rows = (await response.json()) as BoardRows;
        if (stopped) return;
        if (latest.current.from !== from) for (const id of ids) named.add(id);
        else if (rows.serviceDay !== now.serviceDay) readWhole();
        else setShown((current) => (current.from === from ? { from, board: mergeBoardRows(current.board, rows) } : current));
      } catch {
        // offline: the rows are read again once the stream is back; otherwise the whole board
        if (stopped) return;
        if (streamDown()) for (const id of ids) named.add(id);
        else readWhole();
      } finally {
        reading = false;
        if (named.size > 0 && !stopped && !streamDown()) rowsTimer = setTimeout(() => void readRows(), 0);
      }
    };
    const name = (orderId: string) => {
      named.add(orderId);
      clearTimeout(rowsTimer);
      // a burst of events is one read
      rowsTimer = setTimeout(() => void readRows(), 30);
    };
    /** An event taken in; false for an order of another location than the board shows. */
    const onOrder = (event: Event): boolean => {
      lastSeen = Number((event as MessageEvent).lastEventId) || lastSeen;
      const payload = eventPayload(event);
      if (!payload) {
        readWhole();
        return true;
      }
      const filter = latest.current.board.locationId;
      // an order of another location changes neither this board's rows nor its totals
      if (filter && payload.locationId !== filter) return false;
      applied.push({ id: Number((event as MessageEvent).lastEventId) || 0, orderId: payload.orderId });
      if (applied.length > 2 * MAX_BOARD_ROWS_READ) applied.shift();
      name(payload.orderId);
      return true;
    };
    /** A call event taken in; false for a call at another location than the board shows. */
    const onCall = (event: Event): boolean => {
      lastSeen = Number((event as MessageEvent).lastEventId) || lastSeen;
      const filter = latest.current.board.locationId;
      return !filter || callLocation(event) === filter;
    };
    resync.current = (cursor) => {
      for (const event of applied) if (event.id > cursor) name(event.orderId);
    };
    const stream: OrdersStream = holdOrdersStream(slug, {
      since: () => lastSeen,
      onOpen: () => {
        setConnected(true);
        whole.onOpen();
        if (named.size > 0) void readRows();
      },
      onDown: () => setConnected(false),
      // the page is read again: its guard sends a member without the board away
      onRefused: () => whole.read(true),
      events: {
        // the sound for a new order this board shows: not for another location's while it shows one
        'order.placed': (event) => {
          if (onOrder(event)) placed.current();
        },
        'order.updated': onOrder,
        // a ceiling refused guests (issue 33): the page's notice comes with the board read again
        'orders.ceiling': readWhole,
        // a call from a table (issue 36): the page's calls are read again, with the sound for a new one
        'table.called': (event) => {
          if (onCall(event)) {
            readWhole();
            placed.current();
          }
        },
        'table.cleared': (event) => {
          if (onCall(event)) readWhole();
        },
      },
    });
    return () => {
      stopped = true;
      whole.stop();
      clearTimeout(rowsTimer);
      stream.stop();
    };
  }, [slug, start]);

  useEffect(() => resync.current(since), [loaded, since]);

  return { board, connected };
}

/**
 * A short beep through WebAudio (no sound file to download). Browsers let a page make sound only
 * after a person's gesture: `enable` runs from the "turn the sound on" button.
 */
export function useBeep() {
  const context = useRef<AudioContext | null>(null);
  const [on, setOn] = useState(false);
  const beep = useCallback(() => {
    const audio = context.current;
    if (!audio) return;
    const now = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(880, now);
    oscillator.frequency.setValueAtTime(1320, now + 0.15);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.3, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.42);
  }, []);
  const enable = useCallback(() => {
    context.current ??= new AudioContext();
    void context.current.resume();
    setOn(true);
    beep();
  }, [beep]);
  const disable = useCallback(() => {
    void context.current?.close();
    context.current = null;
    setOn(false);
  }, []);
  useEffect(() => () => void context.current?.close(), []);
  return { on, enable, disable, beep: useCallback(() => (on ? beep() : undefined), [on, beep]) };
}
