import { describe, expect, it } from 'vitest';
import {
  canAddProduct,
  displayedEnd,
  endedGrant,
  FREE_PRODUCT_LIMIT,
  isActivePaidPlan,
  isBefore,
  isManualPro,
  isPro,
  isProviderPro,
  newManualGrant,
  newTrial,
  OPEN_ENDED,
  planPhase,
  planSummary,
  proTermEnd,
  remainingProducts,
  remainingTrialDays,
  shouldShowUpgradePrompt,
  trialEndDate,
  type PlanRow,
} from './subscription.ts';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const iso = (days: number) => daysAgo(days).toISOString();

const trial = (startedDaysAgo = 0): PlanRow => newTrial(daysAgo(startedDaysAgo));
const manual = (overrides: Partial<PlanRow> = {}): PlanRow => ({ kind: 'manual', status: 'active', plan: 'pro', startsAt: iso(10), endsAt: iso(-355), ...overrides });
const provider = (overrides: Partial<PlanRow> = {}): PlanRow => ({ kind: 'provider', status: 'active', plan: 'pro_monthly', startsAt: iso(40), endsAt: null, ...overrides });
/** what the old "isPro"/"subscription active with a plan" copies become: a running row with a plan other than free */
const paid = (overrides: Partial<PlanRow> = {}): PlanRow => ({ kind: 'trial', status: 'active', plan: 'pro', startsAt: iso(1), endsAt: iso(-29), ...overrides });

describe('PRO detection over subscription rows (docs/product-spec.md section 4)', () => {
  it('is not PRO on a fresh trial: plan free with active status is not PRO', () => {
    expect(isPro([trial()], NOW)).toBe(false);
    expect(isPro([], NOW)).toBe(false);
  });
  it('condition 1: a provider subscription that is active with a plan other than free', () => {
    expect(isProviderPro(provider())).toBe(true);
    expect(isPro([trial(), provider()], NOW)).toBe(true);
    expect(isPro([provider({ plan: 'free' })], NOW)).toBe(false);
    expect(isPro([provider({ status: 'canceled' })], NOW)).toBe(false);
    expect(isPro([provider({ status: 'past_due' })], NOW)).toBe(false);
  });
  it('condition 1 leaves the provider to keep its own time', () => {
    expect(isPro([provider({ endsAt: iso(10) })], NOW)).toBe(true);
  });
  it('condition 2: a manual PRO grant, while it runs', () => {
    expect(isManualPro(manual(), NOW)).toBe(true);
    expect(isPro([trial(400), manual()], NOW)).toBe(true);
    expect(isPro([manual({ status: 'ended' })], NOW)).toBe(false);
    expect(isPro([manual({ endsAt: null })], NOW)).toBe(true);
  });
  it('conditions 3 and 4: isPro / an active subscription with a plan other than free', () => {
    expect(isActivePaidPlan(paid(), NOW)).toBe(true);
    expect(isPro([paid()], NOW)).toBe(true);
    expect(isPro([paid({ status: 'canceled' })], NOW)).toBe(false);
    expect(isPro([paid({ plan: 'free' })], NOW)).toBe(false);
  });
  it('holds until the end of the term and not a moment after', () => {
    const grant = manual({ endsAt: iso(-1) });
    expect(isPro([grant], NOW)).toBe(true);
    const over = manual({ endsAt: NOW.toISOString() });
    expect(isPro([over], NOW)).toBe(false);
    expect(planPhase([trial(400), over], NOW)).toBe('trial-ended');
    expect(canAddProduct({ pro: isPro([over], NOW), productsCount: FREE_PRODUCT_LIMIT })).toBe(false);
  });
  it('does not count a grant before it starts', () => {
    expect(isPro([manual({ startsAt: iso(-1) })], NOW)).toBe(false);
  });
});

describe('trial and limits', () => {
  it('runs the trial for 60 days', () => {
    expect(trialEndDate([newTrial(new Date('2026-11-22T12:00:00.000Z'))])).toBe('2027-01-21T12:00:00.000Z');
    expect(trialEndDate([])).toBeNull();
  });
  it('counts the 60 trial days down to 0, never below', () => {
    expect(remainingTrialDays([trial(0)], NOW)).toBe(60);
    expect(remainingTrialDays([trial(55)], NOW)).toBe(5);
    expect(remainingTrialDays([trial(59.5)], NOW)).toBe(1);
    expect(remainingTrialDays([trial(60)], NOW)).toBe(0);
    expect(remainingTrialDays([trial(400)], NOW)).toBe(0);
    expect(remainingTrialDays([], NOW)).toBe(0);
    expect(remainingTrialDays([{ ...trial(1), status: 'canceled' }], NOW)).toBe(0);
  });
  it('counts remaining products down from 50, never below 0', () => {
    expect(remainingProducts(0)).toBe(FREE_PRODUCT_LIMIT);
    expect(remainingProducts(49)).toBe(1);
    expect(remainingProducts(50)).toBe(0);
    expect(remainingProducts(80)).toBe(0);
  });
  it('can add a product when PRO or while products remain', () => {
    expect(canAddProduct({ pro: false, productsCount: 49 })).toBe(true);
    expect(canAddProduct({ pro: false, productsCount: 50 })).toBe(false);
    expect(canAddProduct({ pro: true, productsCount: 500 })).toBe(true);
  });
  it('prompts to upgrade when not PRO and 5 or fewer days or products remain', () => {
    expect(shouldShowUpgradePrompt([trial(10)], 10, NOW)).toBe(false);
    expect(shouldShowUpgradePrompt([trial(55)], 10, NOW)).toBe(true);
    expect(shouldShowUpgradePrompt([trial(54)], 10, NOW)).toBe(false);
    expect(shouldShowUpgradePrompt([trial(10)], 45, NOW)).toBe(true);
    expect(shouldShowUpgradePrompt([trial(10)], 44, NOW)).toBe(false);
    expect(shouldShowUpgradePrompt([trial(59), manual()], 49, NOW)).toBe(false);
    expect(shouldShowUpgradePrompt([], 0, NOW)).toBe(true);
  });
});

