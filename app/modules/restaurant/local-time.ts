import { WEEK_DAYS, type WeekDay } from './opening-hours.ts';

/**
 * Wall-clock time in a restaurant's time zone (IANA name, e.g. Europe/Bucharest), computed with
 * Intl so daylight-saving changes follow the zone's own rules. Instants are epoch milliseconds;
 * dates are local calendar dates 'YYYY-MM-DD'; times of day are minutes since local midnight.
 */

const DAY_MS = 86_400_000;
/** the zone of a restaurant whose stored zone is missing or unknown to this runtime (the column's default) */
const FALLBACK_TIME_ZONE = 'Europe/Bucharest';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter; a missing or unknown zone is Europe/Bucharest's, so a guest page never fails on it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const inZone = (zone: string) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    try {
      formatter = inZone(timeZone || FALLBACK_TIME_ZONE);
    } catch {
      formatter = inZone(FALLBACK_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's local wall clock at an instant, as if it were UTC (ms), to the second. */
function wallClockAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at an instant (ms). */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockAt(instant, timeZone) - (instant - (((instant % 1000) + 1000) % 1000));
}

export interface LocalMoment {
  date: string;
  weekDay: WeekDay;
  /** minutes since local midnight */
  minutes: number;
}

/** The local date, day of the week and time of day at an instant. */
export function localMoment(instant: number, timeZone: string): LocalMoment {
  const wall = new Date(wallClockAt(instant, timeZone));
  const date = wall.toISOString().slice(0, 10);
  return { date, weekDay: weekDayOf(date), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/**
 * The instant a local date and time of day happen (minutes may be 1440: the next midnight). A
 * time the clocks skip (spring forward) moves on by the hour skipped (03:30 is 04:30 summer time);
 * a time that happens twice (fall back) is its first occurrence.
 */
export function instantOf(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const matches = [wall - before, wall - after].filter((instant) => instant + offsetAt(instant, timeZone) === wall);
  return matches.length > 0 ? Math.min(...matches) : wall - before;
}

/** A local date some days later (or earlier). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function weekDayOf(date: string): WeekDay {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 = Sunday; WEEK_DAYS starts on Monday
  return WEEK_DAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** 'HH:MM' (or '24:00') as minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Half-open spans of time [start, end) in ms. */
export interface Span {
  start: number;
  end: number;
}

/** Sorted, overlapping or touching spans joined, so a boundary is only where something changes. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else if (span.end > span.start) merged.push({ ...span });
  }
  return merged;
}

/** Whether an instant is inside the spans, and the next instant after it where that changes. */
export function stateAt(spans: readonly Span[], now: number): { inside: boolean; changesAt: number | null } {
  const merged = mergeSpans(spans);
  const inside = merged.some((span) => span.start <= now && now < span.end);
  const next = merged.flatMap((span) => [span.start, span.end]).filter((edge) => edge > now);
  return { inside, changesAt: next.length > 0 ? Math.min(...next) : null };
}

/** The earliest of some instants (null ones ignored); null when there is none. */
export function earliest(...instants: (number | null | undefined)[]): number | null {
  const known = instants.filter((instant): instant is number => typeof instant === 'number' && Number.isFinite(instant));
  return known.length > 0 ? Math.min(...known) : null;
}
