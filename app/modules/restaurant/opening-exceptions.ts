import { addDays, earliest, instantOf, localMoment, minutesOf, stateAt, weekDayOf, type Span } from './local-time.ts';
import { OPENING_TIME, storedClosingTime, TIME_OF_DAY, timeInputValue, type OpeningHours } from './opening-hours.ts';
import { parseStoredJson } from '#app/modules/text/stored-json.ts';

/**
 * Closed days and special hours by date (issue 17, decision 0022): a holiday or a one-off closure
 * ("Crăciun", 25–26 December) or a day with other hours than its weekday's. Dates are local to the
 * restaurant ('YYYY-MM-DD', `to` included); `hours` empty is closed. A range belongs to the day it
 * starts on, so a closed day cancels that day's ranges while the previous evening's range that
 * runs past midnight still ends as usual. Stored as JSON text in `restaurant.openingExceptions`.
 */
export interface OpeningException {
  from: string;
  to: string;
  note: string | null;
  hours: [string, string][];
}

const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
/** how many rows the settings form offers and the service keeps */
export const MAX_OPENING_EXCEPTIONS = 40;
/** how far ahead guests are told of closures and special hours */
export const EXCEPTION_NOTICE_DAYS = 30;
/** how far ahead a closure or special hours stand beside "open/closed now" (issue 23: not December's in November) */
export const EXCEPTION_SOON_DAYS = 7;

function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/** Reads stored exceptions, dropping anything malformed, sorted by date. */
export function parseOpeningExceptions(stored: string | null | undefined): OpeningException[] {
  const value = parseStoredJson(stored);
  if (!Array.isArray(value)) return [];
  const exceptions: OpeningException[] = [];
  for (const item of value as Record<string, unknown>[]) {
    if (!item || typeof item !== 'object' || !isDate(item.from)) continue;
    const to = isDate(item.to) && item.to >= item.from ? item.to : item.from;
    const hours = Array.isArray(item.hours)
      ? (item.hours as unknown[]).filter((r): r is [string, string] => Array.isArray(r) && r.length === 2 && TIME_OF_DAY.test(String(r[0])) && TIME_OF_DAY.test(String(r[1])))
      : [];
    exceptions.push({ from: item.from, to, note: typeof item.note === 'string' && item.note ? item.note : null, hours });
  }
  return exceptions.sort((a, b) => a.from.localeCompare(b.from));
}

export function serializeOpeningExceptions(exceptions: readonly OpeningException[]): string | null {
  return exceptions.length > 0 ? JSON.stringify(exceptions) : null;
}

function exceptionOn(exceptions: readonly OpeningException[], date: string): OpeningException | undefined {
  return exceptions.find((exception) => exception.from <= date && date <= exception.to);
}

/** The spans the restaurant is open on the days starting at `firstDate`, exceptions applied. */
export function openSpans(hours: OpeningHours, exceptions: readonly OpeningException[], firstDate: string, count: number, timeZone: string): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(firstDate, i);
    const ranges = exceptionOn(exceptions, date)?.hours ?? hours[weekDayOf(date)] ?? [];
    for (const [from, to] of ranges) {
      const start = minutesOf(from);
      const end = minutesOf(to);
      // a closing time at or before the opening time is after midnight (the settings form says so)
      spans.push({ start: instantOf(date, start, timeZone), end: end <= start ? instantOf(addDays(date, 1), end, timeZone) : instantOf(date, end, timeZone) });
    }
  }
  return spans;
}

export interface OpeningStatus {
  /** open at this moment by the hours and the exceptions; null when the hours are not set */
  openNow: boolean | null;
  /** the exception that applies today, if any */
  today: OpeningException | null;
  /** exceptions still to come within EXCEPTION_NOTICE_DAYS, nearest first (today's not included) */
  upcoming: OpeningException[];
  /** the nearest of those when it starts within EXCEPTION_SOON_DAYS: said beside open/closed now */
  soon: OpeningException | null;
  /** the next instant (ms) at which any of the above changes, or null if none does */
  changesAt: number | null;
}

/**
 * What guests are told about the hours at `now` (ms): open or closed now, today's exception and
 * the closures ahead. Today's date itself is part of it, so with exceptions to come the answer
 * also changes at the next local midnight.
 */
