import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { newId } from '#tests/factories/builders.ts';
import { sendGuestOrder } from './bench-servers.ts';

/**
 * `npm run bench:orders`, the kitchen step (issue 36, done-when "order placed on one process → kitchen
 * card on the other, p99 ≤ 1 s"). Guests order through process 1 as a browser does; on process 2 one
 * kitchen display per screen of the location (a station, or the location when it has none) behaves as
 * the page does (app/ui/kitchen/use-kitchen-live.ts): it holds the board's stream
 * (`/{slug}/admin/orders/live`), and on an event of its location reads its data again 150 ms after the
 * last event of a burst (the page's debounce) through the route's data request (`/admin/kitchen.data`,
 * what React Router's revalidation fetches). An event during a read asks for one more read after it (the
 * page's revalidation would cancel the read under way and start again: the same or later). The time of an
 * order is from its send on process 1 to the end of the first read on process 2 that holds its card; a
 * card is bumped a second after it showed (the cook's tap, through the route's action), so the display
 * stays a kitchen's handful of tickets, as a kitchen keeps it. Also printed: the share of the placement
 * itself (send → its answer on process 1) and of the rest (answer → card on process 2: event, debounce, read).
 */
const ORDERS = 200;
const TABLES = 40;
const SPACING_MS = 400;
const BUMP_AFTER_MS = 1000;
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Display {
  /** order id → when (performance.now()) the first read that held its card ended */
  shown: Map<string, number>;
  reads: number;
  failedReads: number;
  /** bumps the route did not answer 200 (its answer to a refused bump is a 4xx) */
  failedBumps: number;
  stop: () => Promise<void>;
}

