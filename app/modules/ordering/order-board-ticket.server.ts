import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import { openPdf, pdfFonts } from '#app/modules/pdf/pdf-document.server.ts';
import type { BoardOrder } from './order-board.types.ts';

/**
 * The kitchen ticket (issue 25): an 80 mm receipt, as a thermal printer's driver takes it, one page
 * as long as the order. Black only; in Lora, as every PDF of the app (pdfFonts), so ă â î ș ț print
 * on any printer. The page is laid out twice: once to measure, once at the measured height. A line
 * taken back (`cancelledAt`) is left out, not struck: the paper goes to a cook who must not make it (a
 * strike-through is faint on thermal paper and easy to miss at the pass), and the total printed is the
 * order's, already summed without it (decision 0036, take-back); the board's row still shows it struck.
 */

/** 80 mm in points; a receipt printer prints about 72 mm of it. */
const WIDTH = (80 / 25.4) * 72;
const MARGIN = 12;

export interface OrderTicketInput {
  restaurantName: string;
  order: BoardOrder;
  locale: Locale;
  /** local 'HH:MM' the ticket was printed */
  printedAt: string;
}

type Doc = PDFKit.PDFDocument;

/** Draws the ticket from the top; returns where it ended. */
// i18n-keys: allergen.*
function draw(doc: Doc, { restaurantName, order, locale, printedAt }: OrderTicketInput): number {
  const { t } = getI18n(locale);
  const f = pdfFonts();
  const width = WIDTH - MARGIN * 2;
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(WIDTH - MARGIN, doc.y)
      .lineWidth(0.75)
      .dash(2, { space: 2 })
      .stroke('#000000')
      .undash();
    doc.moveDown(0.4);
  };
  doc.fillColor('#000000');
  doc.font(f.bold).fontSize(12).text(restaurantName, MARGIN, MARGIN, { width, align: 'center' });
  doc.font(f.regular).fontSize(9).text(order.locationName, { width, align: 'center' });
  rule();
  doc
    .font(f.bold)
    .fontSize(20)
    .text(t('orders.ticketNumber', { number: order.number }), { width, align: 'center' });
  const who = order.kind === 'dineIn' ? (order.tableLabel ?? '—') : t('orders.pickupFor', { name: order.customerName ?? '—', time: order.pickupTime ?? '—' });
  doc.font(f.bold).fontSize(13).text(who, { width, align: 'center' });
  if (order.kind === 'pickup' && order.customerPhone) doc.font(f.regular).fontSize(10).text(order.customerPhone, { width, align: 'center' });
  doc
    .font(f.regular)
    .fontSize(9)
    .text(t('orders.placedAt', { time: order.placedAt }), { width, align: 'center' });
  rule();
  const upper = (text: string) => text.toLocaleUpperCase(locale);
  const allergenNames = (keys: readonly string[]) => keys.map((key) => upper(t(`allergen.${key}`))).join(', ');
  if (order.allergies.length > 0 || order.allergyNote) {
    // the guest's declared allergies, before anything to cook: a framed block in capitals
    const top = doc.y;
    doc
      .font(f.bold)
      .fontSize(13)
      .text(upper(t('orders.ticketAllergies', { allergens: allergenNames(order.allergies) || '—' })), MARGIN + 4, top + 4, { width: width - 8 });
    if (order.allergyNote)
      doc
        .font(f.bold)
        .fontSize(11)
        .text(upper(order.allergyNote), MARGIN + 4, doc.y, { width: width - 8 });
    const bottom = doc.y + 4;
    doc
      .rect(MARGIN, top, width, bottom - top)
      .lineWidth(2)
      .stroke('#000000');
    doc.y = bottom;
    rule();
  }
  const quantityWidth = 26;
  const indent = MARGIN + quantityWidth;
  for (const line of order.lines.filter((one) => !one.cancelled)) {
    const top = doc.y;
    doc.font(f.bold).fontSize(11).text(`${line.quantity}×`, MARGIN, top, { width: quantityWidth });
    doc
      .font(f.bold)
      .fontSize(11)
      .text(line.name, indent, top, { width: width - quantityWidth });
    for (const option of line.options)
      doc
        .font(f.regular)
        .fontSize(10)
        .text(`+ ${option.group}: ${option.name}`, indent + 8, doc.y, { width: width - quantityWidth - 8 });
    if (line.note)
      doc
        .font(f.regular)
        .fontSize(10)
        .text(`» ${line.note}`, indent, doc.y, { width: width - quantityWidth });
    if (line.flagged.length > 0) {
      doc
        .font(f.bold)
        .fontSize(10)
        .text(`!! ${upper(t('orders.ticketFlag', { allergens: allergenNames(line.flagged) }))}`, indent, doc.y, { width: width - quantityWidth });
    }
    doc.moveDown(0.25);
  }
  rule();
  const totalTop = doc.y;
  doc
    .font(f.bold)
    .fontSize(11)
    .text(t('orders.total'), MARGIN, totalTop, { width: width / 2 });
  doc.text(formatPrice(order.totalMinor, order.currency, locale), MARGIN + width / 2, totalTop, { width: width / 2, align: 'right' });
  doc.moveDown(0.4);
  doc
    .font(f.regular)
    .fontSize(8)
    .text(t('orders.printedAt', { day: order.serviceDay, time: printedAt }), MARGIN, doc.y, { width, align: 'center' });
  return doc.y + MARGIN;
}

export async function renderOrderTicketPdf(input: OrderTicketInput): Promise<Buffer> {
  const { t } = getI18n(input.locale);
  const open = (height: number) =>
    openPdf({
      size: [WIDTH, height],
      margins: { top: MARGIN, bottom: 0, left: MARGIN, right: MARGIN },
      lang: input.locale,
      title: `${input.restaurantName}: ${t('orders.ticketNumber', { number: input.order.number })}`,
    });
  // a page tall enough for any order to measure it on (pdfkit cannot change a page's size once drawn)
  const scratch = open(14_400);
  const height = draw(scratch.doc, input);
  scratch.doc.end();
  await scratch.bytes;
  const { doc, bytes } = open(Math.max(height, 160));
  draw(doc, input);
  doc.end();
  return bytes;
}
