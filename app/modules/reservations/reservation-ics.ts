/**
 * The calendar file of a reservation's e-mail (RFC 5545): one VEVENT, times in UTC, METHOD:PUBLISH
 * (the guest adds it; nobody replies to it). The UID stays the same for a reservation, so a
 * cancellation (STATUS:CANCELLED, a higher SEQUENCE) replaces the accepted event in the calendar.
 */
export interface ReservationEvent {
  /** the reservation's id: the UID's stable part */
  id: string;
  status: 'CONFIRMED' | 'CANCELLED';
  /** epoch ms */
  start: number;
  end: number;
  /** when this version was written (DTSTAMP) */
  stamp: number;
  summary: string;
  location: string;
  description: string;
  /** the site's host, for the UID's domain part */
  host: string;
}

/** TEXT value escaping: backslash, semicolon, comma, line breaks. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

function utc(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Lines longer than 75 octets folded (a CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function reservationIcs(event: ReservationEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bucate//Rezervari//RO',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:reservation-${event.id}@${event.host}`,
    `SEQUENCE:${event.status === 'CANCELLED' ? 1 : 0}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `LOCATION:${text(event.location)}`,
    `DESCRIPTION:${text(event.description)}`,
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
