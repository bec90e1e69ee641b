import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import { openPdf, pdfFonts } from '#app/modules/pdf/pdf-document.server.ts';
import { ALLERGEN_KEYS, type AllergenKey } from '#app/modules/product/allergens.ts';

const INK = '#1c1917';
const MUTED = '#57534e';
const ACCENT = '#9a3412';
const RULE = '#d6d3d1';

export interface PrintDish {
  name: string;
  details: string | null;
  price: string;
  quantity: string | null;
  /** what a guest chooses, a line a group with its prices: "Mărime: Mică 30,00 lei · Mare 45,00 lei" (issue 35) */
  options: string[];
  allergens: AllergenKey[];
  traces: AllergenKey[];
  additives: string[];
  frozen: boolean;
}

export interface PrintMenu {
  restaurantName: string;
  locationName: string;
  address: string | null;
  categories: { name: string; dishes: PrintDish[] }[];
  /** the day printed on the document, already formatted */
  date: string;
  locale: Locale;
}

/**
 * Parts packed greedily into lines no wider than `width` at the current font, joined by `separator`;
 * a line breaks only between parts (PDFKit's own wrapping also breaks after a slash: "mg/ kg").
 */
function packLines(doc: PDFKit.PDFDocument, parts: string[], separator: string, width: number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && doc.widthOfString(`${last}${separator}${part}`) <= width) lines[lines.length - 1] = `${last}${separator}${part}`;
    else lines.push(part);
  }
  return lines;
}

/** The 1-based number of each allergen on the printed menu (the order of docs/product-spec.md section 3, the legend's numbers). */
export const allergenNumber = (key: AllergenKey) => ALLERGEN_KEYS.indexOf(key) + 1;

/**
 * The printed menu of one location, A4 portrait, in one language: every visible dish with its
 * price, quantity, allergens as numbers (explained in a legend), traces, additives and the frozen
 * marker, as ANPC Order 201/2022 asks a printed menu to carry. Text is real text (searchable,
 * read back by the tests); pages break between dishes, never inside one.
 */
