/**
 * `npm run bench:orders`: orders live across processes under load (issue 25, "Performance";
 * decisions 0031, 0032). Creates a throw-away PostgreSQL database (BENCH_DATABASE_URL, default the
 * project's machines' 127.0.0.1:5432), seeds the demo restaurant and turns dine-in ordering on for
 * its first location with 25 tables, starts TWO production app processes on it, and:
 *   1. guests read the menu (autocannon, 100 connections per process as bench:scale) for
 *      BENCH_SECONDS (default 20) without orders: the baseline;
 *   2. the same, while 50 guests order through process 1 the way a browser does (the dish's
 *      "Adaugă" post, the cart page, its send) and 10 staff boards hold process 2's live stream;
 *      one board is cut halfway and reconnects with Last-Event-ID. Each order's time from the
 *      send's answer to its event on each board, and whether every board saw every order exactly once;
 *   3. the memory of 1,000 open live connections per process (RSS before and after), within the streams'
 *      limits (scripts/bench-orders-memory.ts): 500 board streams over 10 restaurants and 25 staff accounts,
 *      500 guest order-page streams over 125 orders of 5 restaurants;
 *   4. the kitchen display (issue 36, scripts/bench-orders-kitchen.ts): 200 orders through process 1, each
 *      timed to its card in a kitchen display's read on process 2;
 *   5. printers (issue 36, scripts/bench-orders-printing.ts): 200 orders printed by two emulated CloudPRNT printers.
 * Figures go to docs/performance.md by hand, with the date and machine.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from '#app/db/connection.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { benchKitchenDisplay } from './bench-orders-kitchen.ts';
import { benchMemory } from './bench-orders-memory.ts';
import { benchPrinting } from './bench-orders-printing.ts';
import { runToEnd, sendGuestOrder, signInDemoOwner, startAppServer, stopAppServers, type AppServer } from './bench-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const GUESTS = 200;
const ORDERS = 50;
const BOARDS = 10;
const TABLES = 25;
const SLUG = 'bistro-la-bunica';
const SERVER_LOG = `/tmp/bucate-bench-orders-${process.pid}.log`;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Board {
  /** order id → the times (performance.now()) its 'order.placed' arrived on this board */
  seen: Map<string, number[]>;
  lastId: string | null;
  controller: AbortController;
  done: Promise<void>;
}

/** A staff board: reads the stream as EventSource does, noting when each order's event arrives. */
async function openBoard(url: string, cookie: string, board: Board | null): Promise<Board> {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
  if (board?.lastId) headers['last-event-id'] = board.lastId;
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200) throw new Error(`a board's stream answered ${response.status}`);
  const state: Board = { seen: board?.seen ?? new Map(), lastId: board?.lastId ?? null, controller, done: Promise.resolve() };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  state.done = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          const id = field('id');
          if (id) state.lastId = id;
          if (field('event') !== 'order.placed') continue;
          const orderId = (JSON.parse(field('data') ?? '{}') as { orderId?: string }).orderId ?? '';
          state.seen.set(orderId, [...(state.seen.get(orderId) ?? []), at]);
        }
      }
    } catch {
      // cut by the bench
    }
  })();
  return state;
}

interface Placed {
  token: string;
  /** performance.now() when the send's answer arrived */
  answeredAt: number;
}

/** One guest, as a browser does it, from an address of its own (TRUST_PROXY=1: the per-client rate limit is per guest, as in a restaurant). */
function order(base: string, guest: number, productId: string, tableCode: string): Promise<Placed> {
  return sendGuestOrder(base, SLUG, { 'x-forwarded-for': `10.25.${Math.floor(guest / 250)}.${(guest % 250) + 1}`, origin: base }, productId, tableCode);
}

