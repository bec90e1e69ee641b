import type { RawRow } from './import.types.ts';

/**
 * A printed menu's lines (from a PDF's text or a photo's OCR) turned into candidate rows for the
 * review grid: "Ciorbă de burtă 400 g ...... 24,50 lei" is a dish with its quantity and price, a
 * short line without digits is a category heading, "Alergeni: gluten, lapte" belongs to the dish
 * above, and other text under a dish is its description. A guess, always reviewed by the owner.
 */

const PRICE_AT_END = /^(.*?)[\s:=\-–—]*(\d{1,4}(?:[.,]\d{1,2})?)\s*(?:lei|ron|leu)?\.?\s*$/i;
const ONLY_PRICE = /^(\d{1,4}(?:[.,]\d{1,2})?)\s*(?:lei|ron|leu)?\.?$/i;
const QUANTITY = /[(/,]?\s*(\d{1,5}(?:[.,]\d{1,3})?)\s*(g|gr|kg|ml|l|cl|buc\.?)(?=[\s)/,]|$)\)?/i;
const ALLERGENS = /^(?:alergeni|allergens|alergeni\s*\/\s*allergens)\s*[:\-–]\s*(.+)$/i;

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

function clean(line: string): string {
  return line
    .replace(/[ŞşŢţ]/g, (c) => ({ Ş: 'Ș', ş: 'ș', Ţ: 'Ț', ţ: 'ț' })[c] ?? c)
    .replace(/[.…·_•]{2,}/g, ' ')
    .replace(/[|¦]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function headingName(line: string): string {
  const text = line.replace(/[:\-–—]+$/, '').trim();
  const upper = text === text.toLocaleUpperCase('ro') && letters(text) > 0;
  return upper ? text.charAt(0) + text.slice(1).toLocaleLowerCase('ro') : text;
}

export function linesToRows(lines: readonly string[]): { line: number; cells: RawRow }[] {
  const rows: { line: number; cells: RawRow }[] = [];
  let category = '';
  let last: RawRow | undefined;
  // each line is read and cleaned once; the next non-empty line after each is found walking back
  // from the end (looking ahead from every line made a long file quadratic)
  const cleaned = Array.from(lines, clean);
  const nextText: (string | undefined)[] = Array.from({ length: cleaned.length });
  for (let index = cleaned.length - 1, next: string | undefined; index >= 0; index--) {
    nextText[index] = next;
    if (cleaned[index] !== '') next = cleaned[index];
  }
  cleaned.forEach((line, index) => {
    const alone = ONLY_PRICE.exec(line);
    if (alone || letters(line) === 0) {
      // a price alone on its line belongs to the dish above that has none
      if (alone && last && !last.price) last.price = alone[1];
      return;
    }
    const allergens = ALLERGENS.exec(line);
    if (allergens) {
      if (last) last.allergens = allergens[1]?.replace(/\.$/, '').trim();
      return;
    }
    const priced = PRICE_AT_END.exec(line);
    if (priced && letters(priced[1] ?? '') >= 2) {
      let name = priced[1] ?? '';
      let quantity = '';
      const q = QUANTITY.exec(name);
      if (q) {
        quantity = `${q[1]} ${q[2]?.toLowerCase().replace(/\.$/, '')}`;
        name = (name.slice(0, q.index) + name.slice(q.index + q[0].length)).replace(/\s+/g, ' ');
      }
      name = name.replace(/[\s:=\-–—,(]+$/, '').trim();
      last = { category, nameRo: name, price: priced[2], ...(quantity ? { quantity } : {}) };
      rows.push({ line: index + 1, cells: last });
      return;
    }
    // a name whose price is alone on the next line (two-column layouts read as two lines)
    const next = nextText[index];
    if (next !== undefined && ONLY_PRICE.test(next) && !/\d/.test(line) && letters(line) >= 2 && line !== line.toLocaleUpperCase('ro')) {
      last = { category, nameRo: line };
      rows.push({ line: index + 1, cells: last });
      return;
    }
    const hasDigits = /\d/.test(line);
    const isUpper = line === line.toLocaleUpperCase('ro');
    if (!hasDigits && line.length <= 40 && (isUpper || !last || line.endsWith(':') || /^\p{Lu}/u.test(line))) {
      category = headingName(line);
      last = undefined;
      return;
    }
    if (last) last.descriptionRo = last.descriptionRo ? `${last.descriptionRo} ${line}` : line;
  });
  return rows;
}
