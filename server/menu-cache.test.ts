import { createServer, get, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzip, gzipSync, type CompressCallback, type InputType, type ZlibOptions } from 'node:zlib';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMenuCache } from './menu-cache.ts';

/** Gzip compressions the test holds back until it releases them (see the mock below). */
const zlibSeam = vi.hoisted(() => ({ hold: undefined as ((input: Buffer, options: ZlibOptions) => boolean) | undefined, held: [] as (() => void)[] }));

// zlib as it is, with gzip counted (how many compressions the cache starts) and, for a text the
// test names, held until released: the cache's code is untouched
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  return {
    ...zlib,
    gzip: vi.fn((input: InputType, options: ZlibOptions, callback: CompressCallback) => {
      const run = () => zlib.gzip(input, options, callback);
      if (zlibSeam.hold?.(Buffer.from(input as Buffer), options)) zlibSeam.held.push(run);
      else run();
    }),
  };
});

/** The gzip compressions of exactly this text at this level so far (other tests' background upgrades compress other texts). */
function gzipRuns(html: string, level: number): number {
  return vi.mocked(gzip).mock.calls.filter((call: unknown[]) => Buffer.from(call[0] as Buffer).toString() === html && (call[1] as ZlibOptions).level === level).length;
}

let server: Server | undefined;
/** the cache behind the last `serve`, for its stats() */
let cache: ReturnType<typeof createMenuCache> | undefined;
afterEach(() => server?.close());

