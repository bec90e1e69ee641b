import { createServer, get, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMenuCache } from './menu-cache.ts';

let server: Server | undefined;
afterEach(() => server?.close());

/** A real HTTP server in front of the cache, with a database version and a renderer we control. */
async function serve(state: { version: number | undefined; renders: number }) {
  const handle = createMenuCache({
    getVersion: async () => state.version,
    render: async (request) => {
      state.renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const locale = request.headers.get('cookie') === 'lang=en' ? 'en' : 'ro';
      return new Response(`<h1>v${state.version} ${locale} ${new URL(request.url).search}</h1>`, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'x-menu-version': String(state.version) },
      });
    },
    securityHeaders: { 'X-Content-Type-Options': 'nosniff' },
    logger: pino({ level: 'silent' }),
  });
  server = createServer((req, res) => {
    void handle(req, res, 'http://localhost').then((handled) => {
      if (!handled) res.writeHead(418).end('app');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('menu render cache', () => {
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
    expect(state.renders).toBe(2);
  });

  it('renders once for many guests arriving together', async () => {
    const state = { version: 7 as number | undefined, renders: 0 };
    const base = await serve(state);
    const bodies = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/bistro`).then((r) => r.text())));
    expect(new Set(bodies)).toEqual(new Set(['<h1>v7 ro </h1>']));
    expect(state.renders).toBe(1);
  });

  it('leaves unknown slugs, other paths and other queries to the app', async () => {
    const state = { version: undefined as number | undefined, renders: 0 };
    const base = await serve(state);
    expect((await fetch(`${base}/nobody`)).status).toBe(418);
    state.version = 1;
    for (const path of ['/a/b', '/bistro?utm=x', '/Bistro', '/bistro.js']) {
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
