import { describe, expect, it } from 'vitest';
import { nextOpening } from './next-opening.ts';
import type { OpeningException } from './opening-exceptions.ts';
import type { OpeningHours } from './opening-hours.ts';

const TZ = 'Europe/Bucharest';
const at = (iso: string) => Date.parse(iso);
const everyDay = (from: string, to: string): OpeningHours => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [[from, to]]]));
const closed = (from: string, to = from): OpeningException => ({ from, to, note: null, hours: [] });

describe('the next opening (sold out "until we open again")', () => {
  it("closed now: today's opening if it is still ahead, else tomorrow's", () => {
    // 2026-11-27 is a Friday; Bucharest is UTC+2 in winter
    expect(nextOpening(everyDay('12:00', '22:00'), [], at('2026-11-27T07:00:00Z'), TZ)).toBe(at('2026-11-27T10:00:00Z'));
    expect(nextOpening(everyDay('12:00', '22:00'), [], at('2026-11-27T21:00:00Z'), TZ)).toBe(at('2026-11-28T10:00:00Z'));
  });

  it("open now: the start of the period after this one closes, not now nor this one's start", () => {
    expect(nextOpening(everyDay('12:00', '22:00'), [], at('2026-11-27T15:00:00Z'), TZ)).toBe(at('2026-11-28T10:00:00Z'));
    // lunch and dinner: sold out at lunch comes back for dinner
    const split: OpeningHours = everyDay('12:00', '15:00');
    split.fri = [
      ['12:00', '15:00'],
      ['18:00', '23:00'],
    ];
    expect(nextOpening(split, [], at('2026-11-27T11:00:00Z'), TZ)).toBe(at('2026-11-27T16:00:00Z'));
  });

  it('overnight hours: the period running past midnight is one, the next starts the evening after', () => {
    const late = everyDay('18:00', '02:00');
    // Saturday 01:00 local, inside Friday's period
    expect(nextOpening(late, [], at('2026-11-27T23:00:00Z'), TZ)).toBe(at('2026-11-28T16:00:00Z'));
    // a day ending at midnight and the next starting then are one period: open around the clock has no "again"
    expect(nextOpening(everyDay('00:00', '24:00'), [], at('2026-11-27T10:00:00Z'), TZ)).toBeNull();
  });

  it('closed days and special hours are skipped or taken as they are', () => {
    const hours = everyDay('10:00', '22:00');
    // Christmas closed: from the evening of the 24th, back on the 27th
    expect(nextOpening(hours, [closed('2026-12-25', '2026-12-26')], at('2026-12-24T21:00:00Z'), TZ)).toBe(at('2026-12-27T08:00:00Z'));
    // special hours on the 31st: opens at 18:00 that day
    const eve: OpeningException = { from: '2026-12-31', to: '2026-12-31', note: 'Revelion', hours: [['18:00', '04:00']] };
    expect(nextOpening(hours, [eve], at('2026-12-30T21:00:00Z'), TZ)).toBe(at('2026-12-31T16:00:00Z'));
    // closed for the whole winter: the first day of spring, weeks ahead
    expect(nextOpening(hours, [closed('2027-01-01', '2027-02-28')], at('2026-12-31T21:00:00Z'), TZ)).toBe(at('2027-03-01T08:00:00Z'));
  });

  it('weekly hours with days off: the next day that has hours', () => {
    const weekdays: OpeningHours = { mon: [['09:00', '17:00']], tue: [['09:00', '17:00']], wed: [['09:00', '17:00']], thu: [['09:00', '17:00']], fri: [['09:00', '17:00']] };
    // Friday evening: Monday morning
    expect(nextOpening(weekdays, [], at('2026-11-27T16:00:00Z'), TZ)).toBe(at('2026-11-30T07:00:00Z'));
  });

  it('across the daylight-saving changes: the local opening time, in the new offset', () => {
    // 2026-03-29 spring forward in Bucharest (03:00 → 04:00): 12:00 is 09:00 UTC from that day
    expect(nextOpening(everyDay('12:00', '22:00'), [], at('2026-03-28T21:00:00Z'), TZ)).toBe(at('2026-03-29T09:00:00Z'));
    // 2026-10-25 fall back (04:00 → 03:00): 12:00 is 10:00 UTC again
    expect(nextOpening(everyDay('12:00', '22:00'), [], at('2026-10-24T20:00:00Z'), TZ)).toBe(at('2026-10-25T10:00:00Z'));
    // an opening in the hour the clocks skip moves on by that hour (local-time.ts's rule)
    expect(nextOpening(everyDay('03:30', '10:00'), [], at('2026-03-28T21:00:00Z'), TZ)).toBe(at('2026-03-29T01:30:00Z'));
  });

  it('no hours, or nothing opens within the horizon: null (the owner is told, nothing is marked)', () => {
    expect(nextOpening(null, [], at('2026-11-27T10:00:00Z'), TZ)).toBeNull();
    expect(nextOpening(everyDay('10:00', '22:00'), [closed('2026-11-01', '2028-12-31')], at('2026-11-27T10:00:00Z'), TZ)).toBeNull();
  });
});
