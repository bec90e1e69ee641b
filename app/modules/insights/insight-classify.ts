import { isbot } from 'isbot';

/**
 * What a guest's request says, reduced to the few words insights keep (decision 0018): whether it
 * is a view at all, where the guest came from, and the local day and hour. Nothing here is stored
 * as it was received: no address, no user agent, no referrer URL.
 */

export const SOURCES = ['qr', 'table', 'direct', 'search', 'social', 'referrer'] as const;
export type Source = (typeof SOURCES)[number];

/** A short code as `/m/<code>` accepts it (restaurant or table), carried on as `?via=`. */
export const VIA_CODE = /^[A-Za-z0-9_-]{4,32}$/;

/** A revalidation (304) within this long after the guest's last counted view is the same visit. */
export const REVISIT_WINDOW_MS = 30 * 60 * 1000;

export interface RequestFacts {
  method: string;
  userAgent: string | undefined;
  /** Sec-Fetch-Dest, when the browser sends it */
  fetchDest: string | undefined;
  /** Sec-Purpose or Purpose (prefetch, prerender) */
  purpose: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  /** If-Modified-Since the browser echoed (our own Last-Modified of its last counted view) */
  ifModifiedSince: string | undefined;
}

/** Whether the answer is a guest opening the menu (bots, prefetches, service-worker fetches, HEAD are not). */
export function isCountableView(facts: RequestFacts, now: number): boolean {
  if (facts.method !== 'GET') return false;
  const agent = facts.userAgent ?? '';
  if (!agent || isbot(agent)) return false;
  if (facts.purpose && /prefetch|prerender/i.test(facts.purpose)) return false;
  if (facts.fetchDest && facts.fetchDest !== 'document') return false;
  // moving inside the menu (language or location switch) is the same visit
  if (facts.referer && facts.host && hostOf(facts.referer) === facts.host.toLowerCase()) return false;
  // a revalidation (304, or 200 after the menu changed) soon after a counted view is that visit
  if (isRevisit(facts.ifModifiedSince, now)) return false;
  return true;
}

/** Whether If-Modified-Since (our Last-Modified of a counted view) falls within the revisit window. */
export function isRevisit(ifModifiedSince: string | undefined, now: number): boolean {
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  return Number.isFinite(since) && since <= now + 60_000 && now - since < REVISIT_WINDOW_MS;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

const SEARCH_ENGINES = /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|yahoo\.com|yandex\.[a-z]+|ecosia\.org|qwant\.com|baidu\.com|search\.brave\.com)$/;
const SOCIAL =
  /(^|\.)(facebook\.com|fb\.com|fb\.me|instagram\.com|t\.co|twitter\.com|x\.com|tiktok\.com|linkedin\.com|lnkd\.in|pinterest\.[a-z.]+|reddit\.com|whatsapp\.com|wa\.me|m\.me|threads\.net|youtube\.com)$/;

/** The kind of place a guest came from; a `via` code is resolved later (own short code → qr, else table). */
export function sourceOfReferer(referer: string | undefined): Exclude<Source, 'qr' | 'table'> {
  if (!referer) return 'direct';
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (SEARCH_ENGINES.test(host)) return 'search';
  if (SOCIAL.test(host)) return 'social';
  return 'referrer';
}

/** `?via=` of a request target, when it is a well-formed code. */
export function viaOf(query: string): string | undefined {
  if (!query.includes('via=')) return undefined;
  const via = new URLSearchParams(query).get('via') ?? '';
  return VIA_CODE.test(via) ? via : undefined;
}

/** A search as it may be counted: lowercase, no diacritics, letters and single spaces, 2–40 characters. */
export function normalizeSearchTerm(raw: string): string | undefined {
  const folded = raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // digits are refused above (phone numbers, codes); more than three words is a sentence, not a dish
  if (folded.length < 2 || folded.length > 40 || folded.split(' ').length > 3) return undefined;
  return folded;
}

const dayHourFormats = new Map<string, Intl.DateTimeFormat>();

/** The local day (YYYY-MM-DD) and hour (0–23) of an instant in a time zone (Europe/Bucharest if unknown). */
export function localDayHour(instant: number, timeZone: string): { day: string; hour: number } {
  let format = dayHourFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    } catch {
      return localDayHour(instant, 'Europe/Bucharest');
    }
    dayHourFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

/** 1 = Monday … 7 = Sunday, of a YYYY-MM-DD day. */
export function weekdayOf(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}
