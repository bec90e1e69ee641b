import { describe, expect, it } from 'vitest';
import { openingStatus, parseOpeningExceptions, readExceptionFields, type OpeningException } from './opening-exceptions.ts';
import type { OpeningHours } from './opening-hours.ts';

const TZ = 'Europe/Bucharest';
const at = (iso: string) => Date.parse(iso);
const everyDay = (from: string, to: string): OpeningHours => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [[from, to]]]));
const christmas: OpeningException = { from: '2026-12-25', to: '2026-12-26', note: 'Crăciun', hours: [] };

describe('closed days and special hours', () => {
  it('a closed day: closed now, said so, and the answer changes at the next local midnight', () => {
    const status = openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-12-25T10:00:00Z'), TZ);
    expect(status).toEqual({ openNow: false, today: christmas, upcoming: [], soon: null, changesAt: at('2026-12-25T22:00:00Z') });
  });

  it('the days before: open by the weekly hours, the closure announced as upcoming', () => {
    const status = openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-12-20T10:00:00Z'), TZ);
    expect(status).toEqual({ openNow: true, today: null, upcoming: [christmas], soon: christmas, changesAt: at('2026-12-20T20:00:00Z') });
    // within the notice but not soon (issue 23: December's closure beside "closed now" in November): listed, not said beside the status
    const november = openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-11-27T21:00:00Z'), TZ);
    expect(november).toMatchObject({ openNow: false, upcoming: [christmas], soon: null });
    expect(openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-12-18T10:00:00Z'), TZ).soon).toEqual(christmas);
    expect(openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-12-17T10:00:00Z'), TZ).soon).toBeNull();
    // over a month ahead: not announced yet, but a midnight still may bring it into view
    expect(openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-11-10T10:00:00Z'), TZ).upcoming).toEqual([]);
    // once past, it no longer matters: the hours alone decide
    expect(openingStatus(everyDay('10:00', '22:00'), [christmas], at('2026-12-27T10:00:00Z'), TZ)).toEqual({
      openNow: true,
      today: null,
      upcoming: [],
      soon: null,
      changesAt: at('2026-12-27T20:00:00Z'),
    });
  });

  it('special hours replace the weekday hours for that date', () => {
    const eve: OpeningException = { from: '2026-12-24', to: '2026-12-24', note: 'Ajun', hours: [['10:00', '14:00']] };
    expect(openingStatus(everyDay('10:00', '22:00'), [eve], at('2026-12-24T11:00:00Z'), TZ)).toMatchObject({ openNow: true, today: eve, changesAt: at('2026-12-24T12:00:00Z') });
    expect(openingStatus(everyDay('10:00', '22:00'), [eve], at('2026-12-24T13:00:00Z'), TZ)).toMatchObject({ openNow: false, changesAt: at('2026-12-24T22:00:00Z') });
  });

  it('a closed day cancels its own ranges; the evening before still ends after midnight as usual', () => {
    const lateHours: OpeningHours = { ...everyDay('18:00', '02:00') };
    const closedSunday: OpeningException = { from: '2026-11-29', to: '2026-11-29', note: null, hours: [] };
    // Sunday 01:00 local: Saturday's range
    expect(openingStatus(lateHours, [closedSunday], at('2026-11-28T23:00:00Z'), TZ)).toMatchObject({ openNow: true, changesAt: at('2026-11-29T00:00:00Z') });
    // Sunday 19:00 local: closed
    expect(openingStatus(lateHours, [closedSunday], at('2026-11-29T17:00:00Z'), TZ)).toMatchObject({ openNow: false, today: closedSunday, changesAt: at('2026-11-29T22:00:00Z') });
  });

  it('without weekly hours only the exceptions are told', () => {
    expect(openingStatus(null, [christmas], at('2026-12-25T10:00:00Z'), TZ)).toMatchObject({ openNow: null, today: christmas });
    expect(openingStatus(null, [], at('2026-12-25T10:00:00Z'), TZ)).toEqual({ openNow: null, today: null, upcoming: [], soon: null, changesAt: null });
  });

  it('across the fall-back night the closing time is the local one', () => {
    expect(openingStatus(everyDay('10:00', '22:00'), [], at('2026-10-25T12:00:00Z'), TZ)).toMatchObject({ openNow: true, changesAt: at('2026-10-25T20:00:00Z') });
    expect(openingStatus(everyDay('10:00', '22:00'), [], at('2026-10-24T12:00:00Z'), TZ)).toMatchObject({ openNow: true, changesAt: at('2026-10-24T19:00:00Z') });
  });

  it('reads stored exceptions leniently and sorted', () => {
    expect(parseOpeningExceptions('[{"from":"2026-12-31","to":"2026-12-30"},{"from":"2026-12-25","to":"2026-12-26","note":"Crăciun","hours":[]},{"from":"2026-02-30"}]')).toEqual([
      christmas,
      { from: '2026-12-31', to: '2026-12-31', note: null, hours: [] },
    ]);
    expect(parseOpeningExceptions('oops')).toEqual([]);
  });

  it('the settings form: blank rows ignored, every problem reported at once', () => {
    const { exceptions, issues } = readExceptionFields({
      'exception-0-from': '2026-12-25',
      'exception-0-to': '2026-12-26',
      'exception-0-note': 'Crăciun',
      'exception-1-from': '',
      'exception-1-note': 'fără dată',
      'exception-2-from': '2026-12-31',
      'exception-2-to': '2026-12-30',
      'exception-2-opens': '10:00',
      'exception-3-from': '2026-12-24',
      'exception-3-opens': '10:00',
      'exception-3-closes': '14:00',
      'exception-4-from': '',
      'exception-4-to': '',
      'exception-4-note': '  ',
    });
    expect(issues).toEqual([
      { path: 'exception-1-from', message: 'exceptionDate' },
      { path: 'exception-2-to', message: 'exceptionRange' },
      { path: 'exception-2-closes', message: 'servingHoursPair' },
    ]);
    expect(exceptions).toEqual([{ from: '2026-12-24', to: '2026-12-24', note: null, hours: [['10:00', '14:00']] }, christmas]);
  });
});
