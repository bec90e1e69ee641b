import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import type { Logger } from 'pino';

const brotliAsync = promisify(brotliCompress);
export const brotliDecompressAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/**
 * The menu cache's memory (server/menu-cache.ts says why it holds what it holds): rendered pages
 * as their brotli copy and, once a gzip-only client asked, a gzip copy, bounded in bytes with the
 * least recently used page out first; a page asked for again is upgraded in the background.
 */

/** A rendered page as the cache keeps it. */
export interface CachedPage {
  version: number;
  etag: string;
  /** bytes of the raw HTML, which is not kept (the brotli copy decompresses to it) */
  htmlLength: number;
  br: Buffer;
  /** made from the brotli copy when a client accepting gzip but not br first asks; null until then */
  gzip: Buffer | null;
  contentType: string;
  /** location ids of this version; the first is what a bare link shows */
  locations: readonly string[];
  /** brotli 11 is in place, and gzip 9 whenever there is a gzip copy */
  upgraded: boolean;
  /** ms: from then on the page differs with the clock alone (X-Menu-Valid-Until); Infinity: never */
  validUntil: number;
}

export const LOCATION_ID = /^[A-Za-z0-9-]{1,64}$/;
/**
 * The only compression a miss pays for before its first byte (issue 18): brotli 4, about 2.9 ms of
 * CPU for a 280 KB menu (32.3 KB, against 29.5 KB at quality 5); no gzip, which is made later and
 * only for a client that needs it.
 */
const MISS_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

function sizeOf(entry: CachedPage): number {
  return entry.br.length + (entry.gzip?.length ?? 0) + 256;
}

export function createPageStore(options: { maxBytes: number; logger: Logger }) {
  const entries = new Map<string, CachedPage>();
  const { maxBytes } = options;
  let bytes = 0;
  /** one background upgrade at a time: it must never compete with answering guests */
  let upgrades: Promise<void> = Promise.resolve();
  /** pages whose upgrade is queued or done, so many hits queue it once */
  const upgrading = new WeakSet<CachedPage>();
  /** gzip copies being made, so gzip-only clients arriving together cause one compression */
  const gzipping = new WeakMap<CachedPage, Promise<Buffer>>();

  function forget(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= sizeOf(old);
  }

  function remember(key: string, entry: CachedPage) {
    forget(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    evictFor(key);
  }

  /** Drops the least recently used pages other than `key` until the budget holds. */
  function evictFor(key: string) {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      if (oldest !== key) forget(oldest);
    }
  }

  /** Changes a cached entry in place, keeping `bytes` exact and its place in the eviction order. */
  function resize(key: string, entry: CachedPage, change: Partial<CachedPage>) {
    bytes -= sizeOf(entry);
    Object.assign(entry, change);
    bytes += sizeOf(entry);
    evictFor(key);
  }

  /**
   * The entry's gzip copy, made from the brotli one on first need (one compression however many
   * ask together) and kept while the entry is the one cached under its key.
   */
  function gzipOf(key: string, entry: CachedPage): Promise<Buffer> {
    if (entry.gzip) return Promise.resolve(entry.gzip);
    let making = gzipping.get(entry);
    if (!making) {
      making = (async () => {
        const html = await brotliDecompressAsync(entry.br);
        const gz = await gzipAsync(html, { level: entry.upgraded ? 9 : 6 });
        // not over the upgrade's gzip 9, and not on a page evicted or replaced meanwhile
        if (entry.gzip === null && entries.get(key) === entry) resize(key, entry, { gzip: gz });
        return gz;
      })().finally(() => gzipping.delete(entry));
      gzipping.set(entry, making);
    }
    return making;
  }

  /** Marks an entry as recently used (a Map keeps insertion order). */
  function touch(key: string, entry: CachedPage) {
    entries.delete(key);
    entries.set(key, entry);
  }

  function upgradeLater(key: string, entry: CachedPage) {
    if (upgrading.has(entry)) return;
    upgrading.add(entry);
    upgrades = upgrades.then(async () => {
      if (entries.get(key) !== entry) return; // replaced or evicted meanwhile
      try {
        // the raw HTML is not kept: the brotli copy gives it back, once, for both recompressions
        const html = await brotliDecompressAsync(entry.br);
        const br = await brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
        // gzip 9 only for a page that has a gzip copy or is having one made (then it replaces that
        // level-6 copy); asked here, after brotli, so no copy made at level 6 outlives the upgrade
        const gz = entry.gzip !== null || gzipping.has(entry) ? await gzipAsync(html, { level: 9 }) : null;
        if (entries.get(key) !== entry) return;
        // in place: an upgrade is not a use, so the page keeps its place in the eviction order
        resize(key, entry, gz ? { br, gzip: gz, upgraded: true } : { br, upgraded: true });
      } catch (error) {
        options.logger.warn({ err: error }, 'menu compression upgrade failed');
      }
    });
  }

  return {
    get: (key: string) => entries.get(key),
    remember,
    touch,
    gzipOf,
    upgradeLater,
    /** what the store holds now: bytes counted against the budget, and pages */
    stats: () => ({ bytes, entries: entries.size, maxBytes }),
  };
}

/**
 * Renders a page and makes its one fast brotli copy; undefined when the app did not answer with a
 * menu (not 200, or no version).
 */
export async function renderPage(
  render: (request: Request) => Promise<Response>,
  url: string,
  locale: string,
  location: string,
  extraHeaders?: Record<string, string>,
): Promise<CachedPage | undefined> {
  const headers = new Headers({ ...extraHeaders, 'user-agent': 'bucate-menu-cache' });
  if (locale === 'ro' || locale === 'en') headers.set('cookie', `lang=${locale}`);
  const response = await render(new Request(url, { headers }));
  const version = Number(response.headers.get('x-menu-version'));
  if (response.status !== 200 || !Number.isInteger(version)) {
    await response.body?.cancel();
    return undefined;
  }
  const html = Buffer.from(await response.arrayBuffer());
  // one fast brotli copy; the raw HTML is dropped and gzip waits for a client needing it (module comment)
  const br = await brotliAsync(html, MISS_BROTLI);
  const locations = (response.headers.get('x-menu-locations') ?? '').split(',').filter((id) => LOCATION_ID.test(id));
  const validUntil = Date.parse(response.headers.get('x-menu-valid-until') ?? '');
  return {
    version,
    // the period is part of the tag: a page rendered again at a boundary is a new page to the browser
    etag: `"m${version}-${locale}-${location}${Number.isFinite(validUntil) ? `-${validUntil.toString(36)}` : ''}"`,
    validUntil: Number.isFinite(validUntil) ? validUntil : Infinity,
    htmlLength: html.length,
    br,
    gzip: null,
    contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
    locations,
    upgraded: false,
  };
}
