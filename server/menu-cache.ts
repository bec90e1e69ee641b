import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { MENU_LANGUAGE_PARAM, requestedMenuLanguage } from '#app/modules/translation/content-language.ts';
import { brotliDecompressAsync, createPageStore, LOCATION_ID, renderPage, type CachedPage } from './menu-cache-store.ts';

/**
 * The guest menu's hot path. A rendered menu is kept per (slug, language, location) together with
 * the restaurant's menu version; every request asks the database for the current version (one
 * indexed read) and renders afresh only when it changed. Edits therefore show on the very next
 * request, on every app process sharing the database, while unchanged menus cost no rendering.
 *
 * The key is built from canonical inputs only: a `loc` that is not one of the menu's locations
 * is answered with the default page, and every other query parameter (utm_*, fbclid, …) is
 * ignored (`via`, the QR short link's source, included), so no request can make the cache render
 * or store a page it already has. Memory is bounded in bytes, least recently used first out.
 *
 * What is stored is the page's brotli copy, and a gzip copy only once a client asked for one; not
 * the raw HTML. With 10,000 restaurants most requests for the long tail of menus are misses, so a
 * miss must cost little (issue 18: ≤ 15 ms): it is compressed once, with brotli quality 4, off the
 * event loop (zlib's thread pool), before its first byte is sent. Browsers and CDNs all send
 * `Accept-Encoding: br, gzip`, so gzip on every miss was CPU and memory spent for rare clients;
 * a client that accepts gzip but not br gets the gzip copy made on first need from the brotli one
 * (one build per page however many ask together, level 6, or 9 once the page is upgraded), and
 * that copy is kept and counted against the budget. The raw HTML was three quarters of every
 * entry (bench:menu:zipf, 10,000 menus: a 65 % hit ratio when it was kept); the rare client that
 * accepts neither gets the brotli copy decompressed for it (not cached).
 *
 * A page asked for again is upgraded in the background: brotli 11 made from the brotli copy's
 * text, and gzip 9 when the page has a gzip copy (or one is being made). The store of pages is
 * server/menu-cache-store.ts; this file is the HTTP side: canonical keys and the answer.
 */
export interface MenuCacheOptions {
  /** the restaurant's menu version, or undefined when no restaurant has the slug */
  getVersion(slug: string): Promise<number | undefined>;
  /**
   * Renders the page through React Router. The answer carries `X-Menu-Version`, and
   * `X-Menu-Locations`: the ids a `loc` parameter may name (comma-separated, first = default).
   */
  render(request: Request): Promise<Response>;
  securityHeaders: Record<string, string>;
  logger: Logger;
  /**
   * memory for rendered pages: their brotli copies, and the gzip copies made for gzip-only clients
   * (default 64 MB; the raw HTML is not kept)
   */
  maxBytes?: number;
  /** called once per answer, for metrics */
  onAnswer?(outcome: 'hit' | 'miss'): void;
  /**
   * Seconds a shared cache (a CDN, nginx's proxy_cache) may serve a page without asking us, and
   * as long again stale while it revalidates (docs/deploying.md). 0 (the default): every cache
   * revalidates every time (`no-cache` + ETag), so edits show on the next request.
   */
  sharedMaxAge?: number;
  /**
   * called once per answer before it is written, hits included (owner insights count views here,
   * in memory); may add headers to the answer
   */
  onServe?(served: ServedMenu): Record<string, string> | undefined;
  /**
   * The time a request is answered at, in ms (default: the real clock). A page whose render said
   * `X-Menu-Valid-Until` is rendered again once that moment has passed (decision 0022).
   */
  now?(req: IncomingMessage): number;
  /** headers of the guest's request handed on to the render (the browser tests' clock) */
  renderHeaders?(req: IncomingMessage): Record<string, string>;
}

/**
 * Browsers always revalidate (ETag → 304); shared caches may keep a page `sharedMaxAge` seconds,
 * and as long again stale, but never past the moment the page changes with the clock
 * (`secondsLeft` until its X-Menu-Valid-Until; decision 0022).
 */
export function menuCacheControl(sharedMaxAge = 0, secondsLeft = Infinity): string {
  const fresh = Math.min(sharedMaxAge, Math.floor(secondsLeft));
  if (fresh <= 0) return 'no-cache';
  const stale = Math.min(sharedMaxAge, Math.floor(secondsLeft) - fresh);
  return `public, max-age=0, s-maxage=${fresh}${stale > 0 ? `, stale-while-revalidate=${stale}` : ''}`;
}

/** What was answered: the page's canonical inputs and the status (200 or 304). */
export interface ServedMenu {
  req: IncomingMessage;
  slug: string;
  /** the guest menu's content language (ro, en, de, …; app/modules/translation) */
  locale: string;
  /** the location the page shows: the one asked for, or the default ('' when none) */
  locationId: string;
  status: 200 | 304;
}

const SLUG_PATH = /^\/([a-z0-9][a-z0-9-]{0,99})$/;

/**
 * The guest menu's language (app/modules/translation/content-language.ts): `?lang=`, the site's
 * cookie, or Accept-Language; one of a fixed list, so the key space stays bounded.
 */
function localeOf(req: IncomingMessage, query: string): string {
  const header = req.headers['accept-language'];
  return requestedMenuLanguage(query, req.headers.cookie, Array.isArray(header) ? header.join(',') : header);
}

/** The `loc` a request names, if any; every other parameter is not part of the page. */
function requestedLocation(query: string): string {
  if (!query) return '';
  const value = new URLSearchParams(query).get('loc') ?? '';
  return LOCATION_ID.test(value) ? value : '';
}

