import { assertAdmin, type AdminScope } from '#app/modules/access/scope.server.ts';
import { getPlatformViewsPerDay } from '#app/modules/insights/insights.service.server.ts';
import { countPlatformDaysLive, fillPlatformDays, nextDay, readPlatformDays, type DayCounts } from '#app/modules/subscription/plan-days.repo.server.ts';
import type { Overview, OverviewRange } from './backoffice.types.ts';
import { countPayingRowsAt, countPlanStates } from './overview.repo.server.ts';
import { getPlatformPricing } from '#app/modules/platform/platform-settings.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A row's monthly amount in minor units: a yearly plan counts a twelfth of its price (rounded down per row). */
export function monthlyAmount(plan: string, pricing: { monthlyMinor: number; yearlyMinor: number }): number {
  return plan === 'pro_yearly' ? Math.floor(pricing.yearlyMinor / 12) : pricing.monthlyMinor;
}

/** The days of [from, to) as 'YYYY-MM-DD' (UTC). */
function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t < to.getTime(); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The runs of consecutive days of `days` (sorted) as [fromDay, toDay) pairs. */
function runsOf(days: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && last[1] === day) last[1] = nextDay(day);
    else runs.push([day, nextDay(day)]);
  }
  return runs;
}

/**
 * Per-day counts over [from, to): the closed whole days from the roll-up (those it lacks are
 * computed from the rows and stored), the range's first, partial day and today from the rows.
 */
export async function countDays(scope: AdminScope, from: string, to: string): Promise<Map<string, DayCounts>> {
  assertAdmin(scope);
  const firstWhole = nextDay(from.slice(0, 10));
  const today = to.slice(0, 10);
  const [head, tail, stored] = await Promise.all([
    countPlatformDaysLive(scope.db, from, `${firstWhole}T00:00:00.000Z`, to),
    countPlatformDaysLive(scope.db, `${today}T00:00:00.000Z`, to, to),
    readPlatformDays(scope.db, firstWhole, today),
  ]);
  const days = new Map<string, DayCounts>(head);
  const present = new Set<string>();
  for (const { day, ...counts } of stored) {
    present.add(day);
    days.set(day, counts);
  }
  const missing: string[] = [];
  for (let day = firstWhole; day < today; day = nextDay(day)) if (!present.has(day)) missing.push(day);
  if (missing.length > 0) for (const [day, counts] of await fillPlatformDays(scope.db, runsOf(missing), to)) days.set(day, counts);
  for (const [day, counts] of tail) days.set(day, counts);
  return days;
}

/**
 * The back office's overview over the last `range` days (docs/decisions/0017-back-office.md says
 * what each figure counts). Plan states come from the restaurant's plan summary columns; sign-ups,
 * conversions and cancellations from the daily roll-up plus the live edges; MRR from the card rows
 * paying at two moments, priced at the prices /pricing shows. Only an admin may call this.
 */
export async function getOverview(scope: AdminScope, range: OverviewRange, now: Date = new Date()): Promise<Overview> {
  assertAdmin(scope);
  const to = now.toISOString();
  const fromDate = new Date(now.getTime() - range * DAY_MS);
  const from = fromDate.toISOString();
  const soon = new Date(now.getTime() + 7 * DAY_MS).toISOString();
  const [days, states, payingNow, payingAtStart, menuViews] = await Promise.all([
    countDays(scope, from, to),
    countPlanStates(scope.db, to, soon),
    countPayingRowsAt(scope.db, to),
    countPayingRowsAt(scope.db, from),
    getPlatformViewsPerDay(scope, { days: range, now }),
  ]);
  const sum = (figure: keyof DayCounts) => [...days.values()].reduce((total, counts) => total + counts[figure], 0);
  const trialsEnded = sum('trialsEnded');
  const trialsConverted = sum('trialsConverted');
  const menuViewsTotal = menuViews.reduce((total, day) => total + day.views, 0);
  const pricing = getPlatformPricing();
  const mrr = (rows: { plan: string; n: number }[]) => rows.reduce((total, row) => total + row.n * monthlyAmount(row.plan, pricing), 0);
  return {
    range,
    from,
    to,
    signupsPerDay: daysBetween(fromDate, now).map((day) => ({ day, count: days.get(day)?.signups ?? 0 })),
    signups: sum('signups'),
    restaurants: states.restaurants,
    activeTrials: states.trials,
    trialsEndingSoon: states.trialsEnding,
    proCard: states.proCard,
    proManual: states.proManual,
    trialsEnded,
    trialsConverted,
    conversionRate: trialsEnded === 0 ? null : trialsConverted / trialsEnded,
    mrrMinor: mrr(payingNow),
    mrrAtStartMinor: mrr(payingAtStart),
    currency: pricing.currency,
    cancellations: sum('cancellations'),
    menuViews: menuViewsTotal,
    viewsPerDay: menuViews,
  };
}
