import sharp from 'sharp';
import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import { openPdf, pdfFonts } from '#app/modules/pdf/pdf-document.server.ts';
import { darkRuns, displayLink, QUIET_ZONE_MODULES, qrMatrix, type QrMatrix } from './qr.server.ts';

/** The printable table card (PDF): the code with the restaurant's name, logo and a call to action. All pure. */

const INK = '#1c1917'; // stone-900: near black, scans as black, softer on paper
const ACCENT = '#b23a2e'; // primary-600
const ACCENT_TEXT = '#962f25'; // primary-700: 7:1 on white
const MUTED_TEXT = '#57534e'; // stone-600
const FRAME = '#d6d3d1'; // stone-300
const CUT_GUIDE = '#a8a29e'; // stone-400

/**
 * Any logo our storage holds (JPEG, PNG, WebP, ...) as a JPEG the PDF can embed: upright, on white
 * (a transparent PNG would otherwise print black), at most 1000 px, which is 300 dpi at 8.5 cm.
 */
export async function logoAsPrintJpeg(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).rotate().flatten({ background: '#ffffff' }).resize(1000, 1000, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
}

export type CardSize = 'A4' | 'A6';

export interface TableCardInput {
  restaurantName: string;
  /** JPEG bytes (see logoAsPrintJpeg) */
  logo?: Buffer;
  url: string;
  size: CardSize;
  locale: Locale;
  /** the table or area this card stands on ("Terasă 3"): printed under the call to action */
  tableLabel?: string;
}

type Doc = PDFKit.PDFDocument;

/** The largest size (down to a floor) at which the name fits the width in at most two lines. */
function fitNameSize(doc: Doc, name: string, width: number, max: number, min: number): number {
  for (let size = max; size > min; size -= 0.5) {
    doc.fontSize(size);
    if (doc.heightOfString(name, { width, align: 'center', lineGap: 0 }) <= doc.currentLineHeight() * 2.05) return size;
  }
  return min;
}

function drawQr(doc: Doc, matrix: QrMatrix, x: number, y: number, side: number) {
  const module = side / matrix.size;
  for (const run of darkRuns(matrix)) {
    doc.rect(x + run.col * module, y + run.row * module, run.length * module, module);
  }
  // one path, one fill: no hairline seams between modules in any viewer
  doc.fill(INK);
}

/** One card in the box (x, y, w, h): a thin frame, logo, name, the code, the call to action, the link. */
function drawCard(doc: Doc, input: TableCardInput, matrix: QrMatrix, box: { x: number; y: number; w: number; h: number }) {
  const { t } = getI18n(input.locale);
  const inset = box.w * 0.045;
  const frame = { x: box.x + inset, y: box.y + inset, w: box.w - 2 * inset, h: box.h - 2 * inset };
  doc
    .roundedRect(frame.x, frame.y, frame.w, frame.h, box.w * 0.035)
    .lineWidth(0.75)
    .stroke(FRAME);

  const pad = box.w * 0.08;
  const contentX = frame.x + pad;
  const contentW = frame.w - 2 * pad;
  const unit = box.w / 297.64; // 1 on A6; the same proportions on any card size

  const fonts = pdfFonts();
  const logoH = input.logo ? 44 * unit : 0;
  const logoGap = input.logo ? 12 * unit : 0;

  doc.font(fonts.bold);
  const nameSize = fitNameSize(doc, input.restaurantName, contentW, 22 * unit, 13 * unit);
  doc.fontSize(nameSize);
  const nameH = Math.min(doc.heightOfString(input.restaurantName, { width: contentW, align: 'center', lineGap: 0 }), doc.currentLineHeight() * 2.05);
  const ruleGap = 10 * unit;
  const ruleH = 1.5 * unit;

  const cta = t('qr.cardCallToAction');
  doc.font(fonts.bold).fontSize(15 * unit);
  const ctaH = doc.heightOfString(cta, { width: contentW, align: 'center' });
  const link = displayLink(input.url);
  doc.font(fonts.regular).fontSize(9.5 * unit);
  const linkH = doc.heightOfString(link, { width: contentW, align: 'center' });
  doc.font(fonts.bold).fontSize(12 * unit);
  const tableH = input.tableLabel ? doc.heightOfString(input.tableLabel, { width: contentW, align: 'center' }) + 4 * unit : 0;

  const maxQrSide = contentW * 0.86;
  // the quiet zone: four modules of blank paper above and below (beside it there is more)
  const quietZone = (QUIET_ZONE_MODULES * maxQrSide) / matrix.size;
  const qrGapAbove = Math.max(quietZone - ruleGap, 0);
  const qrGapBelow = quietZone;
  const fixed = logoH + logoGap + nameH + ruleGap * 2 + ruleH + qrGapAbove + qrGapBelow + ctaH + 4 * unit + tableH + linkH;
  const qrSide = Math.min(maxQrSide, frame.h - 2 * pad - fixed);
  let y = frame.y + (frame.h - fixed - qrSide) / 2;

  if (input.logo) {
    doc.image(input.logo, contentX, y, { fit: [contentW, logoH], align: 'center', valign: 'center' });
    y += logoH + logoGap;
  }
  doc.font(fonts.bold).fontSize(nameSize).fillColor(INK);
  doc.text(input.restaurantName, contentX, y, { width: contentW, height: nameH + 1, align: 'center', lineGap: 0, ellipsis: true });
  y += nameH + ruleGap;
  const ruleW = 28 * unit;
  doc.rect(box.x + (box.w - ruleW) / 2, y, ruleW, ruleH).fill(ACCENT);
  y += ruleH + ruleGap + qrGapAbove;

  drawQr(doc, matrix, box.x + (box.w - qrSide) / 2, y, qrSide);
  y += qrSide + qrGapBelow;

  doc
    .font(fonts.bold)
    .fontSize(15 * unit)
    .fillColor(ACCENT_TEXT);
  doc.text(cta, contentX, y, { width: contentW, align: 'center' });
  y += ctaH + 4 * unit;
  if (input.tableLabel) {
    doc
      .font(fonts.bold)
      .fontSize(12 * unit)
      .fillColor(INK);
    doc.text(input.tableLabel, contentX, y, { width: contentW, align: 'center' });
    y += tableH;
  }
  doc
    .font(fonts.regular)
    .fontSize(9.5 * unit)
    .fillColor(MUTED_TEXT);
  doc.text(link, contentX, y, { width: contentW, align: 'center' });
}

