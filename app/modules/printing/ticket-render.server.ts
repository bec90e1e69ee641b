import receiptline from 'receiptline';
import { ticketDocument } from './ticket-document.ts';
import type { TicketPayload } from './printing.types.ts';

/**
 * Printer commands for a queued ticket (decision 0036), made with `receiptline` (Apache-2.0): its
 * StarPRNT and Star Line command sets, code page 852 (Latin-2, selected by `ESC GS t 5`). Code page
 * 852 holds ă â î Ă Â Î and the cedilla letters ş ţ Ş Ţ but not the comma-below ș ț Ș Ț Romanian
 * is written with, which a code page printer cannot print: they are printed as their cedilla twins,
 * the way Romanian has always been printed on receipts (without this, iconv would print "?").
 */

/** The media types a CloudPRNT printer may ask for, best first: StarPRNT (mC-Print3, TSP143IV), Star Line mode (older TSP), plain text. */
export const CLOUDPRNT_MEDIA_TYPES = ['application/vnd.star.starprnt', 'application/vnd.star.line', 'text/plain'] as const;
export type CloudPrntMediaType = (typeof CLOUDPRNT_MEDIA_TYPES)[number];

export function isCloudPrntMediaType(value: string): value is CloudPrntMediaType {
  return (CLOUDPRNT_MEDIA_TYPES as readonly string[]).includes(value);
}

const CEDILLA: Record<string, string> = { ș: 'ş', ț: 'ţ', Ș: 'Ş', Ț: 'Ţ' };
const TYPOGRAPHY: Record<string, string> = { '„': '"', '”': '"', '“': '"', '‘': "'", '’': "'", '–': '-', '—': '-', '…': '...', '€': 'EUR' };

/** Text as code page 852 can hold it: comma-below letters as cedilla ones, typographic quotes and dashes plain. */
export function forCodePage852(text: string): string {
  return text.replace(/[șțȘȚ„”“‘’–—…€]/g, (char) => CEDILLA[char] ?? TYPOGRAPHY[char] ?? char);
}

/** Text with no letters beyond ASCII: the plain-text fallback, which a printer prints in its own code page. */
export function forAscii(text: string): string {
  return forCodePage852(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\n]/g, '?');
}

/**
 * The ticket in the media type the printer asked for. receiptline starts StarPRNT with `ESC @` and
 * `ESC RS a 0` (initialise; automatic status off): both are dropped, as receiptline's own CloudPRNT
 * example does, since the printer's CloudPRNT client reports its status itself and a reset would
 * undo the printer's own settings (its default code page, its cut).
 */
export function renderTicket(payload: TicketPayload, mediaType: CloudPrntMediaType, charactersPerLine: number): Buffer {
  const document = ticketDocument(payload);
  if (mediaType === 'text/plain') {
    const text = receiptline.transform(forAscii(document), { cpl: charactersPerLine, encoding: 'cp437', command: 'text', spacing: false });
    return Buffer.from(forAscii(text), 'utf8');
  }
  const command = mediaType === 'application/vnd.star.starprnt' ? 'starsbcs' : 'starlinesbcs';
  const bytes = receiptline.transform(forCodePage852(document), { cpl: charactersPerLine, encoding: 'cp852', command, spacing: true, cutting: true });
  const init = '\x1b@\x1b\x1ea\x00';
  return Buffer.from(bytes.startsWith(init) ? bytes.slice(init.length) : bytes, 'binary');
}