export function createMenuCache(options: MenuCacheOptions) {
  const cacheControl = menuCacheControl(options.sharedMaxAge);
  const now = options.now ?? (() => Date.now());
  const store = createPageStore({ maxBytes: options.maxBytes ?? 64 * 1024 * 1024, logger: options.logger });
  /** renders in flight, so fifty guests arriving together cause one render, not fifty */
  const pending = new Map<string, Promise<CachedPage | undefined>>();

  async function send(req: IncomingMessage, res: ServerResponse, key: string, entry: CachedPage, started: bigint, hit: boolean, page: Omit<ServedMenu, 'req' | 'status'>) {
    const accept = req.headers['accept-encoding'] ?? '';
    const headers: Record<string, string | number> = {
      ...options.securityHeaders,
      'Content-Type': entry.contentType,
      'Cache-Control': entry.validUntil === Infinity ? cacheControl : menuCacheControl(options.sharedMaxAge, (entry.validUntil - now(req)) / 1000),
      Vary: 'Cookie, Accept-Encoding, Accept-Language',
      ETag: entry.etag,
      'X-Menu-Version': entry.version,
      // for operators and the browser tests: whether this answer cost a render
      'X-Menu-Cache': hit ? 'hit' : 'miss',
      ...(entry.validUntil === Infinity ? {} : { 'X-Menu-Valid-Until': new Date(entry.validUntil).toISOString() }),
    };
    let status = 200;
    let body: Buffer | undefined;
    let length = 0;
    if (req.headers['if-none-match'] === entry.etag) {
      status = 304;
    } else if (/\bbr\b/.test(accept)) {
      headers['Content-Encoding'] = 'br';
      body = entry.br;
      length = body.length;
    } else if (/\bgzip\b/.test(accept)) {
      // rare (browsers and CDNs accept br): made on first need, a HEAD included (it needs the length)
      headers['Content-Encoding'] = 'gzip';
      body = await store.gzipOf(key, entry);
      length = body.length;
    } else {
      // neither (curl, a probe): the raw HTML, from the brotli copy; a HEAD needs only its length
      length = entry.htmlLength;
      if (req.method !== 'HEAD') body = await brotliDecompressAsync(entry.br);
    }
    headers['Content-Length'] = length;
    Object.assign(headers, options.onServe?.({ req, ...page, status: status === 304 ? 304 : 200 }));
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    options.onAnswer?.(hit ? 'hit' : 'miss');
    options.logger.info(
      { req: { method: req.method, url: req.url }, res: { statusCode: status }, responseTime: Number(process.hrtime.bigint() - started) / 1e6, cache: hit ? 'hit' : 'miss' },
      'request completed',
    );
  }

  /** The entry for a key at this version: cached, being rendered, or rendered now (once). */
  async function entryFor(
    req: IncomingMessage,
    key: string,
    url: string,
    locale: string,
    location: string,
    version: number,
  ): Promise<{ entry: CachedPage | undefined; hit: boolean }> {
    const cached = store.get(key);
    if (cached && cached.version === version && now(req) < cached.validUntil) {
      store.touch(key, cached);
      // upgraded once asked for again: with many menus most misses are one-off visits to the long
      // tail, and brotli 11 on every one of them kept a core busy (bench:menu:zipf, 10,000 menus)
      if (!cached.upgraded) store.upgradeLater(key, cached);
      return { entry: cached, hit: true };
    }
    let rendering = pending.get(key);
    if (!rendering) {
      rendering = renderPage(options.render, url, locale, location, options.renderHeaders?.(req)).finally(() => pending.delete(key));
      pending.set(key, rendering);
    }
    const entry = await rendering;
    if (entry && store.get(key) !== entry) store.remember(key, entry);
    return { entry, hit: false };
  }

  /** Answers the request when it is a guest menu; returns false to let the app handle it. */
  async function handleMenuRequest(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const slug = SLUG_PATH.exec(path)?.[1];
    if (!slug) return false;
    const started = process.hrtime.bigint();
    const version = await options.getVersion(slug);
    if (version === undefined) return false;
    const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
    const locale = localeOf(req, query);
    const base = `${slug}|${locale}|`;
    // ro/en reach the page as the site's cookie; other languages as ?lang= (the loader reads both)
    const langParam = locale === 'ro' || locale === 'en' ? '' : `${MENU_LANGUAGE_PARAM}=${locale}`;
    // the default page first: it says which locations exist at this version
    const first = await entryFor(req, base, `${origin}/${slug}${langParam ? `?${langParam}` : ''}`, locale, '', version);
    if (!first.entry) return false;
    const asked = requestedLocation(query);
    // a location that does not exist, or the default one by name, is the default page
    if (!asked || asked === first.entry.locations[0] || !first.entry.locations.includes(asked)) {
      await send(req, res, base, first.entry, started, first.hit, { slug, locale, locationId: first.entry.locations[0] ?? '' });
      return true;
    }
    const key = `${base}${asked}`;
    const named = await entryFor(req, key, `${origin}/${slug}?loc=${asked}${langParam ? `&${langParam}` : ''}`, locale, asked, version);
    if (!named.entry) return false;
    await send(req, res, key, named.entry, started, named.hit, { slug, locale, locationId: asked });
    return true;
  }

  /** What the cache holds now, for /metrics: bytes counted against the budget, and pages. */
  return Object.assign(handleMenuRequest, { stats: store.stats });
}