/** Dashed lines through the middle of an A4 sheet, where the four cards are cut apart. */
function drawCutGuides(doc: Doc, width: number, height: number) {
  doc.save().lineWidth(0.5).dash(4, { space: 4 }).strokeColor(CUT_GUIDE);
  doc
    .moveTo(width / 2, 0)
    .lineTo(width / 2, height)
    .stroke();
  doc
    .moveTo(0, height / 2)
    .lineTo(width, height / 2)
    .stroke();
  doc.restore();
}

/**
 * The printable table card: one A6 card, or four A6 cards on an A4 sheet with cut guides (most
 * owners print on A4 at home). The code is vector, so it is sharp at any size; the text is set in
 * an embedded font, so Romanian names print with their diacritics on any printer.
 */
export function renderTableCardPdf(input: TableCardInput): Promise<Buffer> {
  const { t } = getI18n(input.locale);
  const matrix = qrMatrix(input.url);
  const { doc, bytes } = openPdf({ size: input.size, margin: 0, lang: input.locale, title: `${input.restaurantName}: ${t('qr.cardDocumentTitle')}` });
  const { width, height } = doc.page;
  if (input.size === 'A6') {
    drawCard(doc, input, matrix, { x: 0, y: 0, w: width, h: height });
  } else {
    const w = width / 2;
    const h = height / 2;
    for (const [col, row] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      drawCard(doc, input, matrix, { x: col * w, y: row * h, w, h });
    }
    drawCutGuides(doc, width, height);
  }
  doc.end();
  return bytes;
}

export interface TableCardSheetInput {
  restaurantName: string;
  logo?: Buffer;
  locale: Locale;
  /** one card per table: its label and its own short link */
  cards: { label: string; url: string }[];
}

/**
 * The per-table cards (issue 17): four A6 cards per A4 sheet with cut guides, each with its table's
 * own code and label, in the owner's language. As many sheets as the tables need.
 */
export function renderTableCardSheetPdf(input: TableCardSheetInput): Promise<Buffer> {
  const { t } = getI18n(input.locale);
  const { doc, bytes } = openPdf({ size: 'A4', margin: 0, autoFirstPage: false, lang: input.locale, title: `${input.restaurantName}: ${t('qr.tableCardsDocumentTitle')}` });
  const places = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ] as const;
  for (let first = 0; first < input.cards.length; first += places.length) {
    doc.addPage({ size: 'A4', margin: 0 });
    const { width, height } = doc.page;
    const w = width / 2;
    const h = height / 2;
    for (const [index, card] of input.cards.slice(first, first + places.length).entries()) {
      const [col, row] = places[index]!;
      const cardInput: TableCardInput = {
        restaurantName: input.restaurantName,
        url: card.url,
        size: 'A6',
        locale: input.locale,
        tableLabel: card.label,
        ...(input.logo ? { logo: input.logo } : {}),
      };
      drawCard(doc, cardInput, qrMatrix(card.url), { x: col * w, y: row * h, w, h });
    }
    drawCutGuides(doc, width, height);
  }
  doc.end();
  return bytes;
}
