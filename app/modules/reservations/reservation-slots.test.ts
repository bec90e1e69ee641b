import { describe, expect, it } from 'vitest';
import { freeSlots, refuseSlot, reservationSpan, slotTimesOn, type SlotRules } from './reservation-slots.ts';

const TZ = 'Europe/Bucharest';
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  hours: {
    mon: [['12:00', '22:00']],
    tue: [['12:00', '22:00']],
    wed: [['12:00', '22:00']],
    thu: [['12:00', '22:00']],
    fri: [['12:00', '22:00']],
    sat: [['22:00', '05:00']],
    sun: [['18:00', '24:00']],
  },
  exceptions: [],
  timeZone: TZ,
  slotMinutes: 30,
  leadMinutes: 60,
  daysAhead: 30,
  capacityPerSlot: 2,
  ...over,
});
const at = (iso: string) => Date.parse(iso);
const times = (list: { time: string }[]) => list.map((slot) => slot.time);

describe('reservation slots', () => {
  it('start with each opening and end at least one slot length before closing', () => {
    // Monday 30 November 2026, 12:00–22:00: the last seating is 21:00 (held until 22:00 − 30 min)
    const slots = times(slotTimesOn(rules(), '2026-11-30'));
    expect(slots[0]).toBe('12:00');
    expect(slots.at(-1)).toBe('21:00');
    expect(slots).toHaveLength(19);
    expect(times(slotTimesOn(rules({ slotMinutes: 60 }), '2026-11-30')).at(-1)).toBe('20:00');
  });

  it('read a closing at 24:00 as the day’s end', () => {
    // Sunday 29 November 2026, 18:00–24:00; Saturday's 22:00–05:00 gives the early hours
    const slots = times(slotTimesOn(rules(), '2026-11-29'));
    expect(slots.filter((time) => time >= '18:00')).toEqual(['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00']);
    expect(slots.filter((time) => time < '12:00')).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00']);
  });

  it('skip the hour the clocks skip on the spring-forward night and list the repeated hour once in autumn', () => {
    // 29 March 2026: 03:00 becomes 04:00 in Bucharest
    const spring = slotTimesOn(rules(), '2026-03-29').filter((slot) => slot.time < '12:00');
    expect(times(spring)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '04:00']);
    expect(new Date(spring.at(-1)!.start).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 04:00 becomes 03:00 again; 03:00 and 03:30 are one slot each, their first occurrence
    const autumn = slotTimesOn(rules(), '2026-10-25').filter((slot) => slot.time < '12:00');
    expect(times(autumn)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00']);
    expect(new Date(autumn.find((slot) => slot.time === '03:00')!.start).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(new Date(autumn.at(-1)!.start).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('offer no slot on a closed day, whether by the week or by an exception', () => {
    const closed = rules({ exceptions: [{ from: '2026-12-25', to: '2026-12-26', note: 'Crăciun', hours: [] }] });
    expect(slotTimesOn(closed, '2026-12-25')).toEqual([]);
    expect(refuseSlot(closed, '2026-12-25', '19:00', at('2026-12-01T10:00:00Z'), 0)).toBe('reservation-closed-day');
    expect(refuseSlot(rules({ hours: { mon: [['12:00', '22:00']] } }), '2026-12-01', '19:00', at('2026-11-27T10:00:00Z'), 0)).toBe('reservation-closed-day');
    // special hours replace the weekday's
    const short = rules({ exceptions: [{ from: '2026-12-24', to: '2026-12-24', note: null, hours: [['12:00', '16:00']] }] });
    expect(times(slotTimesOn(short, '2026-12-24')).at(-1)).toBe('15:00');
  });

  it('keep the lead time, the days ahead and the capacity', () => {
    const now = at('2026-11-30T10:00:00Z'); // 12:00 in Bucharest
    const taken = new Map([
      ['14:00', 2],
      ['14:30', 1],
    ]);
    const slots = freeSlots(rules(), '2026-11-30', now, taken);
    expect(slots[0]!.time).toBe('13:00');
    expect(slots.find((slot) => slot.time === '14:00')!.free).toBe(0);
    expect(slots.find((slot) => slot.time === '14:30')!.free).toBe(1);
    expect(freeSlots(rules(), '2026-12-31', now, taken)).toEqual([]);
    expect(freeSlots(rules(), '2026-11-29', now, taken)).toEqual([]);
  });

  it('say why a time cannot be reserved, one reason each', () => {
    const now = at('2026-11-30T10:00:00Z');
    expect(refuseSlot(rules(), '2026-11-30', '19:00', now, 0)).toBeNull();
    expect(refuseSlot(rules(), '2026-11-27', '19:00', now, 0)).toBe('reservation-past');
    expect(refuseSlot(rules(), '2026-11-30', '12:00', now, 0)).toBe('reservation-past');
    expect(refuseSlot(rules(), '2026-11-30', '12:30', now, 0)).toBe('reservation-too-soon');
    expect(refuseSlot(rules(), '2027-01-05', '19:00', now, 0)).toBe('reservation-too-far');
    expect(refuseSlot(rules(), '2026-11-30', '21:30', now, 0)).toBe('reservation-outside-hours');
    expect(refuseSlot(rules(), '2026-11-30', '19:10', now, 0)).toBe('reservation-outside-hours');
    expect(refuseSlot(rules(), '2026-11-30', '19:00', now, 2)).toBe('reservation-full');
  });

  it('hold the table two slot lengths from the slot’s start in the restaurant’s zone', () => {
    const span = reservationSpan('2026-11-30', '19:00', 30, TZ);
    expect(new Date(span.start).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(span.end - span.start).toBe(60 * 60_000);
  });
});
