import { timingSafeEqual } from 'node:crypto';
import type express from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { matchRoutes, type ServerBuild } from 'react-router';

/**
 * The operator's numbers at /metrics (Prometheus text format): request durations by route
 * pattern (never the raw URL, which would make one series per menu and per token), menu cache hits
 * and misses and its memory, the PostgreSQL pool's use, and the process itself. Behind METRICS_TOKEN (Bearer);
 * without it the endpoint does not exist (404).
 */
export function createMetrics(options: {
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /** the guest menu cache's contents (absent in development, where there is no cache) */
  menuCacheStats(): { bytes: number; entries: number; maxBytes: number } | undefined;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const menuCache = new Counter({ name: 'menu_cache_requests_total', help: 'Guest menu answers by cache result', labelNames: ['result'] as const, registers: [registry] });
  new Gauge({
    name: 'menu_cache_bytes',
    help: 'Bytes the guest menu cache holds (used), and its budget (max, MENU_CACHE_MAX_MB)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const stats = options.menuCacheStats();
      if (!stats) return;
      this.set({ kind: 'used' }, stats.bytes);
      this.set({ kind: 'max' }, stats.maxBytes);
    },
  });
  new Gauge({
    name: 'menu_cache_entries',
    help: 'Rendered guest menu pages the cache holds',
    registers: [registry],
    collect() {
      const stats = options.menuCacheStats();
      if (stats) this.set(stats.entries);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on SQLite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return { registry, duration, menuCache };
}

type RouteNode = { id: string; path?: string; index?: boolean; children: RouteNode[] };

/** Maps a URL path to its route pattern ("/:restaurantSlug/admin/products/:productId") through the build's route table. */
export function createRoutePatternOf(build: ServerBuild): (pathname: string) => string {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // matchRoutes flattens, ranks and compiles the whole route table on every call (0.5 ms here, on
  // every request that is not a cached menu); a path's pattern never changes, so each is matched once
  const known = new Map<string, string>();
  return (pathname) => {
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      const matches = matchRoutes(roots as never, pathname.replace(/\.data$/, '')) as { route: RouteNode }[] | null;
      pattern = matches?.length
        ? `/${matches
            .map((m) => m.route.path)
            .filter(Boolean)
            .join('/')}`.replace(/\/+/g, '/')
        : 'unmatched';
      // bounded: paths carry ids (a product, a token), so the oldest make room
      if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value!);
      known.set(pathname, pattern);
    }
    return pattern;
  };
}

/** Paths whose route pattern is remembered (a few hundred KB at most). */
const KNOWN_PATHS = 2000;

/** The /metrics handler: 404 without METRICS_TOKEN, 401 with a wrong Bearer, the text format otherwise. */
export function metricsHandler(registry: Registry, token: string | undefined): express.RequestHandler {
  return async (req, res) => {
    if (!token) return void res.status(404).type('text/plain').send('Not Found');
    const given = Buffer.from(req.get('authorization') ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return void res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized');
    }
    res
      .set('Content-Type', registry.contentType)
      .set('Cache-Control', 'no-store')
      .send(await registry.metrics());
  };
}
