import { assertAdmin, type AdminScope } from '#app/modules/access/scope.server.ts';
import type { Overview, OverviewRange } from './backoffice.types.ts';
import { countCancellations, countPlanStates, countSignupsPerDay, countTrialConversions, listPaidProviderRows } from './backoffice.repo.server.ts';
import { getPlatformViewsPerDay } from '#app/modules/insights/insights.service.server.ts';
import { getPlatformPricing } from './platform-settings.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type PaidRow = Awaited<ReturnType<typeof listPaidProviderRows>>[number];

/**
 * Whether a card subscription row was paying at `at`: started, and not yet ended (a row without
 * an end pays while the provider calls it active or past due; a canceled row ends at its endsAt).
 */
export function isPayingAt(row: PaidRow, at: string): boolean {
  if (row.startsAt > at) return false;
  if (row.endsAt === null) return row.status === 'active' || row.status === 'past_due';
  return row.endsAt > at;
}

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

/**
 * The back office's overview over the last `range` days (docs/decisions/0017-back-office.md says
 * what each figure counts). Plan states come from the restaurant's plan summary columns; sign-ups,
 * conversions and cancellations from rows dated in the range; MRR from the card rows at two moments,
 * priced at the prices /pricing shows. Only an admin may call this.
 */
export async function getOverview(scope: AdminScope, range: OverviewRange, now: Date = new Date()): Promise<Overview> {
  assertAdmin(scope);
  const to = now.toISOString();
  const fromDate = new Date(now.getTime() - range * DAY_MS);
  const from = fromDate.toISOString();
  const soon = new Date(now.getTime() + 7 * DAY_MS).toISOString();
  const [perDay, states, conversions, paidRows, cancellations, menuViews] = await Promise.all([
    countSignupsPerDay(scope.db, from, to),
    countPlanStates(scope.db, to, soon),
    countTrialConversions(scope.db, from, to),
    listPaidProviderRows(scope.db),
    countCancellations(scope.db, from, to),
    getPlatformViewsPerDay(scope, { days: range, now }),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row.n]));
  const menuViewsTotal = menuViews.reduce((sum, day) => sum + day.views, 0);
  const pricing = getPlatformPricing();
  const mrrAt = (at: string) => paidRows.filter((row) => isPayingAt(row, at)).reduce((sum, row) => sum + monthlyAmount(row.plan, pricing), 0);
  return {
    range,
    from,
    to,
    signupsPerDay: daysBetween(fromDate, now).map((day) => ({ day, count: byDay.get(day) ?? 0 })),
    signups: perDay.reduce((sum, row) => sum + row.n, 0),
    restaurants: states.restaurants,
    activeTrials: states.trials,
    trialsEndingSoon: states.trialsEnding,
    proCard: states.proCard,
    proManual: states.proManual,
    trialsEnded: conversions.ended,
    trialsConverted: conversions.converted,
    conversionRate: conversions.ended === 0 ? null : conversions.converted / conversions.ended,
    mrrMinor: mrrAt(to),
    mrrAtStartMinor: mrrAt(from),
    currency: pricing.currency,
    cancellations,
    menuViews: menuViewsTotal,
    viewsPerDay: menuViews,
  };
}
