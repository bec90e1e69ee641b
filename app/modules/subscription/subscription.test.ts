import { describe, expect, it } from 'vitest';
import {
  canAddProduct,
  FREE_PRODUCT_LIMIT,
  initialSubscription,
  isPro,
  isSubscriptionServing,
  planPhase,
  proToggle,
  trialEndDate,
  remainingProducts,
  remainingTrialDays,
  shouldShowUpgradePrompt,
  type SubscriptionState,
} from './subscription.ts';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000).toISOString();

function state(overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    plan: 'free',
    subscriptionActive: 1,
    isPro: 0,
    isManualPro: 0,
    stripeActive: 0,
    stripePlan: null,
    trialStartDate: daysAgo(0),
    productsCount: 0,
    expirationDate: null,
    ...overrides,
  };
}

describe('PRO detection (spec section 4)', () => {
  it('is not PRO on a fresh trial', () => {
    expect(isPro(state())).toBe(false);
  });
  it('is PRO when the payment provider block is active with a plan other than free', () => {
    expect(isPro(state({ stripeActive: 1, stripePlan: 'pro_monthly' }))).toBe(true);
    expect(isPro(state({ stripeActive: 1, stripePlan: 'free' }))).toBe(false);
    expect(isPro(state({ stripeActive: 0, stripePlan: 'pro_monthly' }))).toBe(false);
  });
  it('is PRO when the manual PRO flag is set', () => {
    expect(isPro(state({ isManualPro: 1 }))).toBe(true);
  });
  it('is PRO when isPro is set', () => {
    expect(isPro(state({ isPro: 1 }))).toBe(true);
  });
  it('is PRO when the subscription is active with a plan other than free', () => {
    expect(isPro(state({ plan: 'pro', subscriptionActive: 1 }))).toBe(true);
    expect(isPro(state({ plan: 'pro', subscriptionActive: 0 }))).toBe(false);
  });
  it('is not PRO with plan free and active status', () => {
    expect(isPro(state({ plan: 'free', subscriptionActive: 1 }))).toBe(false);
  });
});

describe('trial and limits', () => {
  it('counts the 60 trial days down to 0, never below', () => {
    expect(remainingTrialDays(state({ trialStartDate: daysAgo(0) }), NOW)).toBe(60);
    expect(remainingTrialDays(state({ trialStartDate: daysAgo(55) }), NOW)).toBe(5);
    expect(remainingTrialDays(state({ trialStartDate: daysAgo(59.5) }), NOW)).toBe(1);
    expect(remainingTrialDays(state({ trialStartDate: daysAgo(60) }), NOW)).toBe(0);
    expect(remainingTrialDays(state({ trialStartDate: daysAgo(400) }), NOW)).toBe(0);
    expect(remainingTrialDays(state({ trialStartDate: null }), NOW)).toBe(0);
  });
  it('counts remaining products down from 50, never below 0', () => {
    expect(remainingProducts(state({ productsCount: 0 }))).toBe(FREE_PRODUCT_LIMIT);
    expect(remainingProducts(state({ productsCount: 49 }))).toBe(1);
    expect(remainingProducts(state({ productsCount: 50 }))).toBe(0);
    expect(remainingProducts(state({ productsCount: 80 }))).toBe(0);
  });
  it('can add a product when PRO or while products remain', () => {
    expect(canAddProduct(state({ productsCount: 49 }))).toBe(true);
    expect(canAddProduct(state({ productsCount: 50 }))).toBe(false);
    expect(canAddProduct(state({ productsCount: 500, isManualPro: 1 }))).toBe(true);
  });
  it('prompts to upgrade when not PRO and 5 or fewer days or products remain', () => {
    expect(shouldShowUpgradePrompt(state({ trialStartDate: daysAgo(10), productsCount: 10 }), NOW)).toBe(false);
    expect(shouldShowUpgradePrompt(state({ trialStartDate: daysAgo(55), productsCount: 10 }), NOW)).toBe(true);
    expect(shouldShowUpgradePrompt(state({ trialStartDate: daysAgo(54), productsCount: 10 }), NOW)).toBe(false);
    expect(shouldShowUpgradePrompt(state({ trialStartDate: daysAgo(10), productsCount: 45 }), NOW)).toBe(true);
    expect(shouldShowUpgradePrompt(state({ trialStartDate: daysAgo(10), productsCount: 44 }), NOW)).toBe(false);
    expect(shouldShowUpgradePrompt(state({ trialStartDate: daysAgo(59), productsCount: 49, isPro: 1 }), NOW)).toBe(false);
  });
  it('serves the menu during the trial or while PRO, and stops when the trial ran out', () => {
    expect(isSubscriptionServing(state({ trialStartDate: daysAgo(59) }), NOW)).toBe(true);
    expect(isSubscriptionServing(state({ trialStartDate: daysAgo(61) }), NOW)).toBe(false);
    expect(isSubscriptionServing(state({ trialStartDate: daysAgo(61), isManualPro: 1 }), NOW)).toBe(true);
    expect(isSubscriptionServing(state({ subscriptionActive: 0, isManualPro: 1 }), NOW)).toBe(false);
  });
});

