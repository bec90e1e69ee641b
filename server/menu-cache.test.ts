import { get } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bestBrotli, brotliBudget, cacheOf, closeServer, fastBrotli, lastCache, menuPage, serve } from '#tests/support/menu-cache-harness.ts';

describe('menu render cache', () => {
  it('tells every cache to revalidate by default, and lets shared caches keep a page for a bound when configured', async () => {
    const state = { version: 1 as number | undefined, renders: 0 };
    let base = await serve(state);
    const plain = await fetch(`${base}/bistro`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag')!;
    expect((await fetch(`${base}/bistro`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    closeServer();

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
    const paths = [
      '/bistro',
      '/bistro?loc=nope',
      '/bistro?loc=first',
      '/bistro?utm_source=qr&fbclid=x',
      '/bistro?via=QrCode12',
      '/bistro?via=Table007&loc=first',
      '/bistro?loc=%00',
      `/bistro?loc=${'x'.repeat(200)}`,
    ];
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
    expect(lastCache().stats()).toEqual({ bytes: expect.any(Number), entries: 2, maxBytes });
    expect(lastCache().stats().bytes).toBeLessThanOrEqual(maxBytes);
    expect(lastCache().stats().bytes).toBeGreaterThan(maxBytes / 2);
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
          res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], etag: res.headers.etag, body: Buffer.concat(chunks) }));
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