describe('plan phase', () => {
  it('is trial while days remain, trial-ended after, and pro whenever PRO holds', () => {
    expect(planPhase([trial(59)], NOW)).toBe('trial');
    expect(planPhase([trial(60)], NOW)).toBe('trial-ended');
    expect(planPhase([], NOW)).toBe('trial-ended');
    expect(planPhase([trial(400), manual()], NOW)).toBe('pro');
    expect(planPhase([trial(1), paid()], NOW)).toBe('pro');
  });
});

describe('initialisation and PRO toggling (docs/product-spec.md sections 4 and 9)', () => {
  it('starts a 60-day trial that is not PRO', () => {
    expect(newTrial(NOW)).toEqual({ kind: 'trial', status: 'active', plan: 'free', startsAt: NOW.toISOString(), endsAt: '2027-01-21T12:00:00.000Z' });
    expect(isPro([newTrial(NOW)], NOW)).toBe(false);
  });
  it('sets the expiry one year ahead for manual PRO and one month otherwise', () => {
    expect(proTermEnd({ manual: true }, NOW)).toBe('2027-11-22T12:00:00.000Z');
    expect(proTermEnd({ manual: false }, NOW)).toBe('2026-12-22T12:00:00.000Z');
    expect(newManualGrant(NOW)).toEqual({ kind: 'manual', status: 'active', plan: 'pro', startsAt: NOW.toISOString(), endsAt: '2027-11-22T12:00:00.000Z' });
  });
  it('can be toggled back and forth: taking PRO back ends the grant now and clears the expiry', () => {
    const on = newManualGrant(NOW);
    expect(isPro([trial(400), on], NOW)).toBe(true);
    const off = { ...on, ...endedGrant(NOW) };
    expect(off).toMatchObject({ status: 'ended', endsAt: NOW.toISOString() });
    expect(isPro([trial(400), off], NOW)).toBe(false);
    expect(planSummary([trial(400), off]).proUntil).toBeNull();
    expect(isPro([trial(400), off, newManualGrant(NOW)], NOW)).toBe(true);
  });
});

describe('the summary kept on the restaurant row', () => {
  const cases: Record<string, PlanRow[]> = {
    nothing: [],
    'a fresh trial': [trial(0)],
    'a trial about to end': [trial(59.9)],
    'a trial long over': [trial(400)],
    'a canceled trial': [{ ...trial(1), status: 'canceled' }],
    'a trial and a grant': [trial(30), manual()],
    'an old trial and an open-ended grant': [trial(400), manual({ endsAt: null })],
    'a grant ending inside the trial': [trial(1), manual({ endsAt: iso(-3) })],
    'an ended grant': [trial(400), manual({ status: 'ended', endsAt: iso(1) })],
    'a card subscription': [trial(400), provider()],
    'a free card plan': [trial(10), provider({ plan: 'free' })],
    'a canceled card subscription': [trial(400), provider({ status: 'canceled' })],
    'an isPro copy': [paid()],
  };
  const moments = [0, 0.5, 1, 2, 3, 4, 29, 30, 31, 49.9, 50, 59, 60, 61, 354, 356, 10_000].map((d) => new Date(NOW.getTime() + d * DAY));

  it.each(Object.entries(cases))('answers as the rules do at every later moment: %s', (_name, rows) => {
    const summary = planSummary(rows);
    for (const moment of moments) {
      expect(isBefore(summary.proUntil, moment), `PRO at ${moment.toISOString()}`).toBe(isPro(rows, moment));
      // decision 0004: published while PRO or in the trial
      expect(isBefore(summary.publishedUntil, moment), `published at ${moment.toISOString()}`).toBe(isPro(rows, moment) || remainingTrialDays(rows, moment) > 0);
    }
  });

  it('names the kind of row behind the PRO, else the trial', () => {
    expect(planSummary([trial(1)])).toEqual({ publishedUntil: trial(1).endsAt, proUntil: null, planKind: 'trial' });
    expect(planSummary([trial(1), manual()]).planKind).toBe('manual');
    expect(planSummary([trial(1), provider()])).toMatchObject({ planKind: 'provider', proUntil: OPEN_ENDED, publishedUntil: OPEN_ENDED });
    expect(planSummary([])).toEqual({ publishedUntil: null, proUntil: null, planKind: null });
    expect(displayedEnd(OPEN_ENDED)).toBeNull();
    expect(displayedEnd('2027-01-01T00:00:00.000Z')).toBe('2027-01-01T00:00:00.000Z');
  });
});
