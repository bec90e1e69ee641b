import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { afterAll } from 'vitest';
import { createInsightRecorder, type InsightRecorder } from '#app/modules/insights/insight-recorder.server.ts';
import { deriveSearchTermSecret } from '#app/modules/insights/search-terms.server.ts';
import { createMenuCache } from '#server/menu-cache.ts';
import { createMenuViewCounter } from '#server/menu-views.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import { test, type ActorScopes } from './test-context.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Owner insights end to end below the browser (server/menu-views*.int.test.ts): two "processes"
 * (each its own menu cache and in-memory recorder) answer guests over one database, then flush;
 * two restaurants, ours with two locations and three dishes, theirs with one dish.
 */

export const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const SECRET = deriveSearchTermSecret('menu-views-test-secret'.padEnd(40, 'x'));

export interface Process {
  base: string;
  server: Server;
  recorder: InsightRecorder;
  renders: number;
}

// live bindings: set by the hook `useInsightsWorld` registers (ES modules hand importers the binding, so they see the value)
export let database: TestDatabase;
export let scopes: ActorScopes;
export let ours: Awaited<ReturnType<typeof insertRestaurant>>;
export let theirs: Awaited<ReturnType<typeof insertRestaurant>>;
export const ids = { first: '', terrace: '', soup: '', cake: '', salad: '', theirDish: '' };
export const processes: Process[] = [];
let now: () => number;
let nextGuest: () => number;

/** The file's world, on the test's clock; `nextGuest` numbers the guests (every visit another guest unless it names its address). */
export function useInsightsWorld(clock: { now: () => number; nextGuest: () => number }) {
  ({ now, nextGuest } = clock);
  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    ours = await insertRestaurant(database.db, { slug: 'bistro', shortCode: 'QrOwn123', timeZone: 'Europe/Bucharest' });
    theirs = await insertRestaurant(database.db, { slug: 'vecin', shortCode: 'Vecin456', timeZone: 'Europe/Bucharest' });
    const first = buildLocation(ours.id, { sortOrder: 0 });
    const terrace = buildLocation(ours.id, { sortOrder: 1 });
    const theirLocation = buildLocation(theirs.id);
    await database.db.insertInto('location').values([first, terrace, theirLocation]).execute();
    const category = buildCategory(ours.id, first.id);
    const theirCategory = buildCategory(theirs.id, theirLocation.id);
    await database.db.insertInto('category').values([category, theirCategory]).execute();
    const soup = buildProduct(ours.id, category.id, { nameRo: 'Ciorbă de burtă', imageKey: 'restaurants/x/soup.webp' });
    const cake = buildProduct(ours.id, category.id, { nameRo: 'Papanași' });
    const salad = buildProduct(ours.id, category.id, { nameRo: 'Salată de vinete' });
    const theirDish = buildProduct(theirs.id, theirCategory.id, { nameRo: 'Altceva' });
    for (const product of [soup, cake, salad, theirDish]) await database.db.insertInto('product').values(product).execute();
    Object.assign(ids, { first: first.id, terrace: terrace.id, soup: soup.id, cake: cake.id, salad: salad.id, theirDish: theirDish.id });
  });

  afterAll(() => {
    // emptied too: the next file that shares this worker's modules (vitest.config.ts) starts with none
    for (const p of processes.splice(0)) p.server.close();
  });
}

/** One more app process: its own menu cache and recorder over the file's database. */
export async function start(): Promise<Process> {
  const db = database.db;
  const recorder = createInsightRecorder({ getDb: () => db, searchSecret: SECRET, now });
  const process: Process = { base: '', server: undefined as unknown as Server, recorder, renders: 0 };
  const handle = createMenuCache({
    getVersion: async (slug) => (slug === ours.slug || slug === theirs.slug ? 1 : undefined),
    render: async () => {
      process.renders++;
      return new Response('<h1>menu</h1>', { headers: { 'content-type': 'text/html', 'x-menu-version': '1', 'x-menu-locations': `${ids.first},${ids.terrace}` } });
    },
    securityHeaders: {},
    logger: pino({ level: 'silent' }),
    // the test's guests say their address as a trusting proxy would (server/index.ts derives it with TRUST_PROXY)
    onServe: createMenuViewCounter(
      (view) => recorder.recordView(view),
      (req) => String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress),
      now,
    ),
  });
  process.server = createServer((req, res) => {
    void handle(req, res, 'http://localhost').then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => process.server.listen(0, '127.0.0.1', resolve));
  const address = process.server.address();
  process.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  processes.push(process);
  return process;
}

// every visit another guest unless it names its address (one client counts once per window, decision 0028)
export const guestAddress = () => `198.51.100.${nextGuest() % 250}`;
export const guest = (n: number) => ({ address: `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, userAgent: CHROME });
export const visit = (p: Process, path: string, headers: Record<string, string> = {}) =>
  fetch(`${p.base}${path}`, { headers: { 'user-agent': CHROME, 'x-forwarded-for': guestAddress(), ...headers } }).then(async (r) => ({
    status: r.status,
    headers: r.headers,
    body: await r.text(),
  }));

/** a restaurant's daily rows, one line each: day, location, metric, dimension, count */
export async function rows(restaurantId: string) {
  const found = await database.db.selectFrom('insightCount').select(['day', 'locationId', 'metric', 'dimension', 'count']).where('restaurantId', '=', restaurantId).execute();
  return found
    .map((r) => `${r.day} ${r.locationId === ids.first ? 'first' : r.locationId === ids.terrace ? 'terrace' : r.locationId} ${r.metric} ${r.dimension} ${Number(r.count)}`)
    .sort();
}
