import { describe, expect, it } from 'vitest';
import { instantOf, localMoment } from '#app/modules/restaurant/local-time.ts';
import { dayRuns, parseCategorySchedule, readScheduleFields, servingState, type CategorySchedule } from './category-schedule.ts';

const TZ = 'Europe/Bucharest';
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const schedule = (overrides: Partial<CategorySchedule>): CategorySchedule => ({
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  from: '07:00',
  to: '11:00',
  overnight: false,
  outside: 'mark',
  ...overrides,
});

describe('local time in Europe/Bucharest', () => {
  it('reads the wall clock in winter (UTC+2) and summer (UTC+3)', () => {
    expect(localMoment(at('2026-11-23T06:30:00Z'), TZ)).toEqual({ date: '2026-11-23', weekDay: 'mon', minutes: 8 * 60 + 30 });
    expect(localMoment(at('2026-07-01T21:30:00Z'), TZ)).toEqual({ date: '2026-07-02', weekDay: 'thu', minutes: 30 });
  });

  it('a skipped time (29 March 2026, 03:00 → 04:00) is the jump; a repeated one (25 October) its first occurrence', () => {
    expect(iso(instantOf('2026-03-29', 3 * 60 + 30, TZ))).toBe('2026-03-29T01:30:00.000Z'); // 04:30 summer time
    expect(iso(instantOf('2026-03-29', 3 * 60, TZ))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(instantOf('2026-10-25', 3 * 60 + 30, TZ))).toBe('2026-10-25T00:30:00.000Z'); // 03:30 summer time, not winter
    expect(iso(instantOf('2026-10-25', 5 * 60, TZ))).toBe('2026-10-25T03:00:00.000Z');
    expect(iso(instantOf('2026-10-25', 24 * 60, TZ))).toBe('2026-10-25T22:00:00.000Z');
  });

  it('a missing or unknown zone is Europe/Bucharest, not an error (a guest page never fails on it)', () => {
    const breakfast = schedule({});
    for (const zone of ['Nowhere/City', '', 'Europe/Bucurest']) {
      expect(localMoment(at('2026-07-01T21:30:00Z'), zone)).toEqual({ date: '2026-07-02', weekDay: 'thu', minutes: 30 });
      expect(servingState(breakfast, at('2026-11-23T06:30:00Z'), zone)).toEqual({ servedNow: true, changesAt: at('2026-11-23T09:00:00Z') });
    }
  });
});