export function openingStatus(hours: OpeningHours | null, exceptions: readonly OpeningException[], now: number, timeZone: string): OpeningStatus {
  const today = localMoment(now, timeZone).date;
  const horizon = addDays(today, EXCEPTION_NOTICE_DAYS);
  const soonUntil = addDays(today, EXCEPTION_SOON_DAYS);
  const current = exceptions.filter((exception) => exception.to >= today);
  const open = hours ? stateAt(openSpans(hours, exceptions, addDays(today, -1), 10, timeZone), now) : null;
  const midnight = current.length > 0 ? instantOf(addDays(today, 1), 0, timeZone) : null;
  const upcoming = current.filter((exception) => exception.from > today && exception.from <= horizon);
  return {
    openNow: open ? open.inside : null,
    today: exceptionOn(current, today) ?? null,
    upcoming,
    soon: upcoming[0] && upcoming[0].from <= soonUntil ? upcoming[0] : null,
    changesAt: earliest(open?.changesAt, midnight),
  };
}

/** The settings form's fields of exception row `index`. */
export const exceptionField = (index: number, part: 'from' | 'to' | 'note' | 'opens' | 'closes') => `exception-${index}-${part}`;

export interface ExceptionIssue {
  path: string;
  /** a key under editorErrors */
  message: 'exceptionDate' | 'exceptionRange' | 'time' | 'servingHoursPair' | 'scheduleSameTime' | 'tooLong';
  params?: Record<string, number>;
}

/**
 * The exceptions the settings form describes, and everything wrong with them at once. A row left
 * blank is no exception; a row needs its first date; the last date, when given, is not before it;
 * special hours come as a pair (none: closed that day); a note is at most 80 characters.
 */
export function readExceptionFields(values: Record<string, unknown>): { exceptions: OpeningException[]; issues: ExceptionIssue[] } {
  const exceptions: OpeningException[] = [];
  const issues: ExceptionIssue[] = [];
  for (let index = 0; index < MAX_OPENING_EXCEPTIONS; index++) {
    const text = (part: Parameters<typeof exceptionField>[1]) => {
      const value = values[exceptionField(index, part)];
      return typeof value === 'string' ? value.trim() : '';
    };
    const [from, to, note, opens, closes] = [text('from'), text('to'), text('note'), text('opens'), text('closes')];
    if (!from && !to && !note && !opens && !closes) continue;
    const before = issues.length;
    if (!isDate(from)) issues.push({ path: exceptionField(index, 'from'), message: 'exceptionDate' });
    if (to && !isDate(to)) issues.push({ path: exceptionField(index, 'to'), message: 'exceptionDate' });
    else if (to && isDate(from) && to < from) issues.push({ path: exceptionField(index, 'to'), message: 'exceptionRange' });
    if (note.length > 80) issues.push({ path: exceptionField(index, 'note'), message: 'tooLong', params: { max: 80 } });
    if (opens && !OPENING_TIME.test(opens)) issues.push({ path: exceptionField(index, 'opens'), message: 'time' });
    if (closes && !TIME_OF_DAY.test(closes)) issues.push({ path: exceptionField(index, 'closes'), message: 'time' });
    if (!opens !== !closes) issues.push({ path: exceptionField(index, opens ? 'closes' : 'opens'), message: 'servingHoursPair' });
    else if (opens && opens === storedClosingTime(closes)) issues.push({ path: exceptionField(index, 'closes'), message: 'scheduleSameTime' });
    if (issues.length === before) exceptions.push({ from, to: to || from, note: note || null, hours: opens ? [[opens, storedClosingTime(closes)]] : [] });
  }
  return { exceptions: exceptions.sort((a, b) => a.from.localeCompare(b.from)), issues };
}

/** One row of the settings form as typed (strings), so a refused save shows what was written. */
export type ExceptionRow = Record<'from' | 'to' | 'note' | 'opens' | 'closes', string>;

export function exceptionRowsOf(exceptions: readonly OpeningException[]): ExceptionRow[] {
  return exceptions.map((exception) => ({
    from: exception.from,
    to: exception.to === exception.from ? '' : exception.to,
    note: exception.note ?? '',
    opens: timeInputValue(exception.hours[0]?.[0] ?? ''),
    closes: timeInputValue(exception.hours[0]?.[1] ?? ''),
  }));
}

/** The rows a refused form sent, blank ones left out. */
export function submittedExceptionRows(values: Record<string, unknown>): ExceptionRow[] {
  const rows: ExceptionRow[] = [];
  for (let index = 0; index < MAX_OPENING_EXCEPTIONS; index++) {
    const text = (part: keyof ExceptionRow) => {
      const value = values[exceptionField(index, part)];
      return typeof value === 'string' ? value : '';
    };
    const row: ExceptionRow = { from: text('from'), to: text('to'), note: text('note'), opens: text('opens'), closes: text('closes') };
    if (Object.values(row).some((value) => value.trim())) rows.push(row);
  }
  return rows;
}