describe('PRO with an end date (spec section 9: a year manual, a month otherwise)', () => {
  it('holds until its expiry and not a moment after', () => {
    const granted = state({ isManualPro: 1, isPro: 1, plan: 'pro', trialStartDate: daysAgo(400), expirationDate: daysAgo(-1) });
    expect(isPro(granted, NOW)).toBe(true);
    const over = { ...granted, expirationDate: NOW.toISOString() };
    expect(isPro(over, NOW)).toBe(false);
    expect(planPhase(over, NOW)).toBe('trial-ended');
    expect(isSubscriptionServing(over, NOW)).toBe(false);
    expect(canAddProduct({ ...over, productsCount: FREE_PRODUCT_LIMIT }, NOW)).toBe(false);
  });

  it('leaves the payment provider’s block to keep its own time', () => {
    expect(isPro(state({ stripeActive: 1, stripePlan: 'pro_monthly', expirationDate: daysAgo(10) }), NOW)).toBe(true);
  });
});

describe('plan phase', () => {
  it('ends the trial 60 days after it started', () => {
    expect(trialEndDate({ trialStartDate: '2026-11-22T12:00:00.000Z' })).toBe('2027-01-21T12:00:00.000Z');
    expect(trialEndDate({ trialStartDate: null })).toBeNull();
  });

  it('is trial while days remain, trial-ended after, and pro whenever PRO holds', () => {
    expect(planPhase(state({ trialStartDate: daysAgo(59) }), NOW)).toBe('trial');
    expect(planPhase(state({ trialStartDate: daysAgo(60) }), NOW)).toBe('trial-ended');
    expect(planPhase(state({ trialStartDate: null }), NOW)).toBe('trial-ended');
    expect(planPhase(state({ trialStartDate: daysAgo(400), isManualPro: 1 }), NOW)).toBe('pro');
    expect(planPhase(state({ trialStartDate: daysAgo(1), plan: 'pro' }), NOW)).toBe('pro');
  });
});

describe('initialisation and PRO toggling', () => {
  it('starts a trial with isPro false and product count 0', () => {
    expect(initialSubscription(NOW)).toMatchObject({
      plan: 'free',
      subscriptionActive: 1,
      isPro: 0,
      productsCount: 0,
      trialStartDate: NOW.toISOString(),
    });
  });
  it('sets the expiry one year ahead for manual PRO and one month otherwise', () => {
    expect(proToggle(true, { manual: true }, NOW)).toMatchObject({ isPro: 1, isManualPro: 1, expirationDate: '2027-11-22T12:00:00.000Z' });
    expect(proToggle(true, { manual: false }, NOW)).toMatchObject({ isPro: 1, isManualPro: 0, expirationDate: '2026-12-22T12:00:00.000Z' });
  });
  it('clears the expiry when PRO is taken away', () => {
    expect(proToggle(false, { manual: true }, NOW)).toMatchObject({ isPro: 0, isManualPro: 0, plan: 'free', expirationDate: null });
  });
  it('can be toggled back and forth', () => {
    const on = { ...state(), ...proToggle(true, { manual: true }, NOW) };
    expect(isPro(on)).toBe(true);
    const off = { ...on, ...proToggle(false, { manual: true }, NOW) };
    expect(isPro(off)).toBe(false);
  });
});
