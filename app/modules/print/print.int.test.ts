import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { commitImport } from '#app/modules/import/import.service.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { renderPrintDocument } from './print.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

useFileWorld();

/** Every page's text as pdfjs extracts it (what a reader or a screen reader gets), lines joined by spaces. */
async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const loading = getDocument({ data: new Uint8Array(pdf) });
  const document = await loading.promise;
  const parts: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await loading.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages: document.numPages };
}

/**
 * The matrix's first page: its text items, and its allergen columns found from the upright header
 * text (rotated items), each with its band on the page and its heading read left to right.
 */
async function matrixPage(pdf: Buffer, locale: 'ro' | 'en') {
  const loading = getDocument({ data: new Uint8Array(pdf) });
  const page = await (await loading.promise).getPage(1);
  const all = (await page.getTextContent()).items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, upright: Math.abs(item.transform[1] as number) > 0.5 }]
      : [],
  );
  const pageWidth = page.view[2]!;
  await loading.destroy();
  // the 14 columns sit side by side, 38 pt each, the last ending at the 36 pt margin (print-pdf.server.ts)
  const column = 38;
  const first = pageWidth - 36 - column * ALLERGEN_KEYS.length;
  const upright = all.filter((item) => item.upright).sort((a, b) => a.x - b.x);
  expect(
    upright.every((item) => item.x >= first),
    `${locale}: every upright line sits in a column`,
  ).toBe(true);
  const columns = ALLERGEN_KEYS.map((_, i) => {
    const from = first + i * column;
    const lines = upright.filter((item) => item.x >= from && item.x < from + column);
    return { from, to: from + column, lines: lines.length, heading: lines.map((line) => line.text.trim()).join(' ') };
  });
  return { items: all.filter((item) => !item.upright), columns };
}

const DISHES = [
  {
    category: 'Ciorbe',
    categoryEn: 'Soups',
    nameRo: 'Ciorbă de burtă',
    nameEn: 'Tripe soup',
    price: '24,50',
    quantity: '400 g',
    allergens: 'lapte, țelină',
    traces: 'muștar',
    descriptionRo: 'cu smântână și ardei iute',
  },
  { category: 'Ciorbe', categoryEn: 'Soups', nameRo: 'Supă de pui cu tăiței', nameEn: 'Chicken noodle soup', price: '19', quantity: '350 ml', allergens: 'gluten, ouă' },
  {
    category: 'Deserturi',
    categoryEn: 'Desserts',
    nameRo: 'Papanași cu smântână',
    nameEn: 'Papanași with sour cream',
    price: '28',
    quantity: '2 buc',
    allergens: 'gluten, lactate, ouă',
    additives: 'E330',
    frozen: 'da',
  },
  {
    category: 'Deserturi',
    categoryEn: 'Desserts',
    nameRo: 'Înghețată de fistic',
    nameEn: 'Pistachio ice cream',
    price: '17,90',
    quantity: '150 g',
    allergens: 'nuci, lapte, soia, sulfiți, lupin, pește, crustacee, moluște, muștar, susan, arahide',
  },
];

async function restaurantWithMenu(count = 1) {
  const row = await insertRestaurant(db, { name: 'Hanul Ștefan', timeZone: 'Europe/Bucharest' }, { trial: false, manualProUntil: new Date(Date.now() + 86_400_000).toISOString() });
  const scope = scopes.owner(row.id);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru', nameEn: 'Downtown' }));
  const rows = Array.from({ length: count }, (_, i) => DISHES.map((d) => (i === 0 ? d : { ...d, nameRo: `${d.nameRo} ${i}`, nameEn: `${d.nameEn} ${i}` }))).flat();
  await commitImport(scope, storage, { locationId, rows });
  return { scope, locationId };
}