/** One kitchen display of process 2, as the page behaves. `screen`: its query (`station=<id>` or `location=<id>`). */
async function openDisplay(base: string, slug: string, cookie: string, locationId: string, screen: string): Promise<Display> {
  const controller = new AbortController();
  const display: Display = { shown: new Map(), reads: 0, failedReads: 0, failedBumps: 0, stop: async () => undefined };
  const bumps: Promise<unknown>[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading: Promise<void> | null = null;
  let again = false;
  const bump = async (orderId: string) => {
    await pause(BUMP_AFTER_MS);
    const [key, value] = screen.split('=') as [string, string];
    const response = await fetch(`${base}/${slug}/admin/kitchen.data?${screen}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ intent: 'bump-ticket', orderId, [key]: value }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) display.failedBumps++;
  };
  const read = async (): Promise<void> => {
    const response = await fetch(`${base}/${slug}/admin/kitchen.data?${screen}`, { headers: { cookie } });
    const text = await response.text();
    const at = performance.now();
    display.reads++;
    if (response.status !== 200) {
      display.failedReads++;
      return;
    }
    // the cards' order ids (the data's strings; an order id is a UUID, and the page's data holds no other order's)
    for (const [id] of text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)) {
      if (display.shown.has(id) || !tickets.has(id)) continue;
      display.shown.set(id, at);
      bumps.push(bump(id).catch(() => undefined));
    }
  };
  const startRead = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        await read().catch(() => void display.failedReads++);
      } while (again);
      reading = null;
    })();
  };
  const response = await fetch(`${base}/${slug}/admin/orders/live`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`the kitchen display's stream answered ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const listening = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .find((line) => line.startsWith('data:'))
            ?.slice(5);
          if (!block.split('\n').some((line) => line.startsWith('event:'))) continue;
          try {
            const payload = JSON.parse(data ?? '') as { locationId?: unknown };
            if (typeof payload.locationId === 'string' && payload.locationId !== locationId) continue;
          } catch {
            // an event it cannot read: read the screen, as the page does
          }
          clearTimeout(timer);
          timer = setTimeout(startRead, 150);
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  display.stop = async () => {
    controller.abort();
    clearTimeout(timer);
    await listening;
    await reading;
    await Promise.all(bumps);
  };
  return display;
}

/** The orders of this step (id → when its send left), filled as they are placed; the displays note only these. */
const tickets = new Map<string, { sentAt: number; answeredAt: number }>();

export async function benchKitchenDisplay(
  db: Kysely<Database>,
  place: { restaurantId: string; locationId: string; slug: string; dishes: string[]; bases: [string, string]; cookie: string },
): Promise<void> {
  const { restaurantId, locationId, slug } = place;
  // a busy restaurant's owner raises the location's order ceiling (60 per 10 minutes by default) to its bound, 500, and
  // the step seats its guests at 40 tables of their own: 5 orders each, as many as a table may have open (the earlier
  // steps' orders stay open at theirs)
  await db.updateTable('orderingSettings').set({ orderCeiling: 500 }).where('restaurantId', '=', restaurantId).where('locationId', '=', locationId).execute();
  const now = new Date().toISOString();
  const tables = Array.from({ length: TABLES }, (_, i) => ({
    id: newId(),
    restaurantId,
    locationId,
    label: `Terasa ${i + 1}`,
    code: `kitchen${i + 1}`,
    sortOrder: 100 + i,
    createdAt: now,
  }));
  await db.insertInto('diningTable').values(tables).execute();
  await db
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
    .where('id', '=', restaurantId)
    .execute();
  const stations = await db.selectFrom('station').select('id').where('restaurantId', '=', restaurantId).where('locationId', '=', locationId).orderBy('sortOrder').execute();
  const screens = stations.length > 0 ? stations.map((station) => `station=${station.id}`) : [`location=${locationId}`];
  const displays = await Promise.all(screens.map((screen) => openDisplay(place.bases[1], slug, place.cookie, locationId, screen)));
  await pause(500);
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: ORDERS }, async (_, guest) => {
      await pause(guest * SPACING_MS);
      try {
        const client = { 'x-forwarded-for': `10.26.${Math.floor(guest / 250)}.${(guest % 250) + 1}`, origin: place.bases[0] };
        const dish = place.dishes[guest % place.dishes.length]!;
        const placed = await sendGuestOrder(place.bases[0], slug, client, dish, tables[guest % TABLES]!.code);
        const order = await db.selectFrom('guestOrder').select('id').where('restaurantId', '=', restaurantId).where('token', '=', placed.token).executeTakeFirstOrThrow();
        tickets.set(order.id, { sentAt: placed.sentAt, answeredAt: placed.answeredAt });
      } catch (error) {
        errors.push(String(error));
      }
    }),
  );
  // the last order's card has time to show (the stream's own safety net looks every 5 s)
  await pause(6000);
  await Promise.all(displays.map((display) => display.stop()));
  const latencies: number[] = [];
  const placing: number[] = [];
  const after: number[] = [];
  let missed = 0;
  for (const [id, { sentAt, answeredAt }] of tickets) {
    const shown = Math.min(...displays.map((display) => display.shown.get(id) ?? Infinity));
    if (shown === Infinity) missed++;
    else {
      latencies.push(shown - sentAt);
      placing.push(answeredAt - sentAt);
      after.push(shown - answeredAt);
    }
  }
  for (const list of [latencies, placing, after]) list.sort((x, y) => x - y);
  const figures = (list: number[]) => `p50 ${percentile(list, 0.5).toFixed(0)} ms, p95 ${percentile(list, 0.95).toFixed(0)} ms, p99 ${percentile(list, 0.99).toFixed(0)} ms`;
  const reads = displays.reduce((sum, display) => sum + display.reads, 0);
  const failed = displays.reduce((sum, display) => sum + display.failedReads, 0);
  const failedBumps = displays.reduce((sum, display) => sum + display.failedBumps, 0);
  console.log(
    `kitchen display: ${tickets.size} of ${ORDERS} orders placed through process 1 (${SPACING_MS} ms apart, errors ${errors.length}), ${screens.length} screen(s) on process 2, ${reads} reads (${failed} failed), each card bumped ${BUMP_AFTER_MS} ms after it showed (${failedBumps} bumps failed)`,
  );
  for (const error of [...new Set(errors)].slice(0, 5)) console.log(`  error: ${error}`);
  console.log(
    `order placed on process 1 → its card in a kitchen display's read on process 2: ${figures(latencies)}, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms; ${missed} missed (target p99 ≤ 1000 ms, 0 missed)`,
  );
  console.log(`  of which the placement (send → its answer on process 1): ${figures(placing)}; the answer → the card on process 2: ${figures(after)}`);
}
