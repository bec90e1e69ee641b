import { describe, expect, it } from 'vitest';
import type { TicketPayload } from './printing.types.ts';
import { escapeReceiptText, ticketDocument } from './ticket-document.ts';
import { forAscii, forCodePage852, renderTicket } from './ticket-render.server.ts';

/** Tickets as printer bytes (decision 0036): Romanian letters in code page 852, the station's copy without prices. */
const payload = (overrides: Partial<TicketPayload> = {}): TicketPayload => ({
  kind: 'ticket',
  restaurantName: 'Bistro Ștefan',
  locationName: 'Sala mare',
  stationName: 'Bucătărie',
  number: 12,
  serviceDay: '2026-11-28',
  placedAt: '12:03',
  orderKind: 'dineIn',
  tableLabel: 'Masa 4',
  customerName: null,
  pickupTime: null,
  allergies: ['milk'],
  allergyNote: 'fără lactoză',
  lines: [{ id: 'l1', quantity: 2, name: 'Ciorbă de burtă ăâîșț ĂÂÎȘȚ', options: [{ group: 'Mărime', name: 'Mare' }], note: 'fără | ardei', flagged: ['milk'] }],
  currency: 'RON',
  ...overrides,
});

const bytesOf = (text: string) => Buffer.from(text, 'latin1');

describe('tickets for Star printers', () => {
  it('prints ă â î ș ț Ă Â Î Ș Ț in code page 852 (comma-below letters as their cedilla twins), selected by ESC GS t 5', () => {
    const bytes = renderTicket(payload(), 'application/vnd.star.starprnt', 48);
    // ESC GS t 5: code page 852
    expect(bytes.includes(Buffer.from([0x1b, 0x1d, 0x74, 0x05]))).toBe(true);
    // "ăâîşţ ĂÂÎŞŢ" in 852: c7 83 8c ad ee 20 c6 b6 d7 b8 dd
    expect(bytes.includes(Buffer.from([0xc7, 0x83, 0x8c, 0xad, 0xee, 0x20, 0xc6, 0xb6, 0xd7, 0xb8, 0xdd]))).toBe(true);
    // no letter fell back to "?"
    expect(bytes.includes(bytesOf('Ciorb?'))).toBe(false);
    expect(bytes.includes(bytesOf('?'))).toBe(false);
    // receiptline's reset and status-off prefix is not sent to a CloudPRNT printer
    expect(bytes.subarray(0, 2).equals(Buffer.from([0x1b, 0x40]))).toBe(false);
  });

  it('renders Star Line mode in the same code page and plain text without diacritics', () => {
    expect(renderTicket(payload(), 'application/vnd.star.line', 48).includes(Buffer.from([0xc7, 0x83, 0x8c, 0xad, 0xee]))).toBe(true);
    const text = renderTicket(payload(), 'text/plain', 48).toString('utf8');
    expect(text).toContain('Ciorba de burta aaist AAIST');
    expect(forAscii('Șnițel „mare” – 5 €')).toBe('Snitel "mare" - 5 EUR');
    expect(forCodePage852('Școală, țuică')).toBe('Şcoală, ţuică');
  });

  it("puts the allergies first in capitals on the station's copy, no prices; the bill copy has them", () => {
    const station = ticketDocument(payload());
    expect(station.indexOf('ALERGII: LACTATE')).toBeGreaterThan(-1);
    expect(station.indexOf('ALERGII')).toBeLessThan(station.indexOf('Ciorbă'));
    expect(station).toContain('FĂRĂ LACTOZĂ');
    expect(station).toContain('+ Mărime: Mare');
    expect(station).toContain('» fără \\| ardei');
    expect(station).not.toMatch(/\d,\d\d/);
    const bill = ticketDocument(payload({ kind: 'bill', stationName: null, lines: [{ ...payload().lines[0]!, totalMinor: 4900 }], totalMinor: 4900 }));
    expect(bill).toMatch(/49,00/);
    expect(ticketDocument(payload({ kind: 'added' }))).toContain('ADĂUGAT');
    expect(ticketDocument(payload({ kind: 'cancelled' }))).toContain('ANULAT');
    expect(ticketDocument(payload({ kind: 'cancelled' }))).not.toContain('ALERGII');
  });

  it('escapes the markup characters of a guest note', () => {
    expect(escapeReceiptText('a|b{c}~_"`^\\\nd')).toBe('a\\|b\\{c\\}\\~\\_\\"\\`\\^\\\\ d');
  });
});
