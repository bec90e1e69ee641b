import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { isCountableView, localDayHour, normalizeSearchTerm, REVISIT_WINDOW_MS, sourceOfReferer, viaOf } from './insight-classify.ts';
import { insightsCsv } from './insights-csv.ts';
import type { Insights } from './insights.types.ts';

const CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const base = { method: 'GET', userAgent: CHROME, fetchDest: 'document', purpose: undefined, referer: undefined, host: 'bucate.ro', ifModifiedSince: undefined };

describe('insight classification', () => {
  it('names the kind of referrer, never keeping the address', () => {
    expect(sourceOfReferer(undefined)).toBe('direct');
    expect(sourceOfReferer('not a url')).toBe('direct');
    expect(sourceOfReferer('https://www.google.com/search?q=x')).toBe('search');
    expect(sourceOfReferer('https://duckduckgo.com/')).toBe('search');
    expect(sourceOfReferer('https://l.instagram.com/')).toBe('social');
    expect(sourceOfReferer('https://t.co/abc')).toBe('social');
    expect(sourceOfReferer('https://notgoogle.example/')).toBe('referrer');
  });

  it('reads a well-formed via code only', () => {
    expect(viaOf('via=Ab12_-x')).toBe('Ab12_-x');
    expect(viaOf('loc=a&via=<script>')).toBeUndefined();
    expect(viaOf('via=ab')).toBeUndefined();
    expect(viaOf('loc=a')).toBeUndefined();
  });

  it('folds searches to lowercase letters without diacritics, refusing digits-only, long or wordy text', () => {
    expect(normalizeSearchTerm('  Ciorbă   de BURTĂ ')).toBe('ciorba de burta');
    expect(normalizeSearchTerm('Șnițel!')).toBe('snitel');
    expect(normalizeSearchTerm('0722 123 456')).toBeUndefined();
    expect(normalizeSearchTerm('a')).toBeUndefined();
    expect(normalizeSearchTerm('vreau ceva fara gluten va rog')).toBeUndefined();
  });

  it('counts a guest opening the page, not bots, prefetches, moves inside the menu or a revisit within the window', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(isCountableView(base, now)).toBe(true);
    expect(isCountableView({ ...base, userAgent: 'curl/8.5.0' }, now)).toBe(false);
    expect(isCountableView({ ...base, userAgent: undefined }, now)).toBe(false);
    expect(isCountableView({ ...base, method: 'HEAD' }, now)).toBe(false);
    expect(isCountableView({ ...base, purpose: 'prefetch;prerender' }, now)).toBe(false);
    expect(isCountableView({ ...base, fetchDest: 'empty' }, now)).toBe(false);
    expect(isCountableView({ ...base, referer: 'https://bucate.ro/bistro' }, now)).toBe(false);
    expect(isCountableView({ ...base, referer: 'https://www.google.ro/' }, now)).toBe(true);
    const recent = new Date(now - REVISIT_WINDOW_MS + 1000).toUTCString();
    const old = new Date(now - REVISIT_WINDOW_MS - 1000).toUTCString();
    expect(isCountableView({ ...base, ifModifiedSince: recent }, now)).toBe(false);
    expect(isCountableView({ ...base, ifModifiedSince: old }, now)).toBe(true);
    expect(isCountableView({ ...base, ifModifiedSince: 'garbage' }, now)).toBe(true);
  });

  it('falls back to Europe/Bucharest for a time zone it does not know', () => {
    expect(localDayHour(Date.parse('2026-07-01T21:30:00Z'), 'Not/AZone')).toEqual({ day: '2026-07-02', hour: 0 });
  });
});

describe('insights CSV', () => {
  it('is UTF-8 with a byte order mark, `;`-separated, with formula-like cells defused', () => {
    const insights = {
      range: 7,
      from: '2026-11-17',
      to: '2026-11-23',
      locationId: null,
      locations: [],
      hasData: true,
      figures: {
        views: { value: 3, previous: 0, change: null },
        dishOpens: { value: 1, previous: 0, change: null },
        searches: { value: 0, previous: 0, change: null },
        allergenFilters: { value: 0, previous: 0, change: null },
      },
      viewsPerDay: [{ day: '2026-11-23', views: 3 }],
      byHour: Array.from({ length: 24 }, () => 0),
      byWeekday: [0, 0, 0, 0, 0, 0, 3],
      languages: [{ key: 'ro', count: 3 }],
      sources: [{ key: 'qr', count: 3 }],
      viaCodes: [{ code: 'Qr1234', label: 'QR', count: 3 }],
      topDishes: [{ id: 'd1', name: '=HYPERLINK("x"); Ciorbă', count: 1 }],
      neverOpened: [],
      searches: [],
      allergens: [],
      hints: [],
      orders: {
        any: true,
        totals: { orders: 2, reservations: 1, noShows: 1 },
        ordersPerDay: [{ day: '2026-11-23', orders: 2 }],
        ordersByHour: Array.from({ length: 24 }, (_, hour) => (hour === 13 ? 2 : 0)),
        topOrdered: [{ name: '@Sarmale', quantity: 3 }],
        topOptions: [{ group: 'Mărime', name: 'Mare', count: 4 }],
        reservationsPerDay: [{ day: '2026-11-23', reservations: 1, noShows: 1 }],
      },
    } satisfies Insights;
    const csv = insightsCsv(insights, getI18n('ro').t);
    const bytes = Buffer.from(csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Secțiune;Eticheta;Valoare');
    expect(lines).toContain('Vizualizări ale meniului;;3');
    expect(lines).toContain('Surse;Cod QR;3');
    expect(lines).toContain('Coduri scanate;QR;3');
    expect(lines).toContain('Produsele deschise cel mai des;"\'=HYPERLINK(""x""); Ciorbă";1');
    expect(lines).toContain('Comenzi;;2');
    expect(lines).toContain('Comenzi pe zi;2026-11-23;2');
    expect(lines).toContain('Comenzi pe oră;13:00;2');
    expect(lines).toContain("Produsele comandate cel mai des;'@Sarmale;3");
    expect(lines).toContain('Opțiunile alese cel mai des;Mărime: Mare;4');
    expect(lines).toContain('Rezervări pe zi;2026-11-23;1');
    expect(lines).toContain('Neprezentări;2026-11-23;1');
  });
});
