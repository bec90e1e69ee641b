import { addDays, instantOf, localMoment, minutesOf, stateAt, weekDayOf, type Span } from '#app/modules/restaurant/local-time.ts';
import { timeInputValue, WEEK_DAYS, type WeekDay } from '#app/modules/restaurant/opening-hours.ts';
import { parseStoredJson } from '#app/modules/text/stored-json.ts';

/**
 * When a category is served (issue 17, decision 0022), in the restaurant's time zone: on some days
 * of the week, all day or between two times. `to` before `from` means the range runs past midnight
 * into the next day (`overnight`, which the owner confirms in the form); `to` = '00:00' is the end
 * of the day (24:00, from a script or older data, is read as 00:00). Outside those times guests see the category marked "not served now" or not at all.
 * Stored as JSON text in `category.schedule`; null is always served. Safe for the browser.
 */
export interface CategorySchedule {
  days: WeekDay[];
  /** 'HH:MM', or null with `to` null: all day */
  from: string | null;
  to: string | null;
  overnight: boolean;
  outside: 'mark' | 'hide';
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Reads a stored schedule; anything malformed is "always served" (a guest never sees broken data). */
export function parseCategorySchedule(stored: string | null | undefined): CategorySchedule | null {
  const value = parseStoredJson(stored);
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  const days = Array.isArray(raw.days) ? WEEK_DAYS.filter((day) => (raw.days as unknown[]).includes(day)) : [];
  const from = typeof raw.from === 'string' && TIME.test(raw.from) ? raw.from : null;
  const to = typeof raw.to === 'string' && TIME.test(timeInputValue(raw.to)) ? timeInputValue(raw.to) : null;
  if (days.length === 0 || (from === null) !== (to === null) || (from !== null && from === to)) return null;
  return { days, from, to, overnight: from !== null && to !== '00:00' && to! < from, outside: raw.outside === 'hide' ? 'hide' : 'mark' };
}

export function serializeCategorySchedule(schedule: CategorySchedule | null): string | null {
  return schedule ? JSON.stringify(schedule) : null;
}

/** The spans the category is served in, for the days starting from `firstDate` for `count` days. */
function servedSpans(schedule: CategorySchedule, firstDate: string, count: number, timeZone: string): Span[] {
  const spans: Span[] = [];
  const start = schedule.from === null ? 0 : minutesOf(schedule.from);
  const end = schedule.to === null || schedule.to === '00:00' ? 1440 : minutesOf(schedule.to);
  for (let i = 0; i < count; i++) {
    const date = addDays(firstDate, i);
    if (!schedule.days.includes(weekDayOf(date))) continue;
    const endDate = end <= start ? addDays(date, 1) : date;
    spans.push({ start: instantOf(date, start, timeZone), end: end === 1440 ? instantOf(addDays(date, 1), 0, timeZone) : instantOf(endDate, end, timeZone) });
  }
  return spans;
}

export interface ServingState {
  servedNow: boolean;
  /** the next instant (ms) at which servedNow changes, or null if it never does */
  changesAt: number | null;
}

/**
 * Whether guests are served the category at `now` (ms) and when that next changes. A range that
 * began yesterday and runs past midnight counts; a week ahead is enough to find the next change.
 */
export function servingState(schedule: CategorySchedule | null, now: number, timeZone: string): ServingState {
  if (!schedule) return { servedNow: true, changesAt: null };
  const today = localMoment(now, timeZone).date;
  const { inside, changesAt } = stateAt(servedSpans(schedule, addDays(today, -1), 10, timeZone), now);
  return { servedNow: inside, changesAt };
}

/** Consecutive chosen days as runs, for "Luni – Vineri" (the week starts on Monday). */
export function dayRuns(days: readonly WeekDay[]): { from: WeekDay; to: WeekDay }[] {
  const runs: { from: WeekDay; to: WeekDay }[] = [];
  let previous = -2;
  for (const [index, day] of WEEK_DAYS.entries()) {
    if (!days.includes(day)) continue;
    const last = runs.at(-1);
    if (last && previous === index - 1) last.to = day;
    else runs.push({ from: day, to: day });
    previous = index;
  }
  return runs;
}

/** The form's field names (one checkbox per day), shared by the editor's fields and the schema. */
export const SCHEDULE_FIELDS = {
  enabled: 'scheduled',
  day: (day: WeekDay) => `scheduleDay-${day}`,
  from: 'scheduleFrom',
  to: 'scheduleTo',
  overnight: 'scheduleOvernight',
  outside: 'scheduleOutside',
} as const;

export interface ScheduleIssue {
  path: string;
  /** a key under editorErrors */
  message: 'scheduleDays' | 'time' | 'servingHoursPair' | 'scheduleSameTime' | 'scheduleOvernight' | 'scheduleOutside';
}

const ticked = (value: unknown) => value === 'on' || value === 'true' || value === '1' || value === true;

/**
 * The schedule the editor's form describes, and everything wrong with it at once: no day chosen,
 * a malformed time, one time without the other, the same time twice, an end before the start
 * without "continues past midnight" ticked, or an "outside these hours" choice not offered (none
 * sent is "mark"). Unticked "served only at certain times" is null.
 */
export function readScheduleFields(values: Record<string, unknown>): { schedule: CategorySchedule | null; issues: ScheduleIssue[] } {
  if (!ticked(values[SCHEDULE_FIELDS.enabled])) return { schedule: null, issues: [] };
  const issues: ScheduleIssue[] = [];
  const days = WEEK_DAYS.filter((day) => ticked(values[SCHEDULE_FIELDS.day(day)]));
  if (days.length === 0) issues.push({ path: 'scheduleDays', message: 'scheduleDays' });
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const from = text(SCHEDULE_FIELDS.from);
  const to = timeInputValue(text(SCHEDULE_FIELDS.to));
  if (from && !TIME.test(from)) issues.push({ path: SCHEDULE_FIELDS.from, message: 'time' });
  if (to && !TIME.test(to)) issues.push({ path: SCHEDULE_FIELDS.to, message: 'time' });
  if (!from !== !to) issues.push({ path: from ? SCHEDULE_FIELDS.to : SCHEDULE_FIELDS.from, message: 'servingHoursPair' });
  const times = from && to && TIME.test(from) && TIME.test(to);
  const overnight = Boolean(times && to !== '00:00' && to < from);
  if (times && from === to) issues.push({ path: SCHEDULE_FIELDS.to, message: 'scheduleSameTime' });
  else if (overnight && !ticked(values[SCHEDULE_FIELDS.overnight])) issues.push({ path: SCHEDULE_FIELDS.to, message: 'scheduleOvernight' });
  const outside = values[SCHEDULE_FIELDS.outside] ?? '';
  if (outside !== '' && outside !== 'mark' && outside !== 'hide') issues.push({ path: SCHEDULE_FIELDS.outside, message: 'scheduleOutside' });
  if (issues.length > 0) return { schedule: null, issues };
  return {
    schedule: { days, from: from || null, to: to || null, overnight, outside: outside === 'hide' ? 'hide' : 'mark' },
    issues,
  };
}

/**
 * A dish served between two times every day (`product.servedFrom`/`servedUntil`, both or neither):
 * whether it is served at `now` and when that next changes. Guests may order it only then (issue 25).
 */
export function dishServingState(servedFrom: string | null, servedUntil: string | null, now: number, timeZone: string): ServingState {
  if (!servedFrom || !servedUntil) return { servedNow: true, changesAt: null };
  const schedule = parseCategorySchedule(JSON.stringify({ days: WEEK_DAYS, from: servedFrom, to: servedUntil }));
  return servingState(schedule, now, timeZone);
}
