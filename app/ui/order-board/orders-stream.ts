/**
 * The staff's orders stream as the live screens hold it (decision 0031; the orders board and the kitchen display): one
 * EventSource at `/{slug}/admin/orders/live`, opened after the page's load event (a stream opened before it would hold
 * the load, and the browser's spinner, open) from the screen's cursor, and resumed by the browser with Last-Event-ID
 * after a cut, so a missed event is sent again. A reconnect the server refuses (signed out, removed from the team, too
 * many streams: 503) is not retried by the browser: `onRefused` runs (the screen reads its page, whose guard answers)
 * and the stream is opened again 30 s later from `since()`. `event: reset` (away longer than the log keeps events)
 * reloads the page.
 */
export interface OrdersStreamHandlers {
  /** the id of the last event taken in: where a new stream starts */
  since(): number;
  onOpen(): void;
  /** the stream broke (a network drop, a restart); the browser reconnects by itself unless it was refused */
  onDown(): void;
  onRefused(): void;
  events: Record<string, (event: MessageEvent<string>) => void>;
}

export interface OrdersStream {
  /** the stream is open and the device online: a read of the page now would reach the server */
  isOpen(): boolean;
  stop(): void;
}

export function holdOrdersStream(slug: string, handlers: OrdersStreamHandlers): OrdersStream {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const connect = () => {
    source = new EventSource(`/${slug}/admin/orders/live?since=${handlers.since()}`);
    source.onopen = () => handlers.onOpen();
    source.onerror = () => {
      handlers.onDown();
      if (source?.readyState !== EventSource.CLOSED || stopped) return;
      handlers.onRefused();
      retryTimer = setTimeout(connect, 30_000);
    };
    for (const [type, listener] of Object.entries(handlers.events)) source.addEventListener(type, listener as EventListener);
    source.addEventListener('reset', () => window.location.reload());
  };
  if (document.readyState === 'complete') connect();
  else window.addEventListener('load', connect, { once: true });
  return {
    isOpen: () => navigator.onLine && source?.readyState === EventSource.OPEN,
    stop() {
      stopped = true;
      window.removeEventListener('load', connect);
      clearTimeout(retryTimer);
      source?.close();
    },
  };
}

/** How close asks come in a burst, ms. */
const BURST_MS = 150;

/**
 * A read of the page: a burst of asks (an order placed and routed, two tickets bumped) as one read 150 ms after the
 * last. With `leading`, the first ask of a burst reads at once and the burst's end once more: the kitchen display, whose
 * ticket came 222 ms after its order on a desktop (bench:admin, session 19), most of it this wait. A screen asks for it
 * only when a read lost to the network keeps its last screen (the kitchen route's clientLoader): a read at once is more
 * often on its way as the network drops than one that first waited and looked at the stream again.
 * A read while the network is down fails, and a failed read puts the error page on the screen until somebody reloads
 * it (the kitchen display's resume test found it on a wall tablet): so a read waits for the stream to be open again,
 * and `onOpen` makes the read that waited; a refused stream's read (`whileClosed`, for the guard's answer) waits only
 * for the device to be online. The stream's replay brings what was missed meanwhile.
 */
export function pageReader(revalidate: () => unknown, stream: () => OrdersStream | undefined, { leading = false } = {}) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  // when the last ask came (performance.now()); a burst goes on while asks come closer than BURST_MS (`leading` only)
  let lastAsk = Number.NEGATIVE_INFINITY;
  const readNow = (whileClosed: boolean) => {
    pending = whileClosed ? !navigator.onLine : !stream()?.isOpen();
    if (!pending) void revalidate();
  };
  const read = (whileClosed = false) => {
    clearTimeout(timer);
    const now = performance.now();
    const inBurst = !leading || now - lastAsk < BURST_MS;
    lastAsk = now;
    if (inBurst) timer = setTimeout(() => readNow(whileClosed), BURST_MS);
    else readNow(whileClosed);
  };
  return {
    read,
    onOpen: () => {
      if (pending) read();
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * The screen a tab read last, by its address: what a read of a live screen (the kitchen display, the orders board) lost
 * to the network shows instead of the error page. A screen reads itself as events come, so a read can be on its way
 * when the Wi-Fi drops; the screen then stays as it was, "Se reconectează…" says why, and the stream's replay brings
 * what was missed. `load` is the route's clientLoader; `first` takes the page's own data, rendered on the server, as the
 * first screen to fall back to. What a lost read returns is a copy of the last screen: new data to the screen, so the
 * board, which merges the rows it read since its page's cursor, reads the orders of every later event again on top of it.
 */
export function lastScreenOnLostRead<T>() {
  let last: { href: string; data: T } | undefined;
  const hrefOf = (url: URL) => `${url.pathname}${url.search}`;
  return {
    async load(request: Request, serverLoader: () => Promise<T>): Promise<T> {
      const href = hrefOf(new URL(request.url));
      try {
        const data = await serverLoader();
        last = { href, data };
        return data;
      } catch (error) {
        // fetch's own failure (no answer at all); an answer that is an error or a redirect still goes where it goes
        if (error instanceof TypeError && last?.href === href) return structuredClone(last.data);
        throw error;
      }
    },
    first(data: T): void {
      if (typeof window !== 'undefined' && !last) last = { href: hrefOf(new URL(window.location.href)), data };
    },
  };
}
