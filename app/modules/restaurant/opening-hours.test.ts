import { describe, expect, it } from 'vitest';
import { groupOpeningHours, parseOpeningHours } from './opening-hours.ts';

describe('opening hours', () => {
  it('read what the owner stored and drop malformed entries', () => {
    expect(parseOpeningHours('{"mon":[["08:00","22:00"],["25:00","x"]],"tue":"open","sun":[]}')).toEqual({
      mon: [['08:00', '22:00']],
      sun: [],
    });
    expect(parseOpeningHours('not json')).toBeNull();
    expect(parseOpeningHours(null)).toBeNull();
    expect(parseOpeningHours('{}')).toBeNull();
  });

  it('a week with every day closed means hours not set: no hours block for guests', () => {
    const empty = JSON.stringify({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
    expect(parseOpeningHours(empty)).toBeNull();
    expect(parseOpeningHours(JSON.stringify({ mon: [], sat: [['10:00', '14:00']] }))).toEqual({ mon: [], sat: [['10:00', '14:00']] });
  });

  it('group consecutive days with the same hours; missing days are closed', () => {
    const week = parseOpeningHours(JSON.stringify({ mon: [['08:00', '22:00']], tue: [['08:00', '22:00']], wed: [['08:00', '22:00']], sat: [['10:00', '23:00']] }))!;
    expect(groupOpeningHours(week)).toEqual([
      { from: 'mon', to: 'wed', ranges: [['08:00', '22:00']] },
      { from: 'thu', to: 'fri', ranges: [] },
      { from: 'sat', to: 'sat', ranges: [['10:00', '23:00']] },
      { from: 'sun', to: 'sun', ranges: [] },
    ]);
  });
});
