import { describe, expect, it } from 'vitest';
import { mapHeaders } from './import-columns.ts';
import { decodeText, detectImportKind, readCsv, readXlsx, unguardCell } from './import-read.server.ts';
import { normaliseRow, parsePrice, parseQuantity, reviewRows } from './import-rows.ts';
import { writeXlsx } from './xlsx-write.server.ts';

describe('reading spreadsheets', () => {
  it("reads Excel's Romanian CSV: `;`, decimal commas, Windows-1250", () => {
    const text = 'Categorie;Denumire;Preț;Alergeni\nCiorbe;Ciorbă de burtă;24,50;lapte, țelină\n';
    // Windows-1250 bytes of the text: ă = 0xE3, ț = 0xFE, ș = 0xBA
    const bytes = Uint8Array.from([...text].map((c) => ({ ă: 0xe3, ț: 0xfe, ș: 0xba })[c as 'ă'] ?? c.charCodeAt(0)));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const rows = readCsv(decodeText(bytes));
    expect(rows).toEqual([
      ['Categorie', 'Denumire', 'Preț', 'Alergeni'],
      ['Ciorbe', 'Ciorbă de burtă', '24,50', 'lapte, țelină'],
    ]);
  });

  it('reads UTF-8 with a byte order mark, and a comma-separated file', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Name,Price\n"Șnițel, cartofi",32.5\n')]);
    expect(readCsv(decodeText(bytes))).toEqual([
      ['Name', 'Price'],
      ['Șnițel, cartofi', '32.5'],
    ]);
  });

  it('tells files apart by their bytes', async () => {
    expect(detectImportKind(new TextEncoder().encode('a;b'))).toBe('csv');
    expect(detectImportKind(await writeXlsx('x', [['a']]))).toBe('xlsx');
    expect(detectImportKind(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(detectImportKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBe('image');
    expect(detectImportKind(new Uint8Array([0x00, 0x01, 0x02]))).toBeNull();
  });

  it('writes an XLSX that read-excel-file reads back, diacritics and numbers included', async () => {
    const rows = [
      ['Denumire', 'Preț'],
      ['Mămăligă cu brânză & smântână <3', 19.5],
      ['Țuică', null],
    ];
    expect(await readXlsx(await writeXlsx('Meniu', rows))).toEqual([
      ['Denumire', 'Preț'],
      ['Mămăligă cu brânză & smântână <3', '19.5'],
      ['Țuică', ''],
    ]);
  });
});

describe('mapping and rows', () => {
  it('maps Romanian and English headers, loosely, and asks for a mapping when one is unknown', () => {
    expect(mapHeaders(['Categorie', 'DENUMIRE', 'Pret', 'Alergeni'])).toEqual({ mapping: { category: 0, nameRo: 1, price: 2, allergens: 3 }, needsMapping: false });
    expect(mapHeaders(['Category', 'Name', 'Price (RON)'])).toEqual({ mapping: { category: 0, nameRo: 1, price: 2 }, needsMapping: false });
    expect(mapHeaders(['Fel', 'Cât costă']).needsMapping).toBe(true);
  });

  it('reads prices and quantities as a Romanian menu writes them', () => {
    expect(parsePrice('24,50')).toBe(2450);
    expect(parsePrice('24.5 lei')).toBe(2450);
    expect(parsePrice('7')).toBe(700);
    expect(parsePrice('-5')).toBeNull();
    expect(parsePrice('douăzeci')).toBeNull();
    expect(parseQuantity('350 g', '')).toEqual({ value: 350, unit: 'g' });
    expect(parseQuantity('0,5 l', '')).toEqual({ value: 500, unit: 'ml' });
    expect(parseQuantity('2', 'buc')).toEqual({ value: 2, unit: 'pcs' });
    expect(parseQuantity('multe', '')).toBe('bad');
  });

  it('reports every problem of a row at once, and duplicates with the line they repeat', () => {
    expect(normaliseRow({ nameRo: '', price: 'x', allergens: 'gluten, unicorn' }).problems.map((p) => p.code)).toEqual(['missingName', 'badPrice', 'unknownAllergen']);
    const ok = normaliseRow({ category: 'Ciorbe', nameRo: 'Ciorbă', price: '20', allergens: 'Lactate; 9', traces: 'mustard', additives: 'e330', frozen: 'da' });
    expect(ok.dish).toMatchObject({ allergens: ['milk', 'molluscs'], traces: ['mustard'], additives: ['E330'], frozen: true, priceMinor: 2000 });
    const reviewed = reviewRows([
      { line: 2, cells: { category: 'Ciorbe', nameRo: 'Ciorbă', price: '20' } },
      { line: 3, cells: { category: 'ciorbe', nameRo: 'CIORBĂ ', price: '21' } },
    ]);
    expect(reviewed[1]?.problems).toEqual([{ code: 'duplicate', field: 'nameRo', value: '2' }]);
  });

  it('reads the location column by its Romanian or English header, case and diacritics ignored', () => {
    for (const header of ['Locație', 'LOCATIE', 'locația', 'Location']) expect(mapHeaders([header, 'Denumire', 'Preț']).mapping).toEqual({ location: 0, nameRo: 1, price: 2 });
    expect(mapHeaders(['Locație (EN)', 'Location', 'Name', 'Price']).mapping).toEqual({ locationEn: 0, location: 1, nameRo: 2, price: 3 });
    expect(mapHeaders(['Denumire', 'Preț']).needsMapping).toBe(false);
  });

  it('counts duplicates per location: rows without one belong to the chosen location', () => {
    const reviewed = reviewRows(
      [
        { line: 2, cells: { location: 'Centru', category: 'Ciorbe', nameRo: 'Ciorbă', price: '20' } },
        { line: 3, cells: { location: 'Terasă', category: 'Ciorbe', nameRo: 'Ciorbă', price: '20' } },
        { line: 4, cells: { category: 'ciorbe', nameRo: 'CIORBĂ', price: '20' } },
        { line: 5, cells: { location: 'terasa', category: 'Ciorbe', nameRo: 'Ciorbă', price: '20' } },
      ],
      new Set(),
      'Centru',
    );
    expect(reviewed.map((row) => row.problems.map((p) => p.value))).toEqual([[], [], ['2'], ['3']]);
  });

  it("strips only the export's apostrophe before a would-be formula", () => {
    expect(["'=SUM(A1)", "'+40 721", "'-5", "'@x", "'\tx", "'Tis", 'plain', "''=x"].map(unguardCell)).toEqual(['=SUM(A1)', '+40 721', '-5', '@x', '\tx', "'Tis", 'plain', "''=x"]);
  });
});
