import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { getGuestI18n } from '#app/i18n/guest-labels.ts';
import { openingStatus, type OpeningException } from '#app/modules/restaurant/opening-exceptions.ts';
import type { OpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { OpeningHoursList } from './opening-hours-list.tsx';

const hours: OpeningHours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['10:00', '22:00']]]));
const christmas: OpeningException = { from: '2026-12-25', to: '2026-12-26', note: 'Crăciun', hours: [] };

function statusLine(now: string, locale: string): string {
  const { openNow, today, upcoming, soon } = openingStatus(hours, [christmas], Date.parse(now), 'Europe/Bucharest');
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: getGuestI18n(locale) }, createElement(OpeningHoursList, { hours, opening: { openNow, today, upcoming, soon }, locale })),
  );
  return (
    /<p[^>]*data-testid="opening-status"[^>]*>(.*?)<\/p>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() ?? ''
  );
}

describe('the guest menu’s open/closed line (issue 23)', () => {
  it('says a closure beside "closed now" only when it applies today or within a week', () => {
    // 27 November, 23:00 in Bucharest: closed by the hours; Christmas is a month away, so not beside it
    expect(statusLine('2026-11-27T21:00:00Z', 'ro')).toBe('Închis acum');
    expect(statusLine('2026-12-20T21:00:00Z', 'ro')).toBe('Închis acum 25–26 decembrie: închis (Crăciun)');
    expect(statusLine('2026-12-25T10:00:00Z', 'ro')).toBe('Închis acum Azi închis: Crăciun');
  });

  it('says the dates in the guest’s language and leaves out the owner’s Romanian note', () => {
    expect(statusLine('2026-12-20T21:00:00Z', 'de')).toBe('Jetzt geschlossen 25.–26. Dezember: geschlossen');
    expect(statusLine('2026-12-25T10:00:00Z', 'de')).toBe('Jetzt geschlossen Heute geschlossen');
    expect(statusLine('2026-12-20T21:00:00Z', 'en')).not.toContain('Crăciun');
  });
});
