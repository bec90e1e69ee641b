import { getI18n } from '#app/i18n/i18n.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import type { TicketPayload } from './printing.types.ts';

/**
 * A queued ticket as a ReceiptLine document (the markdown the `receiptline` package turns into
 * printer commands, decision 0036): the station's copy has what the cook needs (quantities large,
 * options indented, the guest's note, declared allergies in a framed block at the top in capitals,
 * as on the PDF ticket, no prices); the bill copy has the prices and the total. Romanian, the
 * kitchen's language. Plain, pure: tested without a printer.
 */

/** ReceiptLine's markup characters, escaped in every text that comes from a guest or the menu. */
export function escapeReceiptText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\\|{}~_"`^]/g, (char) => `\\${char}`)
    .trim();
}

/** A line made only of dashes or equals signs is a rule in ReceiptLine: a text never starts one. */
function cell(text: string): string {
  const escaped = escapeReceiptText(text);
  return /^[-=]+$/.test(escaped) ? `\\${escaped}` : escaped;
}

// i18n-keys: allergen.*
export function ticketDocument(payload: TicketPayload): string {
  const { t } = getI18n('ro');
  const upper = (text: string) => text.toLocaleUpperCase('ro');
  const allergenNames = (keys: readonly string[]) => keys.map((key) => upper(t(`allergen.${key}`))).join(', ');
  // the bill copy, and the bill printer's "ANULAT" slip (its lines and total carry the price taken off)
  const bill = payload.kind === 'bill' || payload.totalMinor !== undefined;
  const out: string[] = ['{width:*}'];
  if (payload.kind === 'added') out.push(`^^^"${cell(t('printing.ticket.added'))}"`);
  if (payload.kind === 'cancelled') out.push(`^^^"${cell(t('printing.ticket.cancelled'))}"`);
  if (bill) out.push(`^^${cell(payload.restaurantName)}`, cell(payload.locationName));
  if (payload.stationName) out.push(`^^${cell(payload.stationName)}`);
  out.push(`^^^${cell(t('orders.ticketNumber', { number: payload.number }))}`);
  const who = payload.orderKind === 'dineIn' ? (payload.tableLabel ?? '—') : t('orders.pickupFor', { name: payload.customerName ?? '—', time: payload.pickupTime ?? '—' });
  out.push(`^^"${cell(who)}"`, cell(t('orders.placedAt', { time: payload.placedAt })), '---');
  // the guest's declared allergies before anything to cook (not on an "ANULAT" slip: nothing is cooked)
  if (payload.kind !== 'cancelled' && (payload.allergies.length > 0 || payload.allergyNote)) {
    out.push('{border:line; width:*}');
    out.push(`|^"${cell(upper(t('orders.ticketAllergies', { allergens: allergenNames(payload.allergies) || '—' })))}"|`);
    if (payload.allergyNote) out.push(`|"${cell(upper(payload.allergyNote))}"|`);
    out.push('{border:space; width:*}', '');
  }
  out.push(bill ? '{width:4,*,12}' : '{width:5,*}');
  for (const line of payload.lines) {
    const price = bill && line.totalMinor !== undefined ? `|${cell(formatPrice(line.totalMinor, payload.currency, 'ro'))}` : bill ? '|' : '';
    out.push(`|^^${line.quantity}x|^^${cell(line.name)}${price}|`);
    const blank = bill ? '||' : '|';
    for (const option of line.options) out.push(`||  + ${cell(`${option.group}: ${option.name}`)}${blank}`);
    if (line.note) out.push(`||  » ${cell(line.note)}${blank}`);
    if (line.flagged.length > 0) out.push(`||"!! ${cell(upper(t('orders.ticketFlag', { allergens: allergenNames(line.flagged) })))}"${blank}`);
  }
  out.push('{width:*}', '---');
  if (bill && payload.totalMinor !== undefined) {
    // the amount in double width on one line: 28 columns hold 14 characters ('-1.234,50 RON'); 16 wrapped '77,00 RON'
    out.push('{width:*,28}', `|^"${cell(t('orders.total'))}"|^"${cell(formatPrice(payload.totalMinor, payload.currency, 'ro'))}"|`, '{width:*}');
  }
  out.push(cell(payload.serviceDay), '');
  return out.join('\n');
}
