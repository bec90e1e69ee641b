import type { Subscription, SubscriptionKind } from '#app/db/schema.ts';

/** docs/product-spec.md section 9: free trial 60 days, free product limit 50, upgrade prompt at 5 days or 5 products. */
export const TRIAL_DAYS = 60;
export const FREE_PRODUCT_LIMIT = 50;
export const UPGRADE_PROMPT_THRESHOLD = 5;

/** The welcome e-mail waits this long after sign-up, so the address-confirmation e-mail arrives alone first. */
export const WELCOME_DELAY_MS = 10 * 60 * 1000;

/** The end stored for a row with no end (a card subscription, a grant without expiry): later than any date. */
export const OPEN_ENDED = '9999-12-31T23:59:59.999Z';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rules read of a subscription row (docs/decisions/0012-subscriptions.md). */
export type PlanRow = Pick<Subscription, 'kind' | 'status' | 'plan' | 'startsAt' | 'endsAt'>;

/** A row that counts right now: active status, started, not yet ended (no end: open-ended). */
function isRunning(row: PlanRow, now: Date): boolean {
  return row.status === 'active' && Date.parse(row.startsAt) <= now.getTime() && (row.endsAt === null || Date.parse(row.endsAt) > now.getTime());
}

/**
 * docs/product-spec.md section 4, first condition: the payment provider's block is active with a plan other than
 * free. The provider keeps its own account of time: the row counts until the provider says otherwise.
 */
export function isProviderPro(row: PlanRow): boolean {
  return row.kind === 'provider' && row.status === 'active' && row.plan !== 'free';
}

/** docs/product-spec.md section 4, second condition: the manual PRO flag is set (an admin's grant, within its year). */
export function isManualPro(row: PlanRow, now: Date = new Date()): boolean {
  return row.kind === 'manual' && row.plan !== 'free' && isRunning(row, now);
}

/**
 * docs/product-spec.md section 4, third and fourth conditions: isPro is set / the subscription is active with a
 * plan other than free. Both were copies kept next to the grant; over rows they read "a row that is
 * running with a plan other than free". A trial (plan free, active) is not PRO.
 */
export function isActivePaidPlan(row: PlanRow, now: Date = new Date()): boolean {
  return row.kind !== 'provider' && row.plan !== 'free' && isRunning(row, now);
}

/** docs/product-spec.md section 4: a restaurant counts as PRO if any of the four conditions holds for any of its rows. */
export function isPro(rows: readonly PlanRow[], now: Date = new Date()): boolean {
  return rows.some((row) => isProviderPro(row) || isManualPro(row, now) || isActivePaidPlan(row, now));
}

/** The restaurant's trial (the latest, should there be more than one), active or not. */
function trialOf(rows: readonly PlanRow[]): PlanRow | undefined {
  return rows.filter((row) => row.kind === 'trial').sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
}

/** When the 60-day trial ends (ISO-8601 UTC), or null when there is no trial. */
export function trialEndDate(rows: readonly PlanRow[]): string | null {
  return trialOf(rows)?.endsAt ?? null;
}

/** Whole days left of the trial (0 once it is over, canceled, or when there is none). */
export function remainingTrialDays(rows: readonly PlanRow[], now: Date = new Date()): number {
  const trial = trialOf(rows);
  if (!trial || trial.status !== 'active' || trial.endsAt === null) return 0;
  return Math.max(0, Math.ceil((Date.parse(trial.endsAt) - now.getTime()) / DAY_MS));
}

/** Products that can still be added on the free plan (never below 0). */
export function remainingProducts(productsCount: number): number {
  return Math.max(0, FREE_PRODUCT_LIMIT - productsCount);
}

/** docs/product-spec.md section 4: can add a product when PRO, or when remaining products are above 0. */
export function canAddProduct(plan: { pro: boolean; productsCount: number }): boolean {
  return plan.pro || remainingProducts(plan.productsCount) > 0;
}