describe('a category served at certain times', () => {
  it('breakfast until 11:00: served, then not, until 07:00 the next day (boundaries exact)', () => {
    const breakfast = schedule({});
    expect(servingState(breakfast, at('2026-11-23T06:30:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-11-23T09:00:00Z') });
    expect(servingState(breakfast, at('2026-11-23T08:59:59.999Z'), TZ).servedNow).toBe(true);
    expect(servingState(breakfast, at('2026-11-23T09:00:00Z'), TZ)).toEqual({ servedNow: false, changesAt: at('2026-11-24T05:00:00Z') });
    expect(servingState(breakfast, at('2026-11-24T05:00:00Z'), TZ).servedNow).toBe(true);
  });

  it('the weekday lunch menu is not served on Saturday, and comes back on Monday at 12:00', () => {
    const lunch = schedule({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '12:00', to: '16:00' });
    expect(servingState(lunch, at('2026-11-28T10:30:00Z'), TZ)).toEqual({ servedNow: false, changesAt: at('2026-11-30T10:00:00Z') });
    expect(servingState(lunch, at('2026-11-27T13:59:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-11-27T14:00:00Z') });
  });

  it('a range past midnight belongs to the day it starts on', () => {
    const lateBar = schedule({ days: ['fri'], from: '22:00', to: '02:00', overnight: true });
    // Saturday 01:30 local: Friday's range still runs
    expect(servingState(lateBar, at('2026-11-27T23:30:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-11-28T00:00:00Z') });
    // Saturday 22:30 local: not Friday
    expect(servingState(lateBar, at('2026-11-28T20:30:00Z'), TZ)).toEqual({ servedNow: false, changesAt: at('2026-12-04T20:00:00Z') });
  });

  it('until midnight (to 00:00) and all day on chosen days', () => {
    expect(servingState(schedule({ from: '18:00', to: '00:00' }), at('2026-11-23T21:00:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-11-23T22:00:00Z') });
    const weekends = schedule({ days: ['sat', 'sun'], from: null, to: null });
    expect(servingState(weekends, at('2026-11-28T12:00:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-11-29T22:00:00Z') });
    expect(servingState(null, at('2026-11-28T12:00:00Z'), TZ)).toEqual({ servedNow: true, changesAt: null });
  });

  it('on the spring-forward day a 02:00–05:00 range lasts two hours; on the fall-back day 00:00–12:00 lasts thirteen', () => {
    const night = schedule({ days: ['sun'], from: '02:00', to: '05:00' });
    expect(servingState(night, at('2026-03-29T00:00:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-03-29T02:00:00Z') });
    const morning = schedule({ days: ['sun'], from: '00:00', to: '12:00' });
    expect(servingState(morning, at('2026-10-24T21:00:00Z'), TZ)).toEqual({ servedNow: true, changesAt: at('2026-10-25T10:00:00Z') });
    // a start inside the skipped hour moves on by that hour: 03:30 is 04:30 summer time
    expect(servingState(schedule({ days: ['sun'], from: '03:30', to: '06:00' }), at('2026-03-29T00:30:00Z'), TZ).changesAt).toBe(at('2026-03-29T01:30:00Z'));
  });

  it('reads stored schedules and treats malformed ones as always served', () => {
    expect(parseCategorySchedule('{"days":["mon","xx"],"from":"07:00","to":"11:00","outside":"hide"}')).toEqual({
      days: ['mon'],
      from: '07:00',
      to: '11:00',
      overnight: false,
      outside: 'hide',
    });
    expect(parseCategorySchedule('{"days":[],"from":"07:00","to":"11:00"}')).toBeNull();
    expect(parseCategorySchedule('{"days":["mon"],"from":"07:00"}')).toBeNull();
    expect(parseCategorySchedule('nope')).toBeNull();
    expect(dayRuns(['mon', 'tue', 'wed', 'fri', 'sun'])).toEqual([
      { from: 'mon', to: 'wed' },
      { from: 'fri', to: 'fri' },
      { from: 'sun', to: 'sun' },
    ]);
  });
});

describe('the editor form of a schedule', () => {
  it('reports every problem at once', () => {
    expect(readScheduleFields({ scheduled: 'on', scheduleFrom: '7', scheduleTo: '' }).issues).toEqual([
      { path: 'scheduleDays', message: 'scheduleDays' },
      { path: 'scheduleFrom', message: 'time' },
      { path: 'scheduleTo', message: 'servingHoursPair' },
    ]);
    expect(readScheduleFields({ scheduled: 'on', 'scheduleDay-mon': 'on', scheduleFrom: '12:00', scheduleTo: '12:00' }).issues).toEqual([
      { path: 'scheduleTo', message: 'scheduleSameTime' },
    ]);
  });

  it('an end before the start needs "past midnight" ticked', () => {
    const fields = { scheduled: 'on', 'scheduleDay-fri': 'on', scheduleFrom: '22:00', scheduleTo: '02:00' };
    expect(readScheduleFields(fields).issues).toEqual([{ path: 'scheduleTo', message: 'scheduleOvernight' }]);
    expect(readScheduleFields({ ...fields, scheduleOvernight: 'on', scheduleOutside: 'hide' })).toEqual({
      schedule: { days: ['fri'], from: '22:00', to: '02:00', overnight: true, outside: 'hide' },
      issues: [],
    });
    expect(readScheduleFields({ 'scheduleDay-fri': 'on', scheduleFrom: 'x' })).toEqual({ schedule: null, issues: [] });
  });

  it('"outside these hours" is one of the choices offered; none sent is "mark"', () => {
    const fields = { scheduled: 'on', 'scheduleDay-mon': 'on' };
    expect(readScheduleFields({ ...fields, scheduleOutside: 'show' })).toEqual({ schedule: null, issues: [{ path: 'scheduleOutside', message: 'scheduleOutside' }] });
    expect(readScheduleFields({ ...fields, scheduleOutside: ['hide', 'mark'] }).issues).toEqual([{ path: 'scheduleOutside', message: 'scheduleOutside' }]);
    expect(readScheduleFields(fields).schedule?.outside).toBe('mark');
    expect(readScheduleFields({ ...fields, scheduleOutside: 'hide' }).schedule?.outside).toBe('hide');
  });
});