describe(`printable documents on ${testDialect}`, () => {
  it('prints the menu in Romanian with every dish, price, quantity, allergen number, additive, the frozen marker and the legend', async () => {
    const { scope, locationId } = await restaurantWithMenu();
    const { body, filename } = await renderPrintDocument(scope, 'menu', { locationId, locale: 'ro', now: new Date('2026-11-23T10:00:00Z') });
    expect(filename).toBe('meniu-ro-2026-11-23.pdf');
    const { text } = await pdfText(body);
    expect(text).toContain('Hanul Ștefan');
    for (const dish of DISHES) expect(text).toContain(dish.nameRo);
    for (const minor of [2450, 1900, 2800, 1790]) expect(text).toContain(formatPrice(minor, 'RON', 'ro').replace(/\s/g, ' '));
    for (const quantity of ['400 g', '350 ml', '2 buc', '150 g']) expect(text).toContain(quantity);
    // allergens as numbers (milk 2, celery 10), traces (mustard 11), additives and the frozen marker
    expect(text).toContain('Alergeni: 2, 10');
    expect(text).toContain('Poate conține urme: 11');
    expect(text).toContain('Aditivi: E330');
    expect(text).toContain('Papanași cu smântână *');
    expect(text).toContain('* Produs preparat din materie primă congelată.');
    const { t } = getI18n('ro');
    // the legend names each allergen by the regulation's Annex II heading (issue 33 item 20)
    ALLERGEN_KEYS.forEach((key, i) => expect(text).toContain(`${i + 1}. ${t(`allergenOfficial.${key}`)}`));
    expect(text).toContain('1. Cereale care conțin gluten');
    expect(text).toContain('2. Lapte (inclusiv lactoză)');
    expect(text).toContain('Tipărit la 23 noiembrie 2026.');
  });

  it('prints the menu in English, with English names where they exist', async () => {
    const { scope, locationId } = await restaurantWithMenu();
    const { text } = await pdfText((await renderPrintDocument(scope, 'menu', { locationId, locale: 'en' })).body);
    for (const dish of DISHES) expect(text).toContain(dish.nameEn);
    expect(text).toContain('Downtown');
    expect(text).toContain(formatPrice(2450, 'RON', 'en').replace(/\s/g, ' '));
    expect(text).toContain('1. Cereals containing gluten');
    expect(text).toContain('5. Nuts');
    expect(text).toContain('13. Sulphur dioxide and sulphites (>10 mg/kg or 10 mg/l as SO2)');
    expect(text).toContain('Made from frozen ingredients.');
  });

  it('prints the allergen matrix: every dish, every allergen column, contains and traces marked, dated', async () => {
    const { scope, locationId } = await restaurantWithMenu();
    const { body } = await renderPrintDocument(scope, 'allergens', { locationId, locale: 'ro', now: new Date('2026-11-23T10:00:00Z') });
    const { items, columns } = await matrixPage(body, 'ro');
    const text = items.map((item) => item.text).join(' ');
    expect(text).toContain('actualizat la 23 noiembrie 2026');
    // the row of "Ciorbă de burtă": X under milk and celery, U under mustard, nothing elsewhere
    const row = items.find((item) => item.text === 'Ciorbă de burtă');
    if (!row) throw new Error('dish row missing');
    const marks = items.filter((item) => Math.abs(item.y - row.y) < 2 && (item.text === 'X' || item.text === 'U'));
    const columnOf = (x: number) => ALLERGEN_KEYS[columns.findIndex((c) => x >= c.from && x < c.to)];
    expect(marks.map((m) => `${m.text}:${columnOf(m.x)}`).sort()).toEqual(['U:mustard', 'X:celery', 'X:milk']);
    for (const dish of DISHES) expect(text).toContain(dish.nameRo);
  });

  it.each(['ro', 'en'] as const)('heads the matrix’s columns with the regulation’s headings, whole and each inside its column (%s)', async (locale) => {
    const { scope, locationId } = await restaurantWithMenu();
    const { columns } = await matrixPage((await renderPrintDocument(scope, 'allergens', { locationId, locale })).body, locale);
    const { t } = getI18n(locale);
    // the upright lines inside each column's band, read left to right, are its whole heading (issue 33 item 20)
    expect(columns.map((c) => c.heading)).toEqual(ALLERGEN_KEYS.map((key) => t(`allergenOfficial.${key}`)));
    for (const column of columns) expect(column.lines, column.heading).toBeLessThanOrEqual(3);
  });

  it('breaks a long menu over pages and keeps every dish', async () => {
    const { scope, locationId } = await restaurantWithMenu(20);
    const { text, pages } = await pdfText((await renderPrintDocument(scope, 'menu', { locationId, locale: 'ro' })).body);
    expect(pages).toBeGreaterThan(2);
    for (let i = 1; i < 20; i++) expect(text).toContain(`Papanași cu smântână ${i}`);
    const matrix = await pdfText((await renderPrintDocument(scope, 'allergens', { locationId, locale: 'ro' })).body);
    expect(matrix.pages).toBeGreaterThan(1);
    for (let i = 1; i < 20; i++) expect(matrix.text).toContain(`Înghețată de fistic ${i}`);
  });

  describe('dish options (issue 35)', () => {
    const price = (minor: number, locale: 'ro' | 'en') => formatPrice(minor, 'RON', locale).replace(/\s/g, ' ');
    async function restaurantWithOptions() {
      const { scope, locationId } = await restaurantWithMenu();
      await commitImport(scope, storage, {
        locationId,
        rows: [
          {
            category: 'Pizza',
            nameRo: 'Pizza Margherita',
            nameEn: 'Margherita pizza',
            price: '30',
            allergens: 'gluten',
            options: 'Mărime (1) =: Mică 30 | Mare 45,50; Extra (0-2): Cașcaval +5 [lactate] | Fără busuioc -1 | Ardei 0 [urme: muștar]',
            optionsEn: 'Size: Small | Large; Extra: Cheese | No basil | Peppers',
          },
          { category: 'Pizza', nameRo: 'Focaccia', price: '12', options: 'Ulei (1): Măsline 0 | Ascuns +2' },
        ],
      });
      // a hidden option is not printed
      await db.updateTable('optionItem').set({ visible: 0 }).where('nameRo', '=', 'Ascuns').execute();
      return { scope, locationId };
    }

    it('lists each dish’s options with their prices under it, a size group’s dish priced "from" its smallest size', async () => {
      const { scope, locationId } = await restaurantWithOptions();
      const ro = (await pdfText((await renderPrintDocument(scope, 'menu', { locationId, locale: 'ro' })).body)).text;
      expect(ro).toContain(
        `Mărime: Mică ${price(3000, 'ro')} · Mare ${price(4550, 'ro')} Extra: Cașcaval +${price(500, 'ro')} (Alergeni: 2) · Fără busuioc −${price(100, 'ro')} · Ardei (Poate conține urme: 11)`,
      );
      expect(ro).toContain(`de la ${price(3000, 'ro')}`);
      expect(ro).toContain('Ulei: Măsline');
      expect(ro).not.toContain('Ascuns');
      const en = (await pdfText((await renderPrintDocument(scope, 'menu', { locationId, locale: 'en' })).body)).text;
      expect(en).toContain(`Size: Small ${price(3000, 'en')} · Large ${price(4550, 'en')} Extra: Cheese +${price(500, 'en')} (Allergens: 2)`);
      expect(en).toContain(`from ${price(3000, 'en')}`);
    });

    it('adds an option’s allergens to the matrix on its own row, marked as an option’s, the dish’s row keeping only its own', async () => {
      const { scope, locationId } = await restaurantWithOptions();
      const { items, columns } = await matrixPage((await renderPrintDocument(scope, 'allergens', { locationId, locale: 'ro' })).body, 'ro');
      const columnOf = (x: number) => ALLERGEN_KEYS[columns.findIndex((c) => x >= c.from && x < c.to)];
      const marksOf = (name: string) => {
        const row = items.find((item) => item.text === name);
        if (!row) throw new Error(`row missing: ${name}`);
        return items
          .filter((item) => Math.abs(item.y - row.y) < 2 && (item.text === 'X' || item.text === 'U'))
          .map((m) => `${m.text}:${columnOf(m.x)}`)
          .sort();
      };
      expect(marksOf('Pizza Margherita')).toEqual(['X:gluten']);
      expect(marksOf('Extra: Cașcaval (opțiune)')).toEqual(['X:milk']);
      expect(marksOf('Extra: Ardei (opțiune)')).toEqual(['U:mustard']);
      // an option without allergens has no row
      expect(items.some((item) => item.text.includes('Fără busuioc'))).toBe(false);
      const text = (await pdfText((await renderPrintDocument(scope, 'allergens', { locationId, locale: 'ro' })).body)).text;
      expect(text).toContain('marcate „opțiune”');
    });
  });

  it("refuses a second restaurant's owner the first one's location", async () => {
    const a = await restaurantWithMenu();
    const b = await restaurantWithMenu();
    await expect(renderPrintDocument(b.scope, 'menu', { locationId: a.locationId, locale: 'ro' })).rejects.toSatisfy((e) => isAppError(e) && e.code === 'not-found');
    await expect(renderPrintDocument(b.scope, 'allergens', { locationId: a.locationId, locale: 'ro' })).rejects.toSatisfy((e) => isAppError(e) && e.code === 'not-found');
  });
});
