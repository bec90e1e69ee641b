import { describe, expect, it } from 'vitest';
import { changedPlanDays, planDaysKey, planDaysOf } from './plan-days.ts';

const row = (kind: 'trial' | 'manual' | 'provider', startsAt: string, endsAt: string | null, status = 'active', plan = kind === 'trial' ? 'free' : 'pro') =>
  ({ kind, status, plan, startsAt, endsAt }) as Parameters<typeof planDaysKey>[0][number];
const NOW = new Date('2026-11-23T12:00:00.000Z');

describe('the overview roll-up key of a restaurant', () => {
  it('names its trial end day, marked once a PRO row started after the trial and by now, and its card cancellations', () => {
    const trial = row('trial', '2026-01-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z');
    expect(planDaysKey([trial], NOW)).toBe('t2026-03-02');
    expect(planDaysKey([trial, row('manual', '2026-04-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z')], NOW)).toBe('t2026-03-02+');
    // a PRO row from before the trial, or not started yet, converts nothing
    expect(planDaysKey([trial, row('manual', '2025-12-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z')], NOW)).toBe('t2026-03-02');
    expect(planDaysKey([trial, row('provider', '2026-12-01T00:00:00.000Z', null)], NOW)).toBe('t2026-03-02');
    // a free plan is no conversion
    expect(planDaysKey([trial, row('manual', '2026-04-01T00:00:00.000Z', null, 'active', 'free')], NOW)).toBe('t2026-03-02');
    const canceled = row('provider', '2026-04-01T00:00:00.000Z', '2026-09-15T08:00:00.000Z', 'canceled');
    expect(planDaysKey([trial, canceled], NOW)).toBe('c2026-09-15,t2026-03-02+');
    // a running card subscription counts on no day
    expect(planDaysKey([row('provider', '2026-04-01T00:00:00.000Z', null)], NOW)).toBe('');
  });

  it('drops the days of the old and the new key when they differ, none when they do not', () => {
    expect(planDaysOf('c2026-09-15,t2026-03-02+')).toEqual(['2026-09-15', '2026-03-02']);
    expect(changedPlanDays('t2026-03-02', 't2026-03-02')).toEqual([]);
    // a late conversion: the same day, now marked
    expect(changedPlanDays('t2026-03-02', 't2026-03-02+')).toEqual(['2026-03-02']);
    // an extended trial: its old end day and its new one
    expect(changedPlanDays('t2026-03-02', 't2026-12-01')).toEqual(['2026-03-02', '2026-12-01']);
    expect(changedPlanDays('', 'c2026-09-15')).toEqual(['2026-09-15']);
  });
});
