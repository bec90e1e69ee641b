import { addDays, instantOf, localMoment, minutesOf } from '#app/modules/restaurant/local-time.ts';
import type { OpeningException } from '#app/modules/restaurant/opening-exceptions.ts';
import { weekDayOf } from '#app/modules/restaurant/local-time.ts';
import type { OpeningHours } from '#app/modules/restaurant/opening-hours.ts';

/**
 * A location's reservation slots (issue 25, decision 0032): pure, so the form, the request's check
 * and the tests read the same rules. Slots start at each opening range's start and every
 * `slotMinutes` after; a slot is held two slot lengths, so it ends at least one slot length before
 * closing (the last seating of 12:00–22:00 in 30-minute slots is 21:00). A range running past
 * midnight gives the next date its early slots (a range belongs to the day it starts on, as in
 * opening-exceptions.ts). Times are the restaurant's wall clock; a time the clocks skip (spring
 * forward) is no slot, a time that happens twice (fall back) is one slot at its first occurrence.
 */

export interface SlotRules {
  hours: OpeningHours | null;
  exceptions: readonly OpeningException[];
  timeZone: string;
  slotMinutes: number;
  leadMinutes: number;
  daysAhead: number;
  capacityPerSlot: number;
}

export interface Slot {
  /** local 'HH:MM' */
  time: string;
  /** epoch ms of its start */
  start: number;
  /** reservations still possible in it (capacity minus requested and accepted ones) */
  free: number;
}

/** Why a date and time cannot be reserved; each is a translated message under appErrors. */
export type SlotRefusal = 'reservation-past' | 'reservation-too-far' | 'reservation-closed-day' | 'reservation-outside-hours' | 'reservation-too-soon' | 'reservation-full';

const DAY_MINUTES = 24 * 60;

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function rangesOn(rules: Pick<SlotRules, 'hours' | 'exceptions'>, date: string): [string, string][] {
  const exception = rules.exceptions.find((one) => one.from <= date && date <= one.to);
  if (exception) return exception.hours;
  return rules.hours?.[weekDayOf(date)] ?? [];
}

/**
 * Every slot start on `date` by the hours alone (no lead time, no capacity), in order: the date's
 * own ranges and the previous day's ranges that run past midnight.
 */
export function slotTimesOn(rules: Pick<SlotRules, 'hours' | 'exceptions' | 'timeZone' | 'slotMinutes'>, date: string): { time: string; start: number }[] {
  const step = Math.max(5, Math.trunc(rules.slotMinutes));
  const found = new Map<string, number>();
  for (const [day, offset] of [
    [addDays(date, -1), -DAY_MINUTES],
    [date, 0],
  ] as const) {
    for (const [from, to] of rangesOn(rules, day)) {
      const open = minutesOf(from);
      let close = minutesOf(to);
      if (close <= open) close += DAY_MINUTES;
      // the slot ends (start + step) at least one step before closing
      for (let at = open; at + 2 * step <= close; at += step) {
        const minutes = at + offset;
        if (minutes < 0 || minutes >= DAY_MINUTES) continue;
        const start = instantOf(date, minutes, rules.timeZone);
        const local = localMoment(start, rules.timeZone);
        // a wall time the clocks skip is no slot
        if (local.date !== date || local.minutes !== minutes) continue;
        found.set(hhmm(minutes), start);
      }
    }
  }
  return [...found.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([time, start]) => ({ time, start }));
}

/** The restaurant's local date at `now`, and the last date a guest may reserve. */
export function reservableDates(rules: Pick<SlotRules, 'timeZone' | 'daysAhead'>, now: number): { today: string; last: string } {
  const today = localMoment(now, rules.timeZone).date;
  return { today, last: addDays(today, rules.daysAhead) };
}

/**
 * The slots a guest may choose on `date` at `now`: by the hours, not before `now` plus the lead
 * time, with what is left of their capacity (`taken`: requested and accepted reservations by
 * 'HH:MM'). Full slots are listed with `free: 0`. None outside the days a guest may reserve.
 */
export function freeSlots(rules: SlotRules, date: string, now: number, taken: ReadonlyMap<string, number>): Slot[] {
  const { today, last } = reservableDates(rules, now);
  if (date < today || date > last) return [];
  const earliest = now + rules.leadMinutes * 60_000;
  return slotTimesOn(rules, date)
    .filter((slot) => slot.start >= earliest)
    .map((slot) => ({ ...slot, free: Math.max(0, rules.capacityPerSlot - (taken.get(slot.time) ?? 0)) }));
}

/**
 * Why `date` at `time` cannot be reserved at `now`, or null when it can; `taken` is the slot's
 * requested and accepted reservations, read under the slot's lock.
 */
export function refuseSlot(rules: SlotRules, date: string, time: string, now: number, taken: number): SlotRefusal | null {
  const { today, last } = reservableDates(rules, now);
  if (date < today) return 'reservation-past';
  const times = slotTimesOn(rules, date);
  const slot = times.find((one) => one.time === time);
  if (slot && slot.start <= now) return 'reservation-past';
  if (date > last) return 'reservation-too-far';
  if (times.length === 0) return 'reservation-closed-day';
  if (!slot) return 'reservation-outside-hours';
  if (slot.start < now + rules.leadMinutes * 60_000) return 'reservation-too-soon';
  if (taken >= rules.capacityPerSlot) return 'reservation-full';
  return null;
}

/** When a reservation starts and ends (its slot and the next one: the table is held two slot lengths). */
export function reservationSpan(date: string, time: string, slotMinutes: number, timeZone: string): { start: number; end: number } {
  const start = instantOf(date, minutesOf(time), timeZone);
  return { start, end: start + 2 * Math.max(5, slotMinutes) * 60_000 };
}
