import type { TFunction } from 'i18next';
import type { Insights } from './insights.types.ts';

// i18n-keys: insights.lang.* insights.source.*
/**
 * The insights of a range as CSV for a spreadsheet: UTF-8 with a byte order mark and `;` between
 * fields, which is what Excel set to Romanian expects; one row per (section, label, value).
 * A cell that starts like a formula is prefixed with an apostrophe (no formula injection).
 */
export function insightsCsv(insights: Insights, t: TFunction): string {
  const rows: (string | number)[][] = [[t('insights.csvSection'), t('insights.csvLabel'), t('insights.csvValue')]];
  rows.push([t('insights.csvPeriod'), `${insights.from} – ${insights.to}`, insights.range]);
  const figures: [string, keyof Insights['figures']][] = [
    ['insights.figureViews', 'views'],
    ['insights.figureDishOpens', 'dishOpens'],
    ['insights.figureSearches', 'searches'],
    ['insights.figureAllergens', 'allergenFilters'],
  ];
  for (const [label, key] of figures) rows.push([t(label), '', insights.figures[key].value]);
  for (const d of insights.viewsPerDay) rows.push([t('insights.viewsPerDay'), d.day, d.views]);
  insights.byHour.forEach((views, hour) => rows.push([t('insights.byHour'), `${String(hour).padStart(2, '0')}:00`, views]));
  const weekdays = t('insights.weekdays').split(' ');
  insights.byWeekday.forEach((views, i) => rows.push([t('insights.byWeekday'), weekdays[i] ?? String(i + 1), views]));
  for (const l of insights.languages) rows.push([t('insights.languages'), t(`insights.lang.${l.key}`, { defaultValue: l.key }), l.count]);
  for (const s of insights.sources) rows.push([t('insights.sources'), t(`insights.source.${s.key}`), s.count]);
  for (const v of insights.viaCodes) rows.push([t('insights.viaCodes'), v.label, v.count]);
  for (const d of insights.topDishes) rows.push([t('insights.topDishes'), d.name, d.count]);
  for (const d of insights.neverOpened) rows.push([t('insights.neverOpened'), d.name, 0]);
  for (const s of insights.searches) rows.push([`${t('insights.searches')} (${s.matched ? t('insights.found') : t('insights.notFound')})`, s.term, s.count]);
  for (const a of insights.allergens) rows.push([t('insights.allergens'), t(`allergen.${a.key}`), a.count]);
  // orders and reservations (issue 25): from the rows, not from the menu's views
  const { orders } = insights;
  rows.push([t('orderInsights.figureOrders'), '', orders.totals.orders]);
  rows.push([t('orderInsights.figureReservations'), '', orders.totals.reservations]);
  rows.push([t('orderInsights.figureNoShows'), '', orders.totals.noShows]);
  for (const d of orders.ordersPerDay) rows.push([t('orderInsights.ordersPerDay'), d.day, d.orders]);
  orders.ordersByHour.forEach((count, hour) => rows.push([t('orderInsights.ordersByHour'), `${String(hour).padStart(2, '0')}:00`, count]));
  for (const d of orders.topOrdered) rows.push([t('orderInsights.topOrdered'), d.name, d.quantity]);
  for (const d of orders.topOptions) rows.push([t('orderInsights.topOptions'), `${d.group}: ${d.name}`, d.count]);
  for (const d of orders.reservationsPerDay) rows.push([t('orderInsights.reservationsPerDay'), d.day, d.reservations]);
  for (const d of orders.reservationsPerDay) rows.push([t('orderInsights.noShows'), d.day, d.noShows]);
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
