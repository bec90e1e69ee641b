import { assertAdmin, authorize, type AdminScope, type MemberScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { localized } from '#app/i18n/localized.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localDayHour, SOURCES, weekdayOf } from './insight-classify.ts';
import { RANGES, SEARCH_PRIVACY_K, type Figure, type Hint, type Insights, type Range } from './insights.types.ts';
import { findInsightCatalogue, findInsightCounts, findPendingSearchCounts, hasAnyInsight, sumViewsPerDay } from './insights.repo.server.ts';
import { listDiningTables } from '#app/modules/tables/tables.repo.server.ts';
import { orderInsights } from './order-insights.server.ts';

/**
 * What the owner's insights page and CSV show (decision 0018): counts of the range against the
 * range before it, for all locations or one. A search term's text is stored only once
 * SEARCH_PRIVACY_K searches used it (search-terms.server.ts), and shown only when it has at least
 * that many in the range; the searches figure also counts the unnamed searches still below k.
 */

export { RANGES, SEARCH_PRIVACY_K, type Insights, type Range } from './insights.types.ts';

export function parseRange(value: string | null): Range {
  const n = Number(value);
  return (RANGES as readonly number[]).includes(n) ? (n as Range) : 30;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function figure(value: number, previous: number): Figure {
  return { value, previous, change: previous === 0 ? null : Math.round(((value - previous) / previous) * 100) };
}

const sortDesc = <T extends { count: number }>(list: T[]) => list.sort((a, b) => b.count - a.count);

export async function getInsights(owner: MemberScope, options: { range: Range; locationId: string | null; locale: Locale; now?: Date }): Promise<Insights> {
  authorize(owner, 'insights.view');
  const [products, locationRows, restaurant] = await findInsightCatalogue(owner.db, owner.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const locationId = options.locationId && locationRows.some((l) => l.id === options.locationId) ? options.locationId : null;
  const to = localDayHour((options.now ?? new Date()).getTime(), restaurant.timeZone).day;
  const from = addDays(to, -(options.range - 1));
  const previousFrom = addDays(from, -options.range);
  const [rows, pendingSearches, hasData, tables, orders] = await Promise.all([
    findInsightCounts(owner.db, owner.restaurantId, previousFrom, to, locationId ?? undefined),
    findPendingSearchCounts(owner.db, owner.restaurantId, previousFrom, to, locationId ?? undefined),
    hasAnyInsight(owner.db, owner.restaurantId),
    listDiningTables(owner.db, owner.restaurantId),
    orderInsights(owner.db, owner.restaurantId, { from, to, locationId, timeZone: restaurant.timeZone, locale: options.locale }),
  ]);
  const tableLabels = new Map(tables.map((table) => [table.code, table.label]));
  const current = new Map<string, Map<string, number>>();
  const previousTotals = new Map<string, number>();
  const perDay = new Map<string, number>();
  for (const row of rows) {
    const count = Number(row.count);
    if (row.day < from) {
      previousTotals.set(row.metric, (previousTotals.get(row.metric) ?? 0) + count);
      continue;
    }
    const byDimension = current.get(row.metric) ?? new Map<string, number>();
    current.set(row.metric, byDimension);
    byDimension.set(row.dimension, (byDimension.get(row.dimension) ?? 0) + count);
    if (row.metric === 'view') perDay.set(row.day, (perDay.get(row.day) ?? 0) + count);
  }
  const total = (metric: string) => [...(current.get(metric)?.values() ?? [])].reduce((a, b) => a + b, 0);
  const list = (metric: string) => sortDesc([...(current.get(metric) ?? new Map<string, number>())].map(([key, count]) => ({ key, count })));

  const viewsPerDay: { day: string; views: number }[] = [];
  const byWeekday = Array.from({ length: 7 }, () => 0);
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const views = perDay.get(day) ?? 0;
    viewsPerDay.push({ day, views });
    byWeekday[weekdayOf(day) - 1]! += views;
  }
  const byHour = Array.from({ length: 24 }, (_, hour) => current.get('hour')?.get(String(hour).padStart(2, '0')) ?? 0);

  const shown = products.filter((p) => !locationId || p.locationId === locationId);
  const nameOf = new Map(products.map((p) => [p.id, localized(p.nameRo, p.nameEn, options.locale)]));
  const opens = current.get('dish') ?? new Map<string, number>();
  const topDishes = sortDesc([...opens].filter(([id]) => nameOf.has(id)).map(([id, count]) => ({ id, name: nameOf.get(id)!, count }))).slice(0, 10);
  const views = total('view');
  const neverOpened = views > 0 ? shown.filter((p) => !opens.has(p.id)).map((p) => ({ id: p.id, name: nameOf.get(p.id)! })) : [];

  const searches = [
    ...list('search-miss').map((s) => ({ term: s.key, count: s.count, matched: false })),
    ...list('search-hit').map((s) => ({ term: s.key, count: s.count, matched: true })),
  ].filter((s) => s.count >= SEARCH_PRIVACY_K);
  sortDesc(searches);

  const viaCodes = list('via').map(({ key, count }) => ({ code: key, label: key === restaurant.shortCode ? 'QR' : (tableLabels.get(key) ?? key), count }));
  const sourceCounts = current.get('source') ?? new Map<string, number>();
  const sources = SOURCES.map((key) => ({ key, count: sourceCounts.get(key) ?? 0 }));

  const hints: Hint[] = [];
  const busiest = byHour.indexOf(Math.max(...byHour));
  if (views >= 10 && byHour[busiest]! > 0)
    hints.push({ key: 'busiestHour', params: { from: `${String(busiest).padStart(2, '0')}:00`, to: `${String((busiest + 1) % 24).padStart(2, '0')}:00` } });
  const missed = searches.find((s) => !s.matched);
  if (missed) hints.push({ key: 'missedSearch', params: { term: missed.term, count: missed.count } });
  const withPhoto = shown.filter((p) => p.imageKey);
  const withoutPhoto = shown.filter((p) => !p.imageKey);
  if (withPhoto.length > 0 && withoutPhoto.length > 0) {
    const average = (list: typeof shown) => list.reduce((sum, p) => sum + (opens.get(p.id) ?? 0), 0) / list.length;
    const a = average(withPhoto);
    const b = average(withoutPhoto);
    if (b > 0 && a / b >= 1.5) hints.push({ key: 'photoOpens', params: { times: Math.round((a / b) * 10) / 10 } });
  }
  if (neverOpened.length > 0 && total('dish') >= 10) hints.push({ key: 'neverOpened', params: { count: neverOpened.length } });
  const qr = sourceCounts.get('qr') ?? 0;
  if (views >= 10 && qr / views >= 0.5) hints.push({ key: 'qrShare', params: { percent: Math.round((qr / views) * 100) } });

  // searches of terms still below the threshold: counted, never named
  let unnamed = 0;
  let previousUnnamed = 0;
  for (const row of pendingSearches) {
    if (row.day < from) previousUnnamed += Number(row.count);
    else unnamed += Number(row.count);
  }
  const searchTotal = total('search-hit') + total('search-miss') + unnamed;
  const previousSearches = (previousTotals.get('search-hit') ?? 0) + (previousTotals.get('search-miss') ?? 0) + previousUnnamed;
  return {
    range: options.range,
    from,
    to,
    locationId,
    locations: locationRows.map((l) => ({ id: l.id, name: localized(l.nameRo, l.nameEn, options.locale) })),
    hasData,
    figures: {
      views: figure(views, previousTotals.get('view') ?? 0),
      dishOpens: figure(total('dish'), previousTotals.get('dish') ?? 0),
      searches: figure(searchTotal, previousSearches),
      allergenFilters: figure(total('allergen'), previousTotals.get('allergen') ?? 0),
    },
    viewsPerDay,
    byHour,
    byWeekday,
    languages: list('lang'),
    sources,
    viaCodes,
    topDishes,
    neverOpened,
    searches,
    allergens: list('allergen'),
    hints,
    orders,
  };
}

/** The platform overview (back office): menu views per local day across every restaurant. */
export async function getPlatformViewsPerDay(admin: AdminScope, options: { days: number; now?: Date }): Promise<{ day: string; views: number }[]> {
  assertAdmin(admin);
  const to = localDayHour((options.now ?? new Date()).getTime(), 'Europe/Bucharest').day;
  const from = addDays(to, -(Math.max(1, Math.min(366, options.days)) - 1));
  const found = new Map((await sumViewsPerDay(admin.db, from, to)).map((r) => [r.day, r.views]));
  const out: { day: string; views: number }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push({ day, views: found.get(day) ?? 0 });
  return out;
}
