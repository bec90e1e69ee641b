import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import type { Logger } from 'pino';
import { MENU_LANGUAGE_PARAM, requestedMenuLanguage } from '#app/modules/translation/content-language.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The guest menu's hot path. A rendered menu is kept per (slug, language, location) together with
 * the restaurant's menu version; every request asks the database for the current version (one
 * indexed read) and renders afresh only when it changed. Edits therefore show on the very next
 * request, on every app process sharing the database, while unchanged menus cost no rendering.
 *
 * The key is built from canonical inputs only: a `loc` that is not one of the menu's locations
 * is answered with the default page, and every other query parameter (utm_*, fbclid, …) is
 * ignored (`via`, the QR short link's source, included), so no request can make the cache render
 * or store a page it already has. A miss is
 * compressed quickly off the event loop (zlib's thread pool) and upgraded to maximum compression
 * in the background once it is asked for again; memory is bounded in bytes, least recently used first out.
 *
 * Only the compressed copies (brotli and gzip) are stored, not the raw HTML: browsers and CDNs
 * all send `Accept-Encoding: br, gzip`, and the raw HTML was three quarters of every entry, so
 * keeping it cut the number of menus the budget holds to a quarter (bench:menu:zipf, 10,000
 * menus: a 65 % hit ratio). The rare client that accepts neither gets the gzip copy decompressed
 * for it (off the event loop, not cached); the background upgrade takes its text from the same copy.
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
  /** memory for rendered pages: their brotli and gzip copies (default 64 MB; the raw HTML is not kept) */
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

interface Entry {
  version: number;
  etag: string;
  /** bytes of the raw HTML, which is not kept (the gzip copy decompresses to it) */
  htmlLength: number;
  gzip: Buffer;
  br: Buffer;
  contentType: string;
  /** location ids of this version; the first is what a bare link shows */
  locations: readonly string[];
  /** brotli 11 and gzip 9 are in place */
  upgraded: boolean;
  /** ms: from then on the page differs with the clock alone (X-Menu-Valid-Until); Infinity: never */
  validUntil: number;
}

const SLUG_PATH = /^\/([a-z0-9][a-z0-9-]{0,99})$/;
const LOCATION_ID = /^[A-Za-z0-9-]{1,64}$/;
const FAST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

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

function sizeOf(entry: Entry): number {
  return entry.gzip.length + entry.br.length + 256;
}

export function createMenuCache(options: MenuCacheOptions) {
  const cacheControl = menuCacheControl(options.sharedMaxAge);
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  /** renders in flight, so fifty guests arriving together cause one render, not fifty */
  const pending = new Map<string, Promise<Entry | undefined>>();
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  /** one background upgrade at a time: it must never compete with answering guests */
  let upgrades: Promise<void> = Promise.resolve();
  /** pages whose upgrade is queued or done, so many hits queue it once */
  const upgrading = new WeakSet<Entry>();

  function forget(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= sizeOf(old);
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes || oldest === key) break;
      forget(oldest);
    }
  }

  /** Marks an entry as recently used (a Map keeps insertion order). */
  function touch(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
  }

  function upgradeLater(key: string, entry: Entry) {
    if (upgrading.has(entry)) return;
    upgrading.add(entry);
    upgrades = upgrades.then(async () => {
      if (entries.get(key) !== entry) return; // replaced or evicted meanwhile
      try {
        // the raw HTML is not kept: the gzip copy gives it back, once, for both recompressions
        const html = await gunzipAsync(entry.gzip);
        const [br, gz] = await Promise.all([
          brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
          gzipAsync(html, { level: 9 }),
        ]);
        if (entries.get(key) !== entry) return;
        // in place: an upgrade is not a use, so the page keeps its place in the eviction order
        bytes -= sizeOf(entry);
        Object.assign(entry, { br, gzip: gz, upgraded: true });
        bytes += sizeOf(entry);
      } catch (error) {
        options.logger.warn({ err: error }, 'menu compression upgrade failed');
      }
    });
  }

  async function send(req: IncomingMessage, res: ServerResponse, entry: Entry, started: bigint, hit: boolean, page: Omit<ServedMenu, 'req' | 'status'>) {
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
      headers['Content-Encoding'] = 'gzip';
      body = entry.gzip;
      length = body.length;
    } else {
      // neither (curl, a probe): the raw HTML, from the gzip copy; a HEAD needs only its length
      length = entry.htmlLength;
      if (req.method !== 'HEAD') body = await gunzipAsync(entry.gzip);
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
  async function entryFor(req: IncomingMessage, key: string, url: string, locale: string, location: string, version: number): Promise<{ entry: Entry | undefined; hit: boolean }> {
    const cached = entries.get(key);
    if (cached && cached.version === version && now(req) < cached.validUntil) {
      touch(key, cached);
      // upgraded once asked for again: with many menus most misses are one-off visits to the long
      // tail, and brotli 11 on every one of them kept a core busy (bench:menu:zipf, 10,000 menus)
      if (!cached.upgraded) upgradeLater(key, cached);
      return { entry: cached, hit: true };
    }
    let rendering = pending.get(key);
    if (!rendering) {
      rendering = renderEntry(url, locale, location, options.renderHeaders?.(req)).finally(() => pending.delete(key));
      pending.set(key, rendering);
    }
    const entry = await rendering;
    if (entry && entries.get(key) !== entry) remember(key, entry);
    return { entry, hit: false };
  }

  /** Answers the request when it is a guest menu; returns false to let the app handle it. */
  return async function handleMenuRequest(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> {
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
      await send(req, res, first.entry, started, first.hit, { slug, locale, locationId: first.entry.locations[0] ?? '' });
      return true;
    }
    const named = await entryFor(req, `${base}${asked}`, `${origin}/${slug}?loc=${asked}${langParam ? `&${langParam}` : ''}`, locale, asked, version);
    if (!named.entry) return false;
    await send(req, res, named.entry, started, named.hit, { slug, locale, locationId: asked });
    return true;
  };

  async function renderEntry(url: string, locale: string, location: string, extraHeaders?: Record<string, string>): Promise<Entry | undefined> {
    const headers = new Headers({ ...extraHeaders, 'user-agent': 'bucate-menu-cache' });
    if (locale === 'ro' || locale === 'en') headers.set('cookie', `lang=${locale}`);
    const response = await options.render(new Request(url, { headers }));
    const version = Number(response.headers.get('x-menu-version'));
    if (response.status !== 200 || !Number.isInteger(version)) {
      await response.body?.cancel();
      return undefined;
    }
    const html = Buffer.from(await response.arrayBuffer());
    // compressed fast; the raw HTML is dropped once both copies exist (see the module's comment)
    const [br, gz] = await Promise.all([brotliAsync(html, FAST_BROTLI), gzipAsync(html, { level: 6 })]);
    const locations = (response.headers.get('x-menu-locations') ?? '').split(',').filter((id) => LOCATION_ID.test(id));
    const validUntil = Date.parse(response.headers.get('x-menu-valid-until') ?? '');
    return {
      version,
      // the period is part of the tag: a page rendered again at a boundary is a new page to the browser
      etag: `"m${version}-${locale}-${location}${Number.isFinite(validUntil) ? `-${validUntil.toString(36)}` : ''}"`,
      validUntil: Number.isFinite(validUntil) ? validUntil : Infinity,
      htmlLength: html.length,
      gzip: gz,
      br,
      contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
      locations,
      upgraded: false,
    };
  }
}
