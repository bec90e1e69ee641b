/**
 * `npm run bench:menu`: the guest menu's speed and weight (issue "The public menu").
 * Seeds the demo restaurant into a throw-away SQLite file, scales its first location to 200
 * products, starts the production server, and prints:
 *   - the first load (HTML + CSS + JS, compressed as a browser asks for it, images excluded);
 *   - requests/s and latency p50/p99 at 50 connections for (a) the real menu route and (b) a bare
 *     node:http server answering the same bytes from memory, and the ratio a/b.
 * Figures go to docs/performance.md by hand, with the date and machine.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '#app/db/connection.server.ts';
import { buildProduct } from '#tests/factories/builders.ts';

const PRODUCTS = 200;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = mkdtempSync(join(tmpdir(), 'bucate-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' };

function runToEnd(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    fork(script, { env: { ...env, NODE_ENV: 'development' }, stdio: 'ignore' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

async function scaleFirstLocation(): Promise<string> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  const restaurant = await db.selectFrom('restaurant').select(['id', 'slug']).executeTakeFirstOrThrow();
  const location = await db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).orderBy('sortOrder').executeTakeFirstOrThrow();
  const categories = await db.selectFrom('category').select('id').where('locationId', '=', location.id).execute();
  const products = await db.selectFrom('product').selectAll().where('categoryId', 'in', categories.map((c) => c.id)).execute();
  let count = products.length;
  for (let round = 2; count < PRODUCTS; round++) {
    for (const product of products) {
      if (count >= PRODUCTS) break;
      const { id: _id, ...rest } = product;
      const copy = buildProduct(restaurant.id, product.categoryId, { ...rest, nameRo: `${product.nameRo} ${round}`, nameEn: `${product.nameEn} ${round}`, sortOrder: product.sortOrder + 100 * round });
      await db.insertInto('product').values(copy).execute();
      count++;
    }
  }
  await db.destroy();
  return restaurant.slug;
}

async function startServer(script = 'server/index.ts', args: string[] = []): Promise<{ port: number; stop: () => void }> {
  const child = fork(script, args, {
    env: { ...env, NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'), PORT: '0', HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const port = await new Promise<number>((resolve) =>
    child.on('message', (m: { type?: string; port?: number }) => m.type === 'listening' && m.port && resolve(m.port)),
  );
  return { port, stop: () => child.kill('SIGTERM') };
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

async function firstLoad(base: string, slug: string) {
  const html = await (await fetch(`${base}/${slug}`)).text();
  const assets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"|<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  const dishes = (html.match(/data-dish=""/g) ?? []).length;
  const total = async (encoding: string) => {
    let sum = await compressedSize(`${base}/${slug}`, encoding);
    for (const asset of assets) sum += await compressedSize(`${base}${asset}`, encoding);
    return sum;
  };
  return { dishes, assets, htmlBytes: Buffer.byteLength(html), br: await total('br'), gzip: await total('gzip') };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'br, gzip' } });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  await runToEnd('scripts/prepare-data.ts');
  const slug = await scaleFirstLocation();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  const weight = await firstLoad(base, slug);
  console.log(`menu: ${weight.dishes} dishes in the HTML, ${(weight.htmlBytes / 1024).toFixed(1)} KB uncompressed`);
  console.log(`first load (HTML + ${weight.assets.length} assets): ${(weight.br / 1024).toFixed(1)} KB brotli, ${(weight.gzip / 1024).toFixed(1)} KB gzip`);

  await load(`${base}/${slug}`); // warm-up
  const real = await load(`${base}/${slug}`);
  console.log(`(a) menu route:     ${real.rps} req/s, p50 ${real.p50} ms, p99 ${real.p99} ms, errors ${real.errors}`);

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
  console.log(`ratio a/b: ${(real.rps / ceiling.rps).toFixed(2)} (target ≥ 0.5); p99 ${real.p99} ms (target ≤ 25 ms)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
