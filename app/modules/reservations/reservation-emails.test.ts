import { describe, expect, it } from 'vitest';
import { reservationMail, type ReservationMailInput } from './reservation-emails.ts';

const base: ReservationMailInput = {
  kind: 'declined',
  to: 'ana@example.com',
  locale: 'ro',
  reservationId: 'r-1',
  restaurantName: 'Casa <i>Bunicii</i>',
  locationName: 'Terasă',
  address: null,
  when: 'joi, 24 decembrie 2026, 19:30',
  partySize: 4,
  declineReason: '<script>alert(1)</script> eveniment privat',
  url: 'https://bucate.example/casa/rezervare/abc?lang=ro',
  start: 0,
  end: 3_600_000,
  now: 0,
};

describe('a reservation’s e-mail', () => {
  it('escapes every value in the HTML part and keeps the text part as written', () => {
    const mail = reservationMail(base);
    expect(mail.subject).toBe('Rezervarea la Casa <i>Bunicii</i> nu a putut fi primită');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; eveniment privat');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<i>');
    expect(mail.text).toContain('Motivul: <script>alert(1)</script> eveniment privat');
    expect(mail.attachments).toBeUndefined();
  });

  it('is in the guest’s language, with the calendar file when there is an event', () => {
    const mail = reservationMail({ ...base, kind: 'accepted', locale: 'en' });
    expect(mail.subject).toBe('Reservation confirmed at Casa <i>Bunicii</i>');
    expect(mail.text).toContain('Terasă, joi, 24 decembrie 2026, 19:30, people: 4.');
    expect(mail.attachments?.[0]).toMatchObject({ filename: 'rezervare.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
  });
});
