/**
 * `npm run bench:menu`: the guest menu's speed and weight (issues "The public menu" and "The guest
 * menu at internet scale"). Seeds the demo restaurant into a throw-away SQLite file, fills its first
 * location up to 200 products with distinct generated dishes (tests/factories/generated-menu.ts),
 * starts the production server, and prints:
 *   - the first load (HTML + CSS + JS, compressed as a browser asks for it, images excluded, once the
 *     server has settled: the menu upgraded to maximum compression, the assets compressed once) and
 *     the HTML's weight per dish;
 *   - a cache miss: sequential requests each after the menu's version moved (render + first,
 *     fast compression), p50/p95;
 *   - the same first load with orders switched off at that location (the demo takes orders there): what
 *     the guests of a menu that takes no orders download;
 *   - requests/s and latency p50/p99 at 50 connections for (a) the real menu route and (b) a bare
 *     node:http server answering the same bytes from memory, and the ratio a/b.
 * `BENCH_RESTAURANTS=10000` (`npm run bench:menu:zipf`) adds the many-restaurants mode: that many
 * restaurants of realistic sizes, requests spread over them like real traffic (Zipf, s = 1), with
 * the cache's hit ratio, req/s, p50/p99 and the server's memory, in BENCH_ZIPF_WINDOWS (6) windows of
 * BENCH_SECONDS one after another: how the figures move as fewer requests are a menu's first visit.
 * BENCH_CPU_PROF=<dir>: the app server writes a V8 CPU profile there when it stops (DevTools opens it).
 * BENCH_SAVE_HTML=<file>: keeps the 200-dish menu's HTML there, to see where its bytes go.
 * BENCH_SECONDS=0: weight and miss cost only, no load runs (for quick iterations).
 * BENCH_LANG=de: the whole run in a further content language (issue 16): the generated dishes get
 *   German texts of the same length (name, description, ingredients) and every request asks for it.
 * Figures go to docs/performance.md by hand, with the date and machine.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import autocannon from 'autocannon';
import { openDatabase } from '#app/db/connection.server.ts';
import { buildCategory, buildLocation, buildRestaurant } from '#tests/factories/builders.ts';
import { generateProducts, seededRandom } from '#tests/factories/generated-menu.ts';

const PRODUCTS = 200;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 0);
const ZIPF_WINDOWS = Number(process.env.BENCH_ZIPF_WINDOWS ?? 6);
const MISSES = Number(process.env.BENCH_MISSES ?? 30);
/** the menu's language for the whole run; '' = the bare address (Romanian for this client) */
const LANG = process.env.BENCH_LANG ?? '';
const WITH_OPTIONS = process.env.BENCH_OPTIONS !== '0';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const dataDir = mkdtempSync(join(tmpdir(), 'bucate-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' };

function runToEnd(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    fork(script, { env: { ...env, NODE_ENV: 'development' }, stdio: 'ignore' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** The demo's first location filled up to PRODUCTS with distinct generated dishes. */
async function scaleFirstLocation(): Promise<string> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  const restaurant = await db.selectFrom('restaurant').select(['id', 'slug']).executeTakeFirstOrThrow();
  const location = await db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).orderBy('sortOrder').executeTakeFirstOrThrow();
  const categories = await db.selectFrom('category').select('id').where('locationId', '=', location.id).execute();
  const { count } = await db
    .selectFrom('product')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(
      'categoryId',
      'in',
      categories.map((c) => c.id),
    )
    .executeTakeFirstOrThrow();
  const products = generateProducts(
    restaurant.id,
    categories.map((c) => c.id),
    PRODUCTS - Number(count),
  );
  for (const product of products) {
    product.sortOrder += 1000;
    // a further language: texts of the same length and variety as the Romanian ones (decision 0019's JSON)
    if (LANG)
      product.translations = JSON.stringify({ [LANG]: { name: `${product.nameRo} ·`, description: product.descriptionRo ?? '', ingredients: product.ingredientsRo ?? '' } });
  }
  await db.insertInto('product').values(products).execute();
  if (LANG)
    await db
      .updateTable('restaurant')
      .set({ contentLanguages: JSON.stringify([LANG]) })
      .where('id', '=', restaurant.id)
      .execute();
  // BENCH_OPTIONS=0: the same menu without option groups, the same host's comparison for the cost of options
  if (WITH_OPTIONS)
    await attachOptionGroups(
      db,
      restaurant.id,
      categories.map((c) => c.id),
    );
  await db.destroy();
  return LANG ? `${restaurant.slug}?lang=${LANG}` : restaurant.slug;
}

/**
 * Dish options (issue 35): a third of the location's dishes offer two groups of the restaurant's
 * library, a size that sets the price (2 options) and extras that add (4 options, one with milk),
 * as a pizzeria's menu would. The list links such a dish to its page; the options are not in it.
 */
async function attachOptionGroups(db: ReturnType<typeof openDatabase>['db'], restaurantId: string, categoryIds: string[]): Promise<void> {
  const dishes = await db.selectFrom('product').select('id').where('categoryId', 'in', categoryIds).orderBy('sortOrder').orderBy('id').execute();
  const now = new Date().toISOString();
  const groups = [
    {
      id: 'bench-size',
      nameRo: 'Mărime',
      nameEn: 'Size',
      minChoices: 1,
      maxChoices: 1,
      pricing: 'set' as const,
      options: [
        ['Mică', 3000],
        ['Mare', 4500],
      ] as const,
    },
    {
      id: 'bench-extra',
      nameRo: 'Extra',
      nameEn: 'Extras',
      minChoices: 0,
      maxChoices: 3,
      pricing: 'add' as const,
      options: [
        ['Brânză', 500],
        ['Măsline', 300],
        ['Ciuperci', 400],
        ['Ardei iute', 200],
      ] as const,
    },
  ];
  for (const [position, { options, ...group }] of groups.entries()) {
    await db
      .insertInto('optionGroup')
      .values({ ...group, restaurantId, sortOrder: position, createdAt: now, updatedAt: now })
      .execute();
    for (const [index, [nameRo, priceMinor]] of options.entries()) {
      await db
        .insertInto('optionItem')
        .values({
          id: `${group.id}-${index}`,
          groupId: group.id,
          restaurantId,
          nameRo,
          nameEn: null,
          priceMinor,
          allergens: nameRo === 'Brânză' ? '["milk"]' : '[]',
          sortOrder: index,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    const links = dishes.filter((_, index) => index % 3 === 0).map(({ id }) => ({ productId: id, groupId: group.id, restaurantId, position }));
    await db.insertInto('productOptionGroup').values(links).execute();
  }
}

/**
 * One prepared INSERT per table and column list, reused for every row. Seeding 10,000 restaurants
 * (~400,000 dishes) through Kysely took minutes on the slow host: every multi-row insert was compiled
 * anew (a visitor over ~6,000 values per 200 dishes) and each restaurant cost four awaited round trips.
 */
function rawInserter(sqlite: DatabaseSync) {
  const statements = new Map<string, StatementSync>();
  return (table: string, row: object) => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    let statement = statements.get(key);
    if (!statement) {
      statement = sqlite.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      statements.set(key, statement);
    }
    statement.run(...columns.map((c) => (row as Record<string, SQLInputValue | undefined>)[c] ?? null));
  };
}

/** Many restaurants of realistic sizes (10–150 dishes, most small), one location each. */
async function seedRestaurants(total: number): Promise<string[]> {
  const started = performance.now();
  const { db, sqlite } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  if (!sqlite) throw new Error('the bench seeds SQLite');
  const insert = rawInserter(sqlite);
  const random = seededRandom(7);
  const slugs: string[] = [];
  let dishes = 0;
  // a throw-away database filled by us with consistent rows: no per-row foreign-key lookups, no fsync
  sqlite.exec('PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF');
  sqlite.exec('BEGIN');
  try {
    for (let n = 0; n < total; n++) {
      const restaurant = buildRestaurant({ name: `Bench ${n}`, slug: `bench-${n}` });
      insert('restaurant', restaurant);
      const location = buildLocation(restaurant.id);
      insert('location', location);
      const categories = Array.from({ length: 4 }, () => buildCategory(restaurant.id, location.id));
      for (const category of categories) insert('category', category);
      const size = Math.min(150, Math.round(10 + 30 * -Math.log(1 - random())));
      for (const product of generateProducts(
        restaurant.id,
        categories.map((c) => c.id),
        size,
        n + 1,
      ))
        insert('product', product);
      dishes += size;
      slugs.push(restaurant.slug);
    }
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
  await db.destroy();
  console.log(`seeded ${total} restaurants, ${dishes} dishes (${(dishes / total).toFixed(0)} on average) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return slugs;
}

/** Ranks 1..n drawn with probability ∝ 1/rank (Zipf, s = 1): a few menus are hot, most are cold. */
function zipfSampler(n: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 1; rank <= n; rank++) cumulative[rank - 1] = sum += 1 / rank;
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

async function metricsOf(base: string): Promise<{ hits: number; misses: number; rssMb: number; cacheMb: number; pages: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    hits: value(/menu_cache_requests_total\{result="hit"\} (\d+)/),
    misses: value(/menu_cache_requests_total\{result="miss"\} (\d+)/),
    rssMb: value(/process_resident_memory_bytes (\d+)/) / 1024 / 1024,
    cacheMb: value(/menu_cache_bytes\{kind="used"\} (\d+)/) / 1024 / 1024,
    pages: value(/menu_cache_entries (\d+)/),
  };
}

async function startServer(script = 'server/index.ts', args: string[] = []): Promise<{ port: number; pid: number; stop: () => void }> {
  const profiling = process.env.BENCH_CPU_PROF && script === 'server/index.ts' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = fork(script, args, {
    execArgv: [...process.execArgv, ...profiling],
    env: { ...env, NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'), PORT: '0', HOST: '127.0.0.1', METRICS_TOKEN },
    stdio: 'ignore',
  });
  const port = await new Promise<number>((resolve) => child.on('message', (m: { type?: string; port?: number }) => m.type === 'listening' && m.port && resolve(m.port)));
  return { port, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** The bytes on the wire (fetch would decompress them), with the response headers. */
function rawGet(url: string, encoding: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)]));
        resolve({ body: Buffer.concat(chunks), headers });
      });
    }).on('error', reject);
  });
}

async function compressedSize(url: string, encoding: string): Promise<number> {
  return (await rawGet(url, encoding)).body.byteLength;
}

/**
 * What a guest downloads once the server has settled: the menu upgraded to brotli 11 / gzip 9 in
 * the background after its render, the build's assets compressed once at maximum
 * (server/compressed-assets.ts). Polls until the size falls below the first answer's (at most 10 s).
 */
async function settledSize(url: string, encoding: string): Promise<number> {
  const first = await compressedSize(url, encoding);
  for (let tries = 0; tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await compressedSize(url, encoding);
    if (next < first) return next;
  }
  return first;
}

async function firstLoad(base: string, slug: string) {
  const html = await (await fetch(`${base}/${slug}`)).text();
  if (process.env.BENCH_SAVE_HTML) writeFileSync(process.env.BENCH_SAVE_HTML, html);
  const assets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"|<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  const dishes = (html.match(/<li data-dish="/g) ?? []).length;
  const urls = [`${base}/${slug}`, ...assets.map((asset) => `${base}${asset}`)];
  // right after a render: the menu at its fast first compression, the assets as first served
  const fresh = async (encoding: string) => (await Promise.all(urls.map((url) => compressedSize(url, encoding)))).reduce((a, b) => a + b, 0);
  const settled = async (encoding: string) => (await Promise.all(urls.map((url) => settledSize(url, encoding)))).reduce((a, b) => a + b, 0);
  const first = { br: await fresh('br'), gzip: await fresh('gzip') };
  return { dishes, assets, htmlBytes: Buffer.byteLength(html), br: await settled('br'), gzip: await settled('gzip'), first };
}

/**
 * CPU seconds a process has used so far (user + system, its threads included: zlib's pool too), from
 * /proc: on a loaded host the wall-clock latency mostly measures the other processes, this does not.
 */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Runs `measure` with orders switched off at the menu's locations (and the menu's version moved), then switches them back. */
async function withoutOrdering<T>(slug: string, measure: () => Promise<T>): Promise<T> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slug.split('?')[0]!).executeTakeFirstOrThrow();
  const bump = () =>
    db
      .updateTable('restaurant')
      .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
      .where('id', '=', restaurant.id)
      .execute();
  const on = await db.selectFrom('orderingSettings').select('locationId').where('restaurantId', '=', restaurant.id).where('ordersEnabled', '=', 1).execute();
  const ids = on.map((row) => row.locationId);
  try {
    if (ids.length > 0) await db.updateTable('orderingSettings').set({ ordersEnabled: 0 }).where('locationId', 'in', ids).execute();
    await bump();
    return await measure();
  } finally {
    if (ids.length > 0) await db.updateTable('orderingSettings').set({ ordersEnabled: 1 }).where('locationId', 'in', ids).execute();
    await bump();
    await db.destroy();
  }
}

/** Sequential cache misses: the menu's version moves before each request (as an edit would). */
async function missCost(base: string, slug: string, pid: number): Promise<{ p50: number; p95: number; cpuMs: number }> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  const times: number[] = [];
  let cpuBefore = 0;
  for (let run = 0; run < MISSES + 3; run++) {
    if (run === 3) {
      // anything left of the warm-up finishes first, so it is not counted
      await new Promise((resolve) => setTimeout(resolve, 3000));
      cpuBefore = cpuSecondsOf(pid);
    }
    await db
      .updateTable('restaurant')
      .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
      .where('slug', '=', slug.split('?')[0]!)
      .execute();
    const started = performance.now();
    const { headers } = await rawGet(`${base}/${slug}`, 'br, gzip');
    if (headers['x-menu-cache'] !== 'miss') throw new Error(`expected a miss, got ${headers['x-menu-cache']}`);
    if (run >= 3) times.push(performance.now() - started);
  }
  // whatever a miss leaves running in the background counts too
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cpuMs = ((cpuSecondsOf(pid) - cpuBefore) * 1000) / MISSES;
  await db.destroy();
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]!, cpuMs };
}

async function load(url: string, requests?: autocannon.Request[]) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'br, gzip' }, ...(requests ? { requests } : {}) });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  await runToEnd('scripts/prepare-data.ts');
  const slug = await scaleFirstLocation();
  const many = RESTAURANTS > 0 ? await seedRestaurants(RESTAURANTS) : [];
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  const weight = await firstLoad(base, slug);
  console.log(
    `menu: ${weight.dishes} distinct dishes in the HTML, ${(weight.htmlBytes / 1024).toFixed(1)} KB uncompressed, ${(weight.htmlBytes / 1024 / weight.dishes).toFixed(2)} KB per dish (target ≤ 1.5)`,
  );
  console.log(
    `first load (HTML + ${weight.assets.length} assets): ${(weight.br / 1024).toFixed(1)} KB brotli, ${(weight.gzip / 1024).toFixed(1)} KB gzip (target ≤ 40 KB brotli); ` +
      `right after a render, before the background upgrade: ${(weight.first.br / 1024).toFixed(1)} KB brotli, ${(weight.first.gzip / 1024).toFixed(1)} KB gzip`,
  );
  // the same location without ordering: what the guests of a menu that takes no orders download (issue 25: nothing
  // more than before ordering existed); the figures above are the demo's, whose first location takes orders
  const plain = await withoutOrdering(slug, () => firstLoad(base, slug));
  console.log(
    `the same menu taking no orders: ${(plain.htmlBytes / 1024).toFixed(1)} KB uncompressed, ${(plain.htmlBytes / 1024 / plain.dishes).toFixed(2)} KB per dish; ` +
      `first load (HTML + ${plain.assets.length} assets) ${(plain.br / 1024).toFixed(1)} KB brotli, ${(plain.gzip / 1024).toFixed(1)} KB gzip`,
  );
  const miss = await missCost(base, slug, server.pid);
  console.log(
    `cache miss, ${MISSES} sequential: p50 ${miss.p50.toFixed(1)} ms, p95 ${miss.p95.toFixed(1)} ms (target p50 ≤ 15 ms); ` +
      `server CPU per miss ${miss.cpuMs.toFixed(0)} ms (render and first compression; a page asked for once is not upgraded)`,
  );
  if (DURATION === 0) {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }

  await load(`${base}/${slug}`); // warm-up
  const real = await load(`${base}/${slug}`);
  console.log(`(a) menu route:     ${real.rps} req/s, p50 ${real.p50} ms, p99 ${real.p99} ms, errors ${real.errors}`);

  // Zipf windows one after another on the same server: the first right after a warm-up window, the
  // last after ZIPF_WINDOWS × DURATION seconds of traffic, when fewer requests are a menu's first visit
  const zipf: Awaited<ReturnType<typeof load>>[] = [];
  if (many.length > 0) {
    const next = zipfSampler(many.length, seededRandom(11));
    const requests: autocannon.Request[] = [{ setupRequest: (request) => ({ ...request, path: `/${many[next()]}` }) }];
    await load(`${base}/`, requests); // warm-up: the first pass renders every menu it meets
    for (let window = 1; window <= ZIPF_WINDOWS; window++) {
      const before = await metricsOf(base);
      const run = await load(`${base}/`, requests);
      const after = await metricsOf(base);
      const hits = after.hits - before.hits;
      const misses = after.misses - before.misses;
      zipf.push(run);
      console.log(
        `(z${window}) ${many.length} restaurants, Zipf, after ${window * DURATION} s of traffic: ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}, ` +
          `hit ratio ${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)} % (${hits} hits, ${misses} misses), ` +
          `cache ${after.cacheMb.toFixed(1)} MB in ${after.pages} pages, server RSS ${after.rssMb.toFixed(0)} MB`,
      );
    }
  }

  const { body: bytes, headers } = await rawGet(`${base}/${slug}`, 'br');
  delete headers['connection'];
  delete headers['keep-alive'];
  server.stop();
  writeFileSync(join(dataDir, 'body'), bytes);
  writeFileSync(join(dataDir, 'headers.json'), JSON.stringify(headers));
  const bare = await startServer('scripts/bench-bare-server.ts', [join(dataDir, 'body'), join(dataDir, 'headers.json')]);
  await load(`http://127.0.0.1:${bare.port}/`);
  const ceiling = await load(`http://127.0.0.1:${bare.port}/`);
  bare.stop();
  console.log(`(b) bare node:http: ${ceiling.rps} req/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms`);
  console.log(`ratio a/b: ${(real.rps / ceiling.rps).toFixed(2)} (target ≥ 0.9); p99 ${real.p99} ms (target ≤ 10 ms)`);
  if (zipf.length > 0) {
    const ratios = zipf.map((run, index) => `z${index + 1} ${(run.rps / ceiling.rps).toFixed(2)}`).join(', ');
    console.log(`ratio z/b: ${ratios} (target ≥ 0.5; the ceiling serves the 200-dish page)`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
