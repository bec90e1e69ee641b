import { createServer, type Server } from 'node:http';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMenuCache, menuCacheControl } from './menu-cache.ts';

/**
 * The render cache across a clock boundary (decision 0022): a page that says when it changes with
 * the clock (X-Menu-Valid-Until) is rendered again at that moment, even with no edit, and no
 * browser or shared cache is told it may keep it longer.
 */
let server: Server | undefined;
afterEach(() => server?.close());

const T0 = Date.parse('2026-11-23T08:30:00Z');

async function serve(clock: { now: number; validFor: number | null; renders: number; seen: (string | null)[] }, sharedMaxAge = 0) {
  const handle = createMenuCache({
    sharedMaxAge,
    getVersion: async () => 7,
    now: () => clock.now,
    renderHeaders: (req) => ({ 'x-test-now': String(req.headers['x-test-now'] ?? '') }),
    render: async (request) => {
      clock.renders++;
      clock.seen.push(request.headers.get('x-test-now'));
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'x-menu-version': '7', 'x-menu-locations': 'first' };
      if (clock.validFor !== null) headers['x-menu-valid-until'] = new Date(clock.now + clock.validFor).toISOString();
      return new Response(`<p>rendered at ${new Date(clock.now).toISOString()}</p>`, { headers });
    },
    securityHeaders: {},
    logger: pino({ level: 'silent' }),
  });
  server = createServer((req, res) => void handle(req, res, 'http://localhost').then((handled) => handled || res.writeHead(418).end()));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('menu render cache across a clock boundary', () => {
  it('serves the page until the moment its render reported, then renders it again with a new ETag', async () => {
    const clock = { now: T0, validFor: (30 * 60_000) as number | null, renders: 0, seen: [] as (string | null)[] };
    const base = await serve(clock);
    const first = await fetch(`${base}/bistro`, { headers: { 'x-test-now': 'fake' } });
    expect(await first.text()).toBe('<p>rendered at 2026-11-23T08:30:00.000Z</p>');
    expect(first.headers.get('x-menu-valid-until')).toBe('2026-11-23T09:00:00.000Z');
    // the guest's clock header reaches the render (the browser tests' fake clock)
    expect(clock.seen).toEqual(['fake']);

    clock.now = Date.parse('2026-11-23T08:59:59.999Z');
    const before = await fetch(`${base}/bistro`);
    expect(before.headers.get('x-menu-cache')).toBe('hit');
    expect(clock.renders).toBe(1);

    clock.now = Date.parse('2026-11-23T09:00:00Z');
    const after = await fetch(`${base}/bistro`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    // the browser's copy is of the earlier period: a full new page, not 304
    expect(after.status).toBe(200);
    expect(after.headers.get('x-menu-cache')).toBe('miss');
    expect(await after.text()).toBe('<p>rendered at 2026-11-23T09:00:00.000Z</p>');
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(clock.renders).toBe(2);
  });

  it('a page that never changes with the clock stays cached (no X-Menu-Valid-Until)', async () => {
    const clock = { now: T0, validFor: null as number | null, renders: 0, seen: [] as (string | null)[] };
    const base = await serve(clock);
    await fetch(`${base}/bistro`);
    clock.now += 365 * 86_400_000;
    expect((await fetch(`${base}/bistro`)).headers.get('x-menu-cache')).toBe('hit');
    expect(clock.renders).toBe(1);
  });

  it('a shared cache may keep the page only until the boundary, stale time included', async () => {
    const clock = { now: T0, validFor: 60_000 as number | null, renders: 0, seen: [] as (string | null)[] };
    const base = await serve(clock, 600);
    expect((await fetch(`${base}/bistro`)).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    clock.now += 45_000;
    expect((await fetch(`${base}/bistro`)).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=15');
    expect(menuCacheControl(10, 60)).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=10');
    expect(menuCacheControl(10, 15.5)).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=5');
    expect(menuCacheControl(10, 0.4)).toBe('no-cache');
    expect(menuCacheControl(0, 60)).toBe('no-cache');
    expect(menuCacheControl(10)).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=10');
  });
});
