import type { Restaurant } from '#app/db/schema.ts';

/** Spec section 9: free trial 60 days, free product limit 50, upgrade prompt at 5 days or 5 products. */
export const TRIAL_DAYS = 60;
export const FREE_PRODUCT_LIMIT = 50;
export const UPGRADE_PROMPT_THRESHOLD = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionState = Pick<
  Restaurant,
  'plan' | 'subscriptionActive' | 'isPro' | 'isManualPro' | 'stripeActive' | 'stripePlan' | 'trialStartDate' | 'productsCount' | 'expirationDate'
>;

/**
 * Spec section 4: a restaurant counts as PRO if any holds: the payment provider's block is active
 * with a plan other than free; the manual PRO flag is set; isPro is set; the subscription is
 * active with a plan other than free. A plan of free with active status is not PRO.
 * PRO that was toggled on lasts until its expiry (a year manual, a month otherwise, spec section 9);
 * the payment provider's block keeps its own account of time.
 */
export function isPro(state: Omit<SubscriptionState, 'productsCount'>, now: Date = new Date()): boolean {
  const providerPro = state.stripeActive === 1 && state.stripePlan !== null && state.stripePlan !== 'free';
  const withinTerm = state.expirationDate === null || Date.parse(state.expirationDate) > now.getTime();
  const subscriptionPro = state.subscriptionActive === 1 && state.plan !== 'free';
  return providerPro || (withinTerm && (state.isManualPro === 1 || state.isPro === 1 || subscriptionPro));
}

/** When the 60-day trial ends (ISO-8601 UTC), or null when it never started. */
export function trialEndDate(state: Pick<SubscriptionState, 'trialStartDate'>): string | null {
  return state.trialStartDate ? new Date(Date.parse(state.trialStartDate) + TRIAL_DAYS * DAY_MS).toISOString() : null;
}

/** Whole days left of the 60-day trial (0 once it is over, or when it never started). */
export function remainingTrialDays(state: Pick<SubscriptionState, 'trialStartDate'>, now: Date = new Date()): number {
  const ends = trialEndDate(state);
  if (!ends) return 0;
  return Math.max(0, Math.ceil((Date.parse(ends) - now.getTime()) / DAY_MS));
}

/** Products that can still be added on the free plan (never below 0). */
export function remainingProducts(state: Pick<SubscriptionState, 'productsCount'>): number {
  return Math.max(0, FREE_PRODUCT_LIMIT - state.productsCount);
}

/** Spec section 4: can add a product when PRO, or when remaining products are above 0. */
export function canAddProduct(state: SubscriptionState, now: Date = new Date()): boolean {
  return isPro(state, now) || remainingProducts(state) > 0;
}

/** Spec section 4: not PRO and (remaining days ≤ 5 or remaining products ≤ 5). */
export function shouldShowUpgradePrompt(state: SubscriptionState, now: Date = new Date()): boolean {
  if (isPro(state, now)) return false;
  return remainingTrialDays(state, now) <= UPGRADE_PROMPT_THRESHOLD || remainingProducts(state) <= UPGRADE_PROMPT_THRESHOLD;
}

/**
 * Whether guests can see the menu: the subscription is active and the restaurant is PRO or still
 * in its trial. A trial that ran out without PRO unpublishes the menu (docs/decisions/0004).
 */
export function isSubscriptionServing(state: SubscriptionState, now: Date = new Date()): boolean {
  return state.subscriptionActive === 1 && (isPro(state, now) || remainingTrialDays(state, now) > 0);
}

export type PlanPhase = 'pro' | 'trial' | 'trial-ended';

/** Where the restaurant stands, for the owner's subscription page: PRO, in its trial, or past it. */
export function planPhase(state: SubscriptionState, now: Date = new Date()): PlanPhase {
  if (isPro(state, now)) return 'pro';
  return remainingTrialDays(state, now) > 0 ? 'trial' : 'trial-ended';
}

/** Spec section 4: initialisation creates a trial with isPro false and product count 0. */
export function initialSubscription(now: Date = new Date()) {
  const timestamp = now.toISOString();
  return {
    plan: 'free' as const,
    subscriptionActive: 1 as const,
    isPro: 0 as const,
    isManualPro: 0 as const,
    productsCount: 0,
    trialStartDate: timestamp,
    expirationDate: null,
    subscriptionCreatedAt: timestamp,
    subscriptionUpdatedAt: timestamp,
  };
}

/**
 * Spec section 4: toggling to PRO sets the expiry one year ahead for manual PRO and one month
 * otherwise; un-setting PRO clears the expiry.
 */
export function proToggle(enable: boolean, options: { manual: boolean }, now: Date = new Date()) {
  const timestamp = now.toISOString();
  if (!enable) {
    return { isPro: 0 as const, isManualPro: 0 as const, plan: 'free' as const, expirationDate: null, subscriptionUpdatedAt: timestamp };
  }
  const expiry = new Date(now);
  if (options.manual) expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  else expiry.setUTCMonth(expiry.getUTCMonth() + 1);
  return {
    isPro: 1 as const,
    isManualPro: options.manual ? (1 as const) : (0 as const),
    plan: 'pro' as const,
    expirationDate: expiry.toISOString(),
    subscriptionUpdatedAt: timestamp,
  };
}