export function renderMenuPdf(menu: PrintMenu): Promise<Buffer> {
  const { t } = getI18n(menu.locale);
  const f = pdfFonts();
  const { doc, bytes } = openPdf({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    lang: menu.locale,
    title: `${menu.restaurantName}: ${t('print.menuTitle')}`,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  // wide enough for the widest price ("de la 30,00 lei" for a dish priced by its size)
  doc.font(f.bold).fontSize(12);
  const priceWidth = Math.max(90, ...menu.categories.flatMap((category) => category.dishes.map((dish) => Math.ceil(doc.widthOfString(dish.price)) + 2)));

  doc.font(f.bold).fontSize(24).fillColor(INK).text(menu.restaurantName, left, doc.page.margins.top, { width, align: 'center' });
  doc.font(f.regular).fontSize(12).fillColor(MUTED).text([menu.locationName, menu.address].filter(Boolean).join(' · '), { width, align: 'center' });
  doc.moveDown(1.2);

  let anyFrozen = false;
  for (const category of menu.categories) {
    if (category.dishes.length === 0) continue;
    doc.font(f.bold).fontSize(16);
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.fillColor(ACCENT).text(category.name.toLocaleUpperCase(menu.locale), left, doc.y, { width, characterSpacing: 1 });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .stroke(RULE);
    doc.moveDown(0.6);
    for (const dish of category.dishes) {
      anyFrozen ||= dish.frozen;
      const title = `${dish.name}${dish.frozen ? ' *' : ''}`;
      const notes = [
        dish.allergens.length > 0 ? `${t('print.allergensShort')}: ${dish.allergens.map(allergenNumber).join(', ')}` : null,
        dish.traces.length > 0 ? `${t('print.tracesShort')}: ${dish.traces.map(allergenNumber).join(', ')}` : null,
        dish.additives.length > 0 ? `${t('print.additivesShort')}: ${dish.additives.join(', ')}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      const nameWidth = width - priceWidth - 8;
      doc.font(f.bold).fontSize(12);
      let height = doc.heightOfString(title, { width: nameWidth });
      doc.font(f.regular).fontSize(10);
      if (dish.quantity || dish.details) height += doc.heightOfString([dish.quantity, dish.details].filter(Boolean).join(' · '), { width: nameWidth });
      for (const line of dish.options) height += doc.heightOfString(line, { width: nameWidth });
      if (notes) height += doc.heightOfString(notes, { width: nameWidth });
      if (doc.y + height + 10 > bottom()) doc.addPage();
      const top = doc.y;
      doc.font(f.bold).fontSize(12).fillColor(INK).text(title, left, top, { width: nameWidth });
      const afterName = doc.y;
      doc
        .font(f.bold)
        .fontSize(12)
        .text(dish.price, left + width - priceWidth, top, { width: priceWidth, align: 'right' });
      doc.y = afterName;
      if (dish.quantity || dish.details)
        doc.font(f.regular).fontSize(10).fillColor(MUTED).text([dish.quantity, dish.details].filter(Boolean).join(' · '), left, doc.y, { width: nameWidth });
      for (const line of dish.options) doc.font(f.regular).fontSize(10).fillColor(INK).text(line, left, doc.y, { width: nameWidth });
      if (notes) doc.font(f.italic).fontSize(9.5).fillColor(MUTED).text(notes, left, doc.y, { width: nameWidth });
      doc.moveDown(0.5);
    }
    doc.moveDown(0.6);
  }

  // the legend: every allergen with its number, then the frozen marker
  // each entry the regulation's heading, kept whole on its line (issue 33 item 20)
  doc.font(f.regular).fontSize(9);
  const legend = packLines(
    doc,
    ALLERGEN_KEYS.map((key) => `${allergenNumber(key)}. ${t(`allergenOfficial.${key}`)}`),
    '   ',
    width,
  );
  const legendHeight = doc.heightOfString(legend.join('\n'), { width }) + 60;
  if (doc.y + legendHeight > bottom()) doc.addPage();
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .stroke(RULE);
  doc.moveDown(0.5);
  doc.font(f.bold).fontSize(10).fillColor(INK).text(t('print.legendTitle'), left, doc.y, { width });
  doc.font(f.regular).fontSize(9).fillColor(MUTED);
  for (const line of legend) doc.text(line, { width, lineBreak: false });
  doc.moveDown(0.3);
  doc.text(t('print.legendNotes'), { width });
  if (anyFrozen) doc.text(`* ${t('print.frozenNote')}`, { width });
  doc.text(t('print.printedOn', { date: menu.date }), { width });
  doc.end();
  return bytes;
}

interface MatrixRow {
  name: string;
  allergens: AllergenKey[];
  traces: AllergenKey[];
}

/** A dish's row, then a row for each of its options that brings allergens (issue 35), marked as an option's. */
export interface MatrixDish extends MatrixRow {
  options: MatrixRow[];
}

export interface AllergenMatrix {
  restaurantName: string;
  locationName: string;
  categories: { name: string; dishes: MatrixDish[] }[];
  date: string;
  locale: Locale;
}

/**
 * The allergen matrix of one location: A4 landscape, a row per dish and a column per EU allergen,
 * "X" where the dish contains it and "U" where it may contain traces; dated, with the legend, for
 * the restaurant to keep at hand. The header row repeats on every page.
 */
export function renderAllergenMatrixPdf(matrix: AllergenMatrix): Promise<Buffer> {
  const { t } = getI18n(matrix.locale);
  const f = pdfFonts();
  const { doc, bytes } = openPdf({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 36, bottom: 36, left: 36, right: 36 },
    lang: matrix.locale,
    title: `${matrix.restaurantName}: ${t('print.matrixTitle')}`,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const column = 38;
  const nameWidth = width - column * ALLERGEN_KEYS.length;
  // tall enough for the regulation's headings (issue 33 item 20): the longest, sulphur dioxide's,
  // takes three short lines side by side in its column
  const headerHeight = 124;
  const headerSize = 7.5;

  const heading = () => {
    doc
      .font(f.bold)
      .fontSize(16)
      .fillColor(INK)
      .text(`${t('print.matrixTitle')}: ${matrix.restaurantName}`, left, doc.page.margins.top, { width });
    doc
      .font(f.regular)
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${matrix.locationName} · ${t('print.updatedOn', { date: matrix.date })} · X = ${t('print.contains')} · U = ${t('print.mayContain')}`, { width });
    doc.moveDown(0.5);
    const top = doc.y;
    ALLERGEN_KEYS.forEach((key, i) => {
      const x = left + nameWidth + i * column;
      const name = t(`allergenOfficial.${key}`);
      // the allergen's heading turned upright, bottom to top, its lines side by side, centred in its column
      doc.font(f.bold).fontSize(headerSize).fillColor(INK);
      const lines = packLines(doc, name.split(' '), ' ', headerHeight - 8);
      const lineHeight = doc.currentLineHeight(true) - 1;
      doc
        .save()
        .translate(x + (column - lines.length * lineHeight) / 2, top + headerHeight - 4)
        .rotate(-90);
      lines.forEach((line, n) => doc.text(line, 0, n * lineHeight, { lineBreak: false }));
      doc.restore();
    });
    doc
      .moveTo(left, top + headerHeight)
      .lineTo(left + width, top + headerHeight)
      .lineWidth(0.75)
      .stroke(INK);
    doc.y = top + headerHeight + 4;
  };

  heading();
  for (const category of matrix.categories) {
    if (category.dishes.length === 0) continue;
    if (doc.y + 36 > bottom) {
      doc.addPage();
      heading();
    }
    doc
      .font(f.bold)
      .fontSize(10)
      .fillColor(ACCENT)
      .text(category.name, left, doc.y + 2, { width: nameWidth });
    // an option's row is indented, in italics and named as an option's: the dish without it does not contain these
    const row = (entry: MatrixRow, option: boolean) => {
      const indent = option ? 14 : 0;
      const name = option ? `${entry.name} (${t('print.optionMarker')})` : entry.name;
      doc.font(option ? f.italic : f.regular).fontSize(option ? 9 : 9.5);
      const rowHeight = Math.max(16, doc.heightOfString(name, { width: nameWidth - 6 - indent }) + 6);
      if (doc.y + rowHeight > bottom) {
        doc.addPage();
        heading();
      }
      const top = doc.y;
      doc.fillColor(option ? MUTED : INK).text(name, left + indent, top + 3, { width: nameWidth - 6 - indent });
      ALLERGEN_KEYS.forEach((key, i) => {
        const mark = entry.allergens.includes(key) ? 'X' : entry.traces.includes(key) ? 'U' : '';
        if (!mark) return;
        doc
          .font(f.bold)
          .fontSize(10)
          .fillColor(mark === 'X' ? ACCENT : MUTED)
          .text(mark, left + nameWidth + i * column, top + 3, { width: column, align: 'center', lineBreak: false });
      });
      doc
        .moveTo(left + indent, top + rowHeight)
        .lineTo(left + width, top + rowHeight)
        .lineWidth(0.4)
        .stroke(RULE);
      doc.y = top + rowHeight;
    };
    for (const dish of category.dishes) {
      row(dish, false);
      for (const option of dish.options) row(option, true);
    }
  }
  doc.moveDown(1);
  if (doc.y + 30 > bottom) doc.addPage();
  doc.font(f.regular).fontSize(9).fillColor(MUTED).text(t('print.matrixNote'), left, doc.y, { width });
  if (matrix.categories.some((category) => category.dishes.some((dish) => dish.options.length > 0))) doc.text(t('print.matrixOptionsNote'), { width });
  doc.end();
  return bytes;
}
