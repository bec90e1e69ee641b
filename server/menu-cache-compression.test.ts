import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzip, gzipSync, type CompressCallback, type InputType, type ZlibOptions } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { bestBrotli, brotliBudget, cacheOf, exchange, fastBrotli, menuPage, serve } from '#tests/support/menu-cache-harness.ts';

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

/** Lets the gzip compressions held back run, and holds no more. */
function releaseGzip() {
  zlibSeam.hold = undefined;
  for (const run of zlibSeam.held.splice(0)) run();
}

describe('menu render cache: compressed copies and the byte budget (issue 18)', () => {
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
    for (const [label, headers] of [
      ['hit, no Accept-Encoding', {}],
      ['hit, identity', { 'accept-encoding': 'identity' }],
    ] as const) {
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
});