/** A real HTTP server in front of the cache, with a database version and a renderer we control. */
async function serve(
  state: { version: number | undefined; renders: number; body?: (search: string, path: string) => string; versions?: Record<string, number> },
  options: { maxBytes?: number; sharedMaxAge?: number } = {},
) {
  const handle = (cache = createMenuCache({
    ...options,
    // `versions`: one restaurant's edit, the others unchanged
    getVersion: async (slug) => state.versions?.[slug] ?? state.version,
    render: async (request) => {
      state.renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const locale = request.headers.get('cookie') === 'lang=en' ? 'en' : 'ro';
      const { search, pathname } = new URL(request.url);
      const version = state.versions?.[pathname.slice(1)] ?? state.version;
      return new Response(state.body?.(search, pathname) ?? `<h1>v${version} ${locale} ${search}</h1>`, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'x-menu-version': String(version), 'x-menu-locations': 'first,abc' },
      });
    },
    securityHeaders: { 'X-Content-Type-Options': 'nosniff' },
    logger: pino({ level: 'silent' }),
  }));
  server = createServer((req, res) => {
    void handle(req, res, 'http://localhost').then((handled) => {
      if (!handled) res.writeHead(418).end('app');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** One exchange over node:http (fetch would ask for gzip and decompress): status, headers, raw body. */
function exchange(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** About 40 KB of menu-like HTML, different for each seed: it compresses about as well as a real menu (3–4×), not to nothing. */
function menuPage(seed: string): string {
  let x = [...seed].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  const dishes = ['ciorbă', 'sarmale', 'mămăligă', 'papanași', 'mici', 'tochitură', 'zacuscă', 'plăcintă'];
  const items = [`<h1>${seed}</h1>`];
  for (let bytes = 0; bytes < 40_000; bytes += Buffer.byteLength(items.at(-1)!)) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    items.push(`<li>${dishes[(x >>> 16) % 8]} ${(x >>> 8) % 9973} lei</li>`);
  }
  return items.join('');
}

/** The brotli copy a miss makes (quality 4, its only copy), and the upgrade's (quality 11, with the page's size as hint). */
const fastBrotli = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
const bestBrotli = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
/** per entry, more than the cache's bookkeeping overhead */
const SLACK = 512;
/** a budget that holds the brotli copies (as a miss makes them) of any `count` of these paths' menuPage, and little more */
const brotliBudget = (paths: string[], count = paths.length) => count * (Math.max(...paths.map((path) => fastBrotli(menuPage(path)))) + SLACK);

/** Lets the gzip compressions held back run, and holds no more. */
function releaseGzip() {
  zlibSeam.hold = undefined;
  for (const run of zlibSeam.held.splice(0)) run();
}

/** Whether the page was a hit, asked for as browsers do (fetch over http asks for gzip only, which makes a gzip copy). */
async function cacheOf(base: string, path: string): Promise<string | undefined> {
  const answer = await exchange(`${base}${path}`, { 'accept-encoding': 'br, gzip' });
  expect(answer.headers['content-encoding'], path).toBe('br');
  return answer.headers['x-menu-cache'] as string | undefined;
}

describe('menu render cache', () => {
  it('tells every cache to revalidate by default, and lets shared caches keep a page for a bound when configured', async () => {
    const state = { version: 1 as number | undefined, renders: 0 };
    let base = await serve(state);
    const plain = await fetch(`${base}/bistro`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag')!;
    expect((await fetch(`${base}/bistro`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    server?.close();

    base = await serve(state, { sharedMaxAge: 10 });
    const shared = await fetch(`${base}/bistro`);
    expect(shared.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=10');
    expect(shared.headers.get('vary')).toBe('Cookie, Accept-Encoding, Accept-Language');
    // an edit moves the version: the ETag a CDN revalidates with no longer matches, the new page comes back
    state.version = 2;
    const revalidated = await fetch(`${base}/bistro`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.text()).toBe('<h1>v2 ro </h1>');
  });

  it('renders once per version, and again as soon as the version changes', async () => {
    const state = { version: 1 as number | undefined, renders: 0 };
    const base = await serve(state);
    expect(await (await fetch(`${base}/bistro`)).text()).toBe('<h1>v1 ro </h1>');
    expect(await (await fetch(`${base}/bistro`)).text()).toBe('<h1>v1 ro </h1>');
    expect(state.renders).toBe(1);
    state.version = 2;
    expect(await (await fetch(`${base}/bistro`)).text()).toBe('<h1>v2 ro </h1>');
    expect(state.renders).toBe(2);
  });

  it('keeps languages and locations apart', async () => {
    const state = { version: 1 as number | undefined, renders: 0 };
    const base = await serve(state);
    expect(await (await fetch(`${base}/bistro`, { headers: { cookie: 'lang=en' } })).text()).toBe('<h1>v1 en </h1>');
    expect(await (await fetch(`${base}/bistro?loc=abc`)).text()).toBe('<h1>v1 ro ?loc=abc</h1>');
    // en default, ro default (it names the locations), ro abc
    expect(state.renders).toBe(3);
    expect(await (await fetch(`${base}/bistro?loc=abc`)).text()).toBe('<h1>v1 ro ?loc=abc</h1>');
    expect(state.renders).toBe(3);
  });

  it('keys the guest menu by language: ?lang=, the site cookie, then Accept-Language (issue 16)', async () => {
    const state = { version: 1 as number | undefined, renders: 0 };
    const base = await serve(state);
    const german = await fetch(`${base}/bistro`, { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    expect(await german.text()).toBe('<h1>v1 ro ?lang=de</h1>');
    expect(german.headers.get('vary')).toContain('Accept-Language');
    expect(await (await fetch(`${base}/bistro?lang=de`)).text()).toBe('<h1>v1 ro ?lang=de</h1>');
    expect(state.renders).toBe(1);
    // a choice made on the site wins over the browser's languages; ?lang= wins over both
    expect(await (await fetch(`${base}/bistro`, { headers: { cookie: 'lang=en', 'accept-language': 'de' } })).text()).toBe('<h1>v1 en </h1>');
    expect(await (await fetch(`${base}/bistro?lang=ro`, { headers: { 'accept-language': 'de' } })).text()).toBe('<h1>v1 ro </h1>');
    // an unknown language is not a key: Romanian
    expect(await (await fetch(`${base}/bistro?lang=xx`, { headers: { 'accept-language': 'ja' } })).text()).toBe('<h1>v1 ro </h1>');
    expect(await (await fetch(`${base}/bistro?loc=abc&lang=de`)).text()).toBe('<h1>v1 ro ?loc=abc&lang=de</h1>');
    expect(state.renders).toBe(4);
  });

  it('keys only on canonical inputs: an unknown location, the default by name and tracking parameters are the default page, rendered once', async () => {
    const state = { version: 1 as number | undefined, renders: 0 };
    const base = await serve(state);
    const paths = ['/bistro', '/bistro?loc=nope', '/bistro?loc=first', '/bistro?utm_source=qr&fbclid=x', '/bistro?via=QrCode12', '/bistro?via=Table007&loc=first', '/bistro?loc=%00', `/bistro?loc=${'x'.repeat(200)}`];
    for (let i = 0; i < 20; i++) paths.push(`/bistro?loc=random-${i}`);
    for (const path of paths) {
      const response = await fetch(`${base}${path}`);
      expect(await response.text(), path).toBe('<h1>v1 ro </h1>');
    }
    expect(state.renders).toBe(1);
    const tracked = await fetch(`${base}/bistro?loc=abc&utm_source=qr`);
    expect(await tracked.text()).toBe('<h1>v1 ro ?loc=abc</h1>');
    expect(tracked.headers.get('x-menu-cache')).toBe('miss');
    expect((await fetch(`${base}/bistro?utm_medium=x&loc=abc`)).headers.get('x-menu-cache')).toBe('hit');
    expect(state.renders).toBe(2);
    // a table's short link adds ?via=<code> (issue 17; insights counts it): one page per location, whatever the table
    for (const via of ['t1', 't2', 'x'.repeat(40)]) {
      expect((await fetch(`${base}/bistro?loc=abc&via=${via}`)).headers.get('x-menu-cache'), via).toBe('hit');
      expect((await fetch(`${base}/bistro?via=${via}`)).headers.get('x-menu-cache'), via).toBe('hit');
    }
    expect(state.renders).toBe(2);
  });

  it('keeps its memory within the byte budget, dropping the least recently used page', async () => {
    const state = { version: 1 as number | undefined, renders: 0, body: (_: string, path: string) => menuPage(path) };
    // room for two pages' brotli copies; not for a third, even once the first is upgraded
    const maxBytes = brotliBudget(['/one', '/two']);
    expect(bestBrotli(menuPage('/one')).length + fastBrotli(menuPage('/two')) + fastBrotli(menuPage('/three'))).toBeGreaterThan(maxBytes);
    const base = await serve(state, { maxBytes });
    expect(await cacheOf(base, '/one')).toBe('miss');
    expect(await cacheOf(base, '/two')).toBe('miss');
    expect(await cacheOf(base, '/one')).toBe('hit'); // one is now the most recently used
    expect(await cacheOf(base, '/three')).toBe('miss'); // evicts two
    expect(state.renders).toBe(3);
    expect(await cacheOf(base, '/one')).toBe('hit');
    expect(await cacheOf(base, '/two')).toBe('miss');
    // what /metrics reports (menu_cache_bytes, menu_cache_entries): two pages, within the budget
    expect(cache!.stats()).toEqual({ bytes: expect.any(Number), entries: 2, maxBytes });
    expect(cache!.stats().bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache!.stats().bytes).toBeGreaterThan(maxBytes / 2);
  });

  it('answers a miss with fast compression, then upgrades to maximum brotli in the background once the page is asked for again', async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `dish-${(i * 7919) % 1013} ciorbă ${i % 17}`).join(' ');
    const state = { version: 1 as number | undefined, renders: 0, body: () => words };
    const base = await serve(state);
    const brotli = () =>
      new Promise<Buffer>((resolve) => {
        get(`${base}/bistro`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        });
      });
    const first = await brotli();
    expect(brotliDecompressSync(first).toString()).toBe(words);
    const best = brotliCompressSync(Buffer.from(words), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(words) } });
    expect(first.length).toBeGreaterThan(best.length);
    // a page asked for once (most of a long tail of menus) never costs the slow compression
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await brotli()).length).toBe(first.length);
    await expect.poll(async () => (await brotli()).length, { timeout: 5_000 }).toBe(best.length);
    expect(state.renders).toBe(1);
  });

  it('stores only the brotli copy on a miss: a budget for three brotli copies, not for three with gzip, keeps the three pages (issue 18)', async () => {
    const state = { version: 1 as number | undefined, renders: 0, body: (_: string, path: string) => menuPage(path) };
    const pages = ['/one', '/two', '/three'];
    const maxBytes = brotliBudget([...pages, '/four', '/five'], 3);
    // a miss that also made gzip 6 (or kept the raw HTML) would not fit the three: the first would be evicted
    expect(pages.reduce((sum, path) => sum + fastBrotli(menuPage(path)) + gzipSync(menuPage(path), { level: 6 }).length, 0)).toBeGreaterThan(maxBytes);
    expect(pages.reduce((sum, path) => sum + Buffer.byteLength(menuPage(path)), 0)).toBeGreaterThan(2 * maxBytes);
    // and two more pages leave room for three, even with /two and /three upgraded: the bound still holds
    expect(bestBrotli(menuPage('/two')).length + bestBrotli(menuPage('/three')).length + fastBrotli(menuPage('/four')) + fastBrotli(menuPage('/five'))).toBeGreaterThan(maxBytes);
    const base = await serve(state, { maxBytes });
    for (const path of pages) expect(await cacheOf(base, path), path).toBe('miss');
    expect(state.renders).toBe(3);
    for (const path of pages) {
      const br = await exchange(`${base}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['x-menu-cache'], path).toBe('hit');
      expect(brotliDecompressSync(br.body).toString(), path).toBe(menuPage(path));
      // the raw HTML made for a client that accepts neither is not kept, nor counted: nothing is evicted
      const plain = await exchange(`${base}${path}`);
      expect(plain.headers['x-menu-cache'], path).toBe('hit');
      expect(plain.body.toString(), path).toBe(menuPage(path));
    }
    expect(state.renders).toBe(3);
    // two more pages evict the least recently used ones, /one and /two, and only them
    expect(await cacheOf(base, '/four')).toBe('miss');
    expect(await cacheOf(base, '/five')).toBe('miss');
    for (const path of ['/three', '/four', '/five']) expect(await cacheOf(base, path), path).toBe('hit');
    expect(state.renders).toBe(5);
    expect(await cacheOf(base, '/two')).toBe('miss');
    expect(state.renders).toBe(6);
    expect(await cacheOf(base, '/one')).toBe('miss');
    expect(state.renders).toBe(7);
  });

  it('makes the gzip copy when a gzip-only client first asks, keeps it and counts it against the budget (issue 18)', async () => {
    const state = { version: 1 as number | undefined, renders: 0, body: (_: string, path: string) => menuPage(path) };
    const pages = ['/one', '/two', '/three'];
    const maxBytes = brotliBudget(pages);
    // one gzip copy more does not fit, even at the upgrade's compression (the gzip answer is a hit: it queues it)
    const one = menuPage('/one');
    expect(bestBrotli(one).length + gzipSync(one, { level: 9 }).length + fastBrotli(menuPage('/two')) + fastBrotli(menuPage('/three'))).toBeGreaterThan(maxBytes);
    const base = await serve(state, { maxBytes });
    for (const path of pages) expect(await cacheOf(base, path), path).toBe('miss');
    const gzip = await exchange(`${base}/one`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['x-menu-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
    expect(gunzipSync(gzip.body).toString()).toBe(one);
    // /one's gzip copy took the room of the least recently used page, /two, and only it
    expect(await cacheOf(base, '/three')).toBe('hit');
    expect(await cacheOf(base, '/one')).toBe('hit');
    expect(state.renders).toBe(3);
    expect(await cacheOf(base, '/two')).toBe('miss');
    expect(state.renders).toBe(4);
  });

  it('does not count a gzip copy finished after its page was replaced (issue 18)', async () => {
    const state = { version: 1 as number | undefined, renders: 0, body: (_: string, path: string) => menuPage(path), versions: {} as Record<string, number> };
    const pages = ['/one', '/two', '/three'];
    const maxBytes = brotliBudget(pages);
    const one = menuPage('/one');
    // had the stale copy been counted, the budget would no longer hold the three pages
    expect(pages.reduce((sum, path) => sum + fastBrotli(menuPage(path)), 0) + gzipSync(one, { level: 6 }).length).toBeGreaterThan(maxBytes);
    const base = await serve(state, { maxBytes });
    for (const path of pages) expect(await cacheOf(base, path), path).toBe('miss');
    zlibSeam.hold = (input) => input.toString() === one;
    try {
      const gzipAnswer = exchange(`${base}/one`, { 'accept-encoding': 'gzip' });
      await expect.poll(() => zlibSeam.held.length).toBeGreaterThan(0);
      // an edit of /one while its gzip copy is being made: the new version replaces the entry
      state.versions.one = 2;
      expect(await cacheOf(base, '/one')).toBe('miss');
      releaseGzip();
      const gzip = await gzipAnswer;
      expect(gzip.headers['x-menu-version']).toBe('1');
      expect(gunzipSync(gzip.body).toString()).toBe(one);
      expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
    } finally {
      releaseGzip();
    }
    for (const path of pages) expect(await cacheOf(base, path), path).toBe('hit');
    expect(state.renders).toBe(4);
  });

  it('answers a client that accepts neither brotli nor gzip with the exact HTML, on a miss, a hit and after the upgrade (issue 18)', async () => {
    const html = Buffer.from(menuPage('/bistro'));
    const state = { version: 1 as number | undefined, renders: 0, body: () => html.toString() };
    const base = await serve(state);
    const expectHtml = (answer: Awaited<ReturnType<typeof exchange>>, label: string) => {
      expect(answer.status, label).toBe(200);
      expect(answer.headers['content-encoding'], label).toBeUndefined();
      expect(answer.headers['content-length'], label).toBe(String(html.length));
      expect(answer.body.length, label).toBe(html.length);
      expect(answer.body.equals(html), label).toBe(true);
    };
    const miss = await exchange(`${base}/bistro`);
    expect(miss.headers['x-menu-cache']).toBe('miss');
    expectHtml(miss, 'miss, no Accept-Encoding');
    // a hit (it queues the upgrade) and an explicit identity
    for (const [label, headers] of [['hit, no Accept-Encoding', {}], ['hit, identity', { 'accept-encoding': 'identity' }]] as const) {
      const hit = await exchange(`${base}/bistro`, headers);
      expect(hit.headers['x-menu-cache'], label).toBe('hit');
      expectHtml(hit, label);
    }
    // HEAD: the length of the page, no body; a matching ETag: 304, no body
    const head = await exchange(`${base}/bistro`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(html.length));
    expect(head.body.length).toBe(0);
    const notModified = await exchange(`${base}/bistro`, { 'if-none-match': miss.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // once upgraded (its brotli copy is quality 11), the raw HTML is still exact
    const best = bestBrotli(html.toString());
    await expect.poll(async () => (await exchange(`${base}/bistro`, { 'accept-encoding': 'br' })).body.equals(best), { timeout: 5_000 }).toBe(true);
    expectHtml(await exchange(`${base}/bistro`), 'upgraded, no Accept-Encoding');
    expectHtml(await exchange(`${base}/bistro`, { 'accept-encoding': 'identity' }), 'upgraded, identity');
    expect(state.renders).toBe(1);
  });

  it('answers a gzip-only client with the exact page on a miss, a hit and after the upgrade; guests arriving together cause one gzip compression (issue 18)', async () => {
    const html = menuPage('/gzip-only');
    const state = { version: 1 as number | undefined, renders: 0, body: () => html };
    const base = await serve(state);
    const encoded = (encoding: string, method?: string) => exchange(`${base}/bistro`, { 'accept-encoding': encoding }, method);
    const expectGzip = (answer: Awaited<ReturnType<typeof exchange>>, label: string) => {
      expect(answer.status, label).toBe(200);
      expect(answer.headers['content-encoding'], label).toBe('gzip');
      expect(answer.headers['content-length'], label).toBe(String(answer.body.length));
      expect(gunzipSync(answer.body).toString(), label).toBe(html);
    };
    const together = await Promise.all([encoded('gzip'), encoded('gzip, deflate'), encoded('gzip')]);
    for (const [i, answer] of together.entries()) {
      expect(answer.headers['x-menu-cache'], `guest ${i}`).toBe('miss');
      expectGzip(answer, `miss, guest ${i}`);
      expect(answer.body.equals(together[0].body), `guest ${i}`).toBe(true);
    }
    expect(state.renders).toBe(1);
    // one compression for the three, at level 6 (the page is not upgraded)
    expect(gzipRuns(html, 6)).toBe(1);
    expect(together[0].body.equals(gzipSync(html, { level: 6 }))).toBe(true);
    const hit = await encoded('gzip');
    expect(hit.headers['x-menu-cache']).toBe('hit');
    expectGzip(hit, 'hit');
    // the kept copy: not made again
    expect(hit.body.equals(together[0].body)).toBe(true);
    expect(gzipRuns(html, 6)).toBe(1);
    // asked for again: the upgrade makes brotli 11 and, the page having a gzip copy, gzip 9
    const best = bestBrotli(html);
    await expect.poll(async () => (await encoded('br')).body.equals(best), { timeout: 5_000 }).toBe(true);
    const br = await encoded('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(best.length));
    const bestGzip = gzipSync(html, { level: 9 });
    const upgraded = await encoded('gzip');
    expectGzip(upgraded, 'upgraded');
    expect(upgraded.body.equals(bestGzip)).toBe(true);
    expect(gzipRuns(html, 9)).toBe(1);
    // HEAD: the gzip copy's length, no body
    const head = await encoded('gzip', 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(String(bestGzip.length));
    expect(head.body.length).toBe(0);
    expect(state.renders).toBe(1);
  });

  it('upgrades a page without a gzip copy to exactly brotli 11 and makes no gzip; a gzip-only client then gets gzip 9 (issue 18)', async () => {
    const html = menuPage('/brotli-only');
    const state = { version: 1 as number | undefined, renders: 0, body: () => html };
    const base = await serve(state);
    const encoded = (encoding: string) => exchange(`${base}/bistro`, { 'accept-encoding': encoding });
    const miss = await encoded('br, gzip');
    expect(miss.headers['x-menu-cache']).toBe('miss');
    expect(miss.body.equals(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }))).toBe(true);
    const best = bestBrotli(html);
    await expect.poll(async () => (await encoded('br, gzip')).body.equals(best), { timeout: 5_000 }).toBe(true);
    // no gzip at any level: not on the miss, not in the upgrade
    expect(gzipRuns(html, 6) + gzipRuns(html, 9)).toBe(0);
    const gzip = await encoded('gzip');
    expect(gzip.headers['x-menu-cache']).toBe('hit');
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
    expect(gzip.body.equals(gzipSync(html, { level: 9 }))).toBe(true);
    expect(gzipRuns(html, 9)).toBe(1);
    expect(gzipRuns(html, 6)).toBe(0);
    expect(state.renders).toBe(1);
  });

  it('a gzip copy being made at level 6 while the page is upgraded ends as gzip 9 (issue 18)', async () => {
    const html = menuPage('/upgrade-race');
    const state = { version: 1 as number | undefined, renders: 0, body: () => html };
    const base = await serve(state);
    const encoded = (encoding: string) => exchange(`${base}/bistro`, { 'accept-encoding': encoding });
    expect((await encoded('br, gzip')).headers['x-menu-cache']).toBe('miss');
    zlibSeam.hold = (input, options) => options.level === 6 && input.toString() === html;
    try {
      // a hit: it queues the upgrade, and makes the gzip copy, held here until the upgrade is done
      const gzipAnswer = encoded('gzip');
      await expect.poll(() => zlibSeam.held.length).toBe(1);
      const best = bestBrotli(html);
      await expect.poll(async () => (await encoded('br')).body.equals(best), { timeout: 5_000 }).toBe(true);
      releaseGzip();
      const gzip = await gzipAnswer;
      expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
      expect(gunzipSync(gzip.body).toString()).toBe(html);
    } finally {
      releaseGzip();
    }
    // the level-6 copy, finished after the upgrade, did not replace the upgrade's gzip 9
    const upgraded = await encoded('gzip');
    expect(upgraded.body.equals(gzipSync(html, { level: 9 }))).toBe(true);
    expect(upgraded.headers['content-length']).toBe(String(upgraded.body.length));
    expect(gzipRuns(html, 6)).toBe(1);
    expect(gzipRuns(html, 9)).toBe(1);
    expect(state.renders).toBe(1);
  });

  it('renders once for many guests arriving together', async () => {
    const state = { version: 7 as number | undefined, renders: 0 };
    const base = await serve(state);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/bistro`).then((r) => r.text())));
    expect(new Set(bodies)).toEqual(new Set(['<h1>v7 ro </h1>']));
    expect(state.renders).toBe(1);
  });

  it('leaves unknown slugs and other paths to the app', async () => {
    const state = { version: undefined as number | undefined, renders: 0 };
    const base = await serve(state);
    expect((await fetch(`${base}/nobody`)).status).toBe(418);
    state.version = 1;
    for (const path of ['/a/b', '/Bistro', '/bistro.js']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(418);
    }
    expect(state.renders).toBe(0);
  });

  it('answers in brotli or gzip as asked, and 304 to a matching ETag', async () => {
    const state = { version: 3 as number | undefined, renders: 0 };
    const base = await serve(state);
    const raw = (encoding: string, etag?: string) =>
      new Promise<{ status: number; encoding?: string; etag?: string; body: Buffer }>((resolve) => {
        // node:http, not fetch: fetch would decompress the body
        get(`${base}/bistro`, { headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], etag: res.headers.etag, body: Buffer.concat(chunks) }),
          );
        });
      });
    const br = await raw('gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('<h1>v3 ro </h1>');
    const gzip = await raw('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe('<h1>v3 ro </h1>');
    const again = await raw('br', br.etag);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
