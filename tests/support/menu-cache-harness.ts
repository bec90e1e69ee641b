import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import pino from 'pino';
import { expect, onTestFinished } from 'vitest';
import { createMenuCache } from '#server/menu-cache.ts';

/**
 * The menu cache behind a real HTTP server, with a database version and a renderer the test controls
 * (server/menu-cache*.test.ts). A server `serve` starts is closed when the test that started it ends.
 */

let server: Server | undefined;
/** the cache behind the last `serve`, for its stats() */
let cache: ReturnType<typeof createMenuCache> | undefined;
/** the cache behind the last `serve` (its stats()) */
export const lastCache = () => cache!;
/** closes the last `serve`'s server now (the next `serve` starts another) */
export const closeServer = () => server?.close();

/** A real HTTP server in front of the cache, with a database version and a renderer we control. */
export async function serve(
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
  const started = (server = createServer((req, res) => {
    void handle(req, res, 'http://localhost').then((handled) => {
      if (!handled) res.writeHead(418).end('app');
    });
  }));
  // registered by the test, not when this module loads: test files that share their worker's modules load it once
  onTestFinished(() => void started.close());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** One exchange over node:http (fetch would ask for gzip and decompress): status, headers, raw body. */
export function exchange(url: string, headers: Record<string, string> = {}, method = 'GET') {
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
export function menuPage(seed: string): string {
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
export const fastBrotli = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
export const bestBrotli = (html: string) =>
  brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
/** per entry, more than the cache's bookkeeping overhead */
export const SLACK = 512;
/** a budget that holds the brotli copies (as a miss makes them) of any `count` of these paths' menuPage, and little more */
export const brotliBudget = (paths: string[], count = paths.length) => count * (Math.max(...paths.map((path) => fastBrotli(menuPage(path)))) + SLACK);

/** Whether the page was a hit, asked for as browsers do (fetch over http asks for gzip only, which makes a gzip copy). */
export async function cacheOf(base: string, path: string): Promise<string | undefined> {
  const answer = await exchange(`${base}${path}`, { 'accept-encoding': 'br, gzip' });
  expect(answer.headers['content-encoding'], path).toBe('br');
  return answer.headers['x-menu-cache'] as string | undefined;
}
