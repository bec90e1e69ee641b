import { addDays, localMoment, mergeSpans, type Span } from './local-time.ts';
import { openSpans, type OpeningException } from './opening-exceptions.ts';
import type { OpeningHours } from './opening-hours.ts';

/** How far ahead an opening is looked for: a closure of a season, not of ever. */
export const NEXT_OPENING_HORIZON_DAYS = 400;
/** days of hours read at a time: the next opening is nearly always within the first few */
const STEP_DAYS = 8;

/**
 * The instant (ms) the restaurant next opens after `now`, by its weekly hours and its exceptions
 * (closed days, special hours), in its time zone, daylight-saving changes included (issue 35 item
 * 8: sold out "until we open again"). Open right now: the start of the next opening period after
 * the current one closes (a range ending at midnight and the next starting then are one period).
 * null when the hours are not set, or nothing opens within NEXT_OPENING_HORIZON_DAYS (closed for
 * good, or open around the clock: there is no "again").
 */
export function nextOpening(hours: OpeningHours | null, exceptions: readonly OpeningException[], now: number, timeZone: string): number | null {
  if (!hours) return null;
  // from yesterday: its range past midnight may be the period open now
  const first = addDays(localMoment(now, timeZone).date, -1);
  const spans: Span[] = [];
  for (let day = 0; day <= NEXT_OPENING_HORIZON_DAYS; day += STEP_DAYS) {
    spans.push(...openSpans(hours, exceptions, addDays(first, day), STEP_DAYS, timeZone));
    // every period starting before the later days' is whole: a later range may only lengthen the last
    const next = mergeSpans(spans).find((span) => span.start > now);
    if (next) return next.start;
  }
  return null;
}
