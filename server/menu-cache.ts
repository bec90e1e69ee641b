import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Logger } from 'pino';

/**
 * The guest menu's hot path. A rendered menu is kept per (slug, language, location) together with
 * the restaurant's menu version; every request asks the database for the current version (one
 * indexed read) and renders afresh only when it changed. Edits therefore show on the very next
 * request, on every app process sharing the database, while unchanged menus cost no rendering.
 */
export interface MenuCacheOptions {
  /** the restaurant's menu version, or undefined when no restaurant has the slug */
  getVersion(slug: string): Promise<number | undefined>;
  /** renders the page through React Router */
  render(request: Request): Promise<Response>;
  securityHeaders: Record<string, string>;
  logger: Logger;
  maxEntries?: number;
}

interface Entry {
  version: number;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  contentType: string;
}

const SLUG_PATH = /^\/([a-z0-9][a-z0-9-]{0,99})$/;
const LOCATION_QUERY = /^(?:loc=([A-Za-z0-9-]{1,64}))?$/;

function localeOf(req: IncomingMessage): 'ro' | 'en' {
  return /(?:^|;\s*)lang=en(?:;|$)/.test(req.headers.cookie ?? '') ? 'en' : 'ro';
}

export function createMenuCache(options: MenuCacheOptions) {
  const entries = new Map<string, Entry>();
  /** renders in flight, so fifty guests arriving together cause one render, not fifty */
  const pending = new Map<string, Promise<Entry | undefined>>();
  const maxEntries = options.maxEntries ?? 1000;

  function remember(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, started: bigint, hit: boolean) {
    const accept = req.headers['accept-encoding'] ?? '';
    const headers: Record<string, string | number> = {
      ...options.securityHeaders,
      'Content-Type': entry.contentType,
      'Cache-Control': 'no-cache',
      Vary: 'Cookie, Accept-Encoding',
      ETag: entry.etag,
      'X-Menu-Version': entry.version,
      // for operators and the browser tests: whether this answer cost a render
      'X-Menu-Cache': hit ? 'hit' : 'miss',
    };
    let status = 200;
    let body: Buffer = entry.identity;
    if (req.headers['if-none-match'] === entry.etag) {
      status = 304;
      body = Buffer.alloc(0);
    } else if (/\bbr\b/.test(accept)) {
      headers['Content-Encoding'] = 'br';
      body = entry.br;
    } else if (/\bgzip\b/.test(accept)) {
      headers['Content-Encoding'] = 'gzip';
      body = entry.gzip;
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    options.logger.info(
      { req: { method: req.method, url: req.url }, res: { statusCode: status }, responseTime: Number(process.hrtime.bigint() - started) / 1e6, cache: hit ? 'hit' : 'miss' },
      'request completed',
    );
  }

  /** Answers the request when it is a guest menu; returns false to let the app handle it. */
  return async function handleMenuRequest(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
    const slug = SLUG_PATH.exec(path)?.[1];
    const location = LOCATION_QUERY.exec(query);
    if (!slug || !location) return false;
    const started = process.hrtime.bigint();
    const version = await options.getVersion(slug);
    if (version === undefined) return false;
    const locale = localeOf(req);
    const key = `${slug}|${locale}|${location[1] ?? ''}`;
    const cached = entries.get(key);
    if (cached && cached.version === version) {
      send(req, res, cached, started, true);
      return true;
    }
    let rendering = pending.get(key);
    if (!rendering) {
      rendering = renderEntry(`${origin}${url}`, locale, location[1] ?? '').finally(() => pending.delete(key));
      pending.set(key, rendering);
    }
    const entry = await rendering;
    if (!entry) return false;
    remember(key, entry);
    send(req, res, entry, started, false);
    return true;
  };

  async function renderEntry(url: string, locale: string, location: string): Promise<Entry | undefined> {
    const headers = new Headers({ cookie: `lang=${locale}`, 'user-agent': 'bucate-menu-cache' });
    const response = await options.render(new Request(url, { headers }));
    const version = Number(response.headers.get('x-menu-version'));
    if (response.status !== 200 || !Number.isInteger(version)) {
      await response.body?.cancel();
      return undefined;
    }
    const identity = Buffer.from(await response.arrayBuffer());
    return {
      version,
      etag: `"m${version}-${locale}-${location}"`,
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
    };
  }
}
