import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { reservationIcs } from './reservation-ics.ts';

describe('a reservation’s calendar file', () => {
  const start = Date.parse('2026-12-24T17:30:00Z');
  const file = reservationIcs({
    id: 'r-1',
    status: 'CONFIRMED',
    start,
    end: start + 3_600_000,
    stamp: Date.parse('2026-12-01T10:00:00Z'),
    summary: 'Rezervare la Casa „Bunicii”, Brașov; 🍷',
    location: `Terasă, Str. Lungă 12, ${'ș'.repeat(60)}`,
    description: 'Terasă, vineri\nhttps://bucate.example/casa/rezervare/abc?lang=ro',
    host: 'bucate.example',
  });

  it('keeps lines within 75 octets, ends them with CRLF and escapes text values', () => {
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file).toContain('SUMMARY:Rezervare la Casa „Bunicii”\\, Brașov\\; 🍷');
  });

  it('is read back by a calendar parser as written', () => {
    const calendar = new ICAL.Component(ICAL.parse(file));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('reservation-r-1@bucate.example');
    expect(event.summary).toBe('Rezervare la Casa „Bunicii”, Brașov; 🍷');
    expect(event.location).toBe(`Terasă, Str. Lungă 12, ${'ș'.repeat(60)}`);
    expect(event.description).toBe('Terasă, vineri\nhttps://bucate.example/casa/rezervare/abc?lang=ro');
    expect(event.startDate.toJSDate().getTime()).toBe(start);
    expect(event.endDate.toJSDate().getTime()).toBe(start + 3_600_000);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });
});