async function guestsRead(bases: string[]) {
  const results = await Promise.all(
    bases.map((base) => autocannon({ url: `${base}/${SLUG}`, connections: GUESTS / 2, duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' } })),
  );
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  return { perSecond: requests / SECONDS, p99: results.map((r) => r.latency.p99), errors: results.reduce((sum, r) => sum + r.errors + r.non2xx + r.timeouts, 0) };
}

const database = await createThrowawayPostgres(adminUrl, 'bucate_bench_orders');
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  LOG_LEVEL: 'error',
  SEED_DEMO: 'true',
  TRUST_PROXY: '1',
  WORKER: 'off',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: `/tmp/bucate-bench-orders-${process.pid}`,
};
const servers: AppServer[] = [];
try {
  console.log(
    `${cpus().length} cores, Node ${process.versions.node}, load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await runToEnd('scripts/prepare-data.ts', { ...env, NODE_ENV: 'development' });
  const { db } = openDatabase({ databaseUrl: database.url, sqlitePath: '' });
  const restaurant = await db.selectFrom('restaurant').select(['id']).where('slug', '=', SLUG).executeTakeFirstOrThrow();
  const location = await db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).orderBy('sortOrder').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  // the owner's settings form, as its service would store them: dine-in on (the demo seed turns it on already), 25 tables with their QR codes
  await db
    .insertInto('orderingSettings')
    .values(buildOrderingSettings(restaurant.id, location.id, { updatedAt: now }))
    .onConflict((oc) => oc.column('locationId').doUpdateSet({ ordersEnabled: 1, dineIn: 1, paused: 0, pausedAt: null, updatedAt: now }))
    .execute();
  const tables = Array.from({ length: TABLES }, (_, i) => ({
    id: newId(),
    restaurantId: restaurant.id,
    locationId: location.id,
    label: `Masa ${i + 1}`,
    code: `bench${i + 1}`,
    sortOrder: i,
    createdAt: now,
  }));
  await db.insertInto('diningTable').values(tables).execute();
  await db
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
    .where('id', '=', restaurant.id)
    .execute();
  const dishes = await db
    .selectFrom('product')
    .innerJoin('category', 'category.id', 'product.categoryId')
    .select('product.id')
    .where('product.restaurantId', '=', restaurant.id)
    .where('category.locationId', '=', location.id)
    .where('product.available', '=', 1)
    .orderBy('product.id')
    .execute();

  // the servers' errors go to a file the bench names at the end when there were any
  const a = await startAppServer(env, { log: SERVER_LOG });
  const b = await startAppServer(env, { log: SERVER_LOG });
  servers.push(a, b);
  // the dishes a guest may order now (the demo has breakfast-only and evening-only dishes): as the menu would offer them
  const orderable: string[] = [];
  for (const { id } of dishes) {
    if (orderable.length === 10) break;
    const probe = await fetch(`${a.base}/${SLUG}/comanda/adauga`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '10.24.0.1', origin: a.base, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ p: id, via: tables[0]!.code }),
    });
    if (probe.status === 200) orderable.push(id);
    await probe.arrayBuffer();
  }
  if (orderable.length === 0) throw new Error('no dish of the demo can be ordered now (out of hours?)');
  const boardCookie = await signInDemoOwner(b.base);
  const stream = `${b.base}/${SLUG}/admin/orders/live`;
  console.log(`two app processes on one PostgreSQL; ${GUESTS} guest connections for ${SECONDS} s per run; the host is shared with other work, so figures move`);

  // 1. the baseline: guests read the menu, nobody orders
  const baseline = await guestsRead([a.base, b.base]);

  // 2. the same with 50 orders through process 1 and 10 boards on process 2
  const boards: Board[] = [];
  for (let i = 0; i < BOARDS; i++) boards.push(await openBoard(stream, boardCookie, null));
  await pause(500);
  const errors: string[] = [];
  let dish = 0;
  const reading = guestsRead([a.base, b.base]);
  const spacing = (SECONDS * 1000 * 0.8) / ORDERS;
  let cutDuring = new Set<string>();
  const reconnect = (async () => {
    // halfway: board 0's connection is cut; a second later it reconnects with the last id it had
    await pause(SECONDS * 500);
    boards[0]!.controller.abort();
    await boards[0]!.done;
    const before = new Set(boards[0]!.seen.keys());
    await pause(1000);
    boards[0] = await openBoard(stream, boardCookie, boards[0]!);
    cutDuring = before;
  })();
  const placed = (
    await Promise.all(
      Array.from({ length: ORDERS }, async (_, guest) => {
        await pause(guest * spacing);
        try {
          return await order(a.base, guest, orderable[dish++ % orderable.length]!, tables[guest % TABLES]!.code);
        } catch (error) {
          errors.push(String(error));
          return null;
        }
      }),
    )
  ).filter((p): p is Placed => p !== null);
  const withOrders = await reading;
  await reconnect;
  // the last order's event has time to arrive (the stream's own safety net looks every 5 s)
  await pause(6000);
  for (const board of boards) board.controller.abort();
  await Promise.all(boards.map((board) => board.done));

  const ids = new Map((await db.selectFrom('guestOrder').select(['id', 'token']).where('restaurantId', '=', restaurant.id).execute()).map((o) => [o.token, o.id]));
  const latencies: number[] = [];
  let lost = 0;
  let duplicated = 0;
  for (const [index, board] of boards.entries()) {
    for (const p of placed) {
      const times = board.seen.get(ids.get(p.token) ?? '') ?? [];
      if (times.length === 0) lost++;
      if (times.length > 1) duplicated += times.length - 1;
      // the cut board's catch-up is not a delivery time: only the other boards' and its own before the cut count
      if (times[0] !== undefined && (index !== 0 || cutDuring.has(ids.get(p.token)!))) latencies.push(times[0] - p.answeredAt);
    }
  }
  latencies.sort((x, y) => x - y);
  console.log(`orders: ${placed.length} of ${ORDERS} placed through process 1, errors ${errors.length}`);
  for (const error of [...new Set(errors)].slice(0, 5)) console.log(`  error: ${error}`);
  if (errors.length > 0) console.log(`  the servers' log: ${SERVER_LOG}`);
  console.log(
    `order → visible on a board of process 2: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms (${latencies.length} deliveries; target p99 ≤ 1000 ms)`,
  );
  console.log(`across ${BOARDS} boards (one cut and resumed with Last-Event-ID): ${lost} lost, ${duplicated} duplicated (target 0 and 0)`);
  const change = (withOrders.perSecond / baseline.perSecond - 1) * 100;
  console.log(
    `guest menu: ${Math.round(baseline.perSecond)} req/s without orders (p99 ${baseline.p99.join(' / ')} ms, errors ${baseline.errors}), ` +
      `${Math.round(withOrders.perSecond)} req/s with orders (p99 ${withOrders.p99.join(' / ')} ms, errors ${withOrders.errors}): ${change >= 0 ? '+' : ''}${change.toFixed(1)} % (target within 10 %)`,
  );

  // 4 and 5 (before the memory step, whose 1,000 streams they do not need). the kitchen display of process 2
  await benchKitchenDisplay(db, { restaurantId: restaurant.id, locationId: location.id, slug: SLUG, dishes: orderable, bases: [a.base, b.base], cookie: boardCookie });
  // printers that print by themselves (issue 36): two emulated CloudPRNT printers, one offline for 30 s
  await benchPrinting(db, { restaurantId: restaurant.id, locationId: location.id, tables, bases: [a.base, b.base] });

  // 3. memory: 1,000 open live connections per process, within the limits a process keeps (scripts/bench-orders-memory.ts)
  await benchMemory(db, { restaurantId: restaurant.id, locationId: location.id, slug: SLUG, servers: [a, b] });
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await db.destroy();
} finally {
  await stopAppServers(servers);
  await database.drop();
}
