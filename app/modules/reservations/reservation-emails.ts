import { getI18n } from '#app/i18n/i18n.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';
import { reservationIcs } from './reservation-ics.ts';
import type { ReservationLocale } from './reservations.types.ts';

/** What a reservation's e-mail is about: the staff's (or the guest's) answer, or the reminder the day before. */
export type ReservationMailKind = 'accepted' | 'declined' | 'cancelled' | 'reminder';

export interface ReservationMailInput {
  kind: ReservationMailKind;
  to: string;
  locale: ReservationLocale;
  reservationId: string;
  restaurantName: string;
  locationName: string;
  address: string | null;
  /** already written in the guest's language */
  when: string;
  partySize: number;
  declineReason: string | null;
  /** the guest's page (absolute) */
  url: string;
  start: number;
  end: number;
  now: number;
}

// i18n-keys: reservations.mail.*.subject reservations.mail.*.lead
/**
 * The guest's e-mail in the guest's language, text and HTML (every value escaped), with the
 * calendar file when there is an event to add or remove (accepted, reminder, cancelled; a declined
 * request never was in a calendar).
 */
export function reservationMail(input: ReservationMailInput): OutgoingMail {
  const { t } = getI18n(input.locale);
  const values = { restaurant: input.restaurantName, location: input.locationName, when: input.when, count: input.partySize };
  const subject = t(`reservations.mail.${input.kind}.subject`, values);
  const lead = t(`reservations.mail.${input.kind}.lead`, values);
  const details = t('reservations.mail.details', values);
  const reason = input.kind === 'declined' && input.declineReason ? t('reservations.mail.reason', { reason: input.declineReason }) : null;
  const link = t('reservations.mail.link');
  const place = [input.restaurantName, input.locationName, input.address].filter(Boolean).join(', ');
  const attachments =
    input.kind === 'declined'
      ? undefined
      : [
          {
            filename: 'rezervare.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: reservationIcs({
              id: input.reservationId,
              status: input.kind === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
              start: input.start,
              end: input.end,
              stamp: input.now,
              summary: t('reservations.mail.summary', values),
              location: place,
              description: `${details}\n${input.url}`,
              host: new URL(input.url).hostname,
            }),
          },
        ];
  return {
    to: input.to,
    subject,
    text: [lead, details, reason, '', `${link}: ${input.url}`, ''].filter((line) => line !== null).join('\n'),
    html:
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(details)}</p>` +
      (reason ? `<p>${escapeHtml(reason)}</p>` : '') +
      `<p><a href="${escapeHtml(input.url)}">${escapeHtml(link)}</a></p>`,
    attachments,
  };
}
