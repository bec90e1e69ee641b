import { parseStoredJson } from '#app/modules/text/stored-json.ts';
/**
 * Opening hours as the owner enters them, in the restaurant's time zone:
 * `{ "mon": [["08:00", "22:00"]], ..., "sun": [] }` (several ranges a day allowed; a missing or
 * empty day is closed). Stored as JSON text on the restaurant.
 */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export type OpeningHours = Partial<Record<WeekDay, [string, string][]>>;

/** A stored time of day: HH:MM, or 24:00 for midnight at the end of the day. */
export const TIME_OF_DAY = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** An opening time the form accepts: 00:00–23:59 (24:00 only ends a day). */
export const OPENING_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/**
 * A stored time as an <input type="time"> can hold it: the browser empties 24:00, so the day's end
 * is shown as 00:00, which the form reads as a closing time after midnight (issue 23 item 10).
 */
export function timeInputValue(time: string): string {
  return time === '24:00' ? '00:00' : time;
}

/**
 * A closing time as stored: midnight is the day's end, 24:00, whether the form sent 00:00 or a
 * script 24:00, so an untouched save writes back what it read. Other times stay as they are.
 */
export function storedClosingTime(time: string): string {
  return time === '00:00' ? '24:00' : time;
}

/** Reads stored hours, dropping anything malformed (a guest never sees broken data). */
export function parseOpeningHours(stored: string | null | undefined): OpeningHours | null {
  const parsed = parseStoredJson(stored);
  if (!parsed || typeof parsed !== 'object') return null;
  const hours: OpeningHours = {};
  for (const day of WEEK_DAYS) {
    const ranges = (parsed as Record<string, unknown>)[day];
    if (!Array.isArray(ranges)) continue;
    hours[day] = ranges.filter(
      (range): range is [string, string] => Array.isArray(range) && range.length === 2 && TIME_OF_DAY.test(String(range[0])) && TIME_OF_DAY.test(String(range[1])),
    );
  }
  // A week with no open range at all is hours not set yet (a new restaurant saves seven empty days):
  // the guest sees no hours block rather than "Luni – Duminică: Închis".
  return Object.values(hours).some((ranges) => ranges.length > 0) ? hours : null;
}

/** Consecutive days with the same hours, for a compact display: Mon–Fri 08:00–22:00. */
export function groupOpeningHours(hours: OpeningHours): { from: WeekDay; to: WeekDay; ranges: [string, string][] }[] {
  const groups: { from: WeekDay; to: WeekDay; ranges: [string, string][] }[] = [];
  for (const day of WEEK_DAYS) {
    const ranges = hours[day] ?? [];
    const last = groups.at(-1);
    if (last && JSON.stringify(last.ranges) === JSON.stringify(ranges)) last.to = day;
    else groups.push({ from: day, to: day, ranges });
  }
  return groups;
}