/** docs/product-spec.md section 4: not PRO and (remaining days ≤ 5 or remaining products ≤ 5). */
export function shouldShowUpgradePrompt(rows: readonly PlanRow[], productsCount: number, now: Date = new Date()): boolean {
  if (isPro(rows, now)) return false;
  return remainingTrialDays(rows, now) <= UPGRADE_PROMPT_THRESHOLD || remainingProducts(productsCount) <= UPGRADE_PROMPT_THRESHOLD;
}

export type PlanPhase = 'pro' | 'trial' | 'trial-ended';

/** Where the restaurant stands, for the owner's subscription page: PRO, in its trial, or past it. */
export function planPhase(rows: readonly PlanRow[], now: Date = new Date()): PlanPhase {
  if (isPro(rows, now)) return 'pro';
  return remainingTrialDays(rows, now) > 0 ? 'trial' : 'trial-ended';
}

export interface PlanSummary {
  /** until when guests may see the menu; null when nothing serves it */
  publishedUntil: string | null;
  /** until when the restaurant is PRO (OPEN_ENDED: no end); null when it is not */
  proUntil: string | null;
  planKind: SubscriptionKind | null;
}

/**
 * The summary kept on `restaurant` for the guest hot path and the lists. It holds the rules' answer
 * for every later moment, so it need not be rewritten when time passes, only when rows change:
 * PRO at t ⇔ t < proUntil; published at t (decision 0004: PRO or in the trial) ⇔ t < publishedUntil.
 */
export function planSummary(rows: readonly PlanRow[]): PlanSummary {
  let proUntil: string | null = null;
  let planKind: SubscriptionKind | null = null;
  let trialUntil: string | null = null;
  for (const row of rows) {
    if (row.status !== 'active') continue;
    if (row.plan !== 'free') {
      const end = row.kind === 'provider' ? OPEN_ENDED : (row.endsAt ?? OPEN_ENDED);
      if (proUntil === null || end > proUntil) [proUntil, planKind] = [end, row.kind];
    } else if (row.kind === 'trial' && row.endsAt !== null && (trialUntil === null || row.endsAt > trialUntil)) {
      trialUntil = row.endsAt;
    }
  }
  if (planKind === null && trialUntil !== null) planKind = 'trial';
  const publishedUntil = proUntil !== null && (trialUntil === null || proUntil > trialUntil) ? proUntil : trialUntil;
  return { publishedUntil, proUntil, planKind };
}

/** Whether an end read from the summary is still ahead (PRO from proUntil, published from publishedUntil). */
export function isBefore(until: string | null, now: Date = new Date()): boolean {
  return until !== null && Date.parse(until) > now.getTime();
}

/** An end date as shown to people: none for an open-ended row. */
export function displayedEnd(until: string | null): string | null {
  return until === OPEN_ENDED ? null : until;
}

/** docs/product-spec.md section 4: initialisation creates a trial (plan free, so not PRO); product count stays 0. */
export function newTrial(now: Date = new Date()): Pick<Subscription, 'kind' | 'status' | 'plan' | 'startsAt' | 'endsAt'> {
  return { kind: 'trial', status: 'active', plan: 'free', startsAt: now.toISOString(), endsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString() };
}

/** docs/product-spec.md sections 4 and 9: toggling to PRO lasts one year for manual PRO and one month otherwise. */
export function proTermEnd(options: { manual: boolean }, now: Date = new Date()): string {
  const expiry = new Date(now);
  if (options.manual) expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  else expiry.setUTCMonth(expiry.getUTCMonth() + 1);
  return expiry.toISOString();
}

/** An admin's PRO grant: one year from now (docs/product-spec.md section 9). */
export function newManualGrant(now: Date = new Date()): Pick<Subscription, 'kind' | 'status' | 'plan' | 'startsAt' | 'endsAt'> {
  return { kind: 'manual', status: 'active', plan: 'pro', startsAt: now.toISOString(), endsAt: proTermEnd({ manual: true }, now) };
}

/** docs/product-spec.md section 4: un-setting PRO clears the expiry; the grant's row is ended now, not deleted. */
export function endedGrant(now: Date = new Date()): Pick<Subscription, 'status' | 'endsAt'> {
  return { status: 'ended', endsAt: now.toISOString() };
}
