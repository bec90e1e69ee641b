import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { textPdf } from '#tests/support/text-pdfs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { previewImport } from './import.service.server.ts';
import { MAX_WAITING_FILES, parseInWorker } from './parse-pool.server.ts';
import { MAX_PDF_LINES, MAX_PDF_PAGES } from './pdf-text.server.ts';
import { writeStoredZip, writeZip, type ZipFile } from './zip-read.server.ts';

/**
 * What a single file can cost the server: a PDF with tens of thousands of lines, a spreadsheet
 * whose archive unpacks to a gigabyte, and a LibreOffice file, which is refused with how to save it.
 */

let database: TestDatabase;
let scopes: ActorScopes;

test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
  database = fileDatabase;
  scopes = fileScopes;
});

async function owner() {
  const row = await insertRestaurant(database.db);
  return scopes.owner(row.id);
}

/**
 * `size` bytes of one repeated character, deflated without ever being held or compressed whole:
 * one megabyte compressed with a full flush (which ends byte-aligned and forgets the dictionary),
 * that segment repeated, then an empty final block. The body of a zip bomb, in a fraction of a second.
 */
function deflatedRun(size: number): { data: Buffer; crc: number } {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const segment = deflateRawSync(chunk, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let done = 0; done < size; done += chunk.length) crc = crc32(chunk, crc);
  return { data: Buffer.concat([...Array.from({ length: size / chunk.length }, () => segment), Buffer.from([0x03, 0x00])]), crc };
}

function deflatedPart(name: string, text: string): Promise<ZipFile> {
  const bytes = Buffer.from(text);
  return new Promise((resolve) => {
    const deflate = createDeflateRaw();
    const out: Buffer[] = [];
    deflate.on('data', (piece: Buffer) => out.push(piece));
    deflate.on('end', () => resolve({ name, data: Buffer.concat(out), method: 8, crc: crc32(bytes), size: bytes.length }));
    deflate.end(bytes);
  });
}

const GIGABYTE = 1024 * 1024 * 1024;

/** An XLSX whose sheet unpacks to 1 GB: `declared` says so in its directory, or claims a kilobyte (a lie). */
async function zipBomb(run: { data: Buffer; crc: number }, declared: 'honest' | 'lie'): Promise<Uint8Array> {
  const workbook = await deflatedPart('xl/workbook.xml', '<workbook><sheets><sheet name="Meniu" sheetId="1" r:id="rId1"/></sheets></workbook>');
  const types = await deflatedPart('[Content_Types].xml', '<Types/>');
  return new Uint8Array(writeZip([types, workbook, { name: 'xl/worksheets/sheet1.xml', data: run.data, method: 8, crc: run.crc, size: declared === 'honest' ? GIGABYTE : 1024 }]));
}

describe(`what one file can cost, on ${testDialect}`, () => {
  it('reads a PDF of 40,000 lines in a worker: the request thread keeps ticking, and the reading stops at the line limit, saying so', async () => {
    const scope = await owner();
    const pdf = textPdf(40_000);
    let longestPause = 0;
    let ticks = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    try {
      const preview = await previewImport(scope, { bytes: pdf, name: 'meniu-lung.pdf' });
      const took = performance.now() - started;
      longestPause = Math.max(longestPause, performance.now() - last);
      expect(preview.cut).toEqual({ reason: 'lines', read: MAX_PDF_LINES });
      expect(preview.rows).toHaveLength(MAX_PDF_LINES);
      expect(preview.rows[0]?.cells).toMatchObject({ nameRo: 'Preparatul 0', price: '24,50' });
      // the thread that serves requests was never held for long while the file was read (read on
      // it, this file held it for the whole 30 s of reading: not one tick)
      expect(ticks).toBeGreaterThan(5);
      expect(longestPause).toBeLessThan(took / 3);
    } finally {
      clearInterval(ticker);
    }
  }, 120_000);

  it('reads the first 30 pages of a longer PDF and says so, in Romanian and English', async () => {
    const scope = await owner();
    const preview = await previewImport(scope, { bytes: textPdf(32, 32), name: 'carte.pdf' });
    expect(preview.cut).toEqual({ reason: 'pages', read: MAX_PDF_PAGES, total: 32 });
    expect(preview.rows.map((row) => row.cells.nameRo)).toEqual(Array.from({ length: MAX_PDF_PAGES }, (_, i) => `Preparatul ${i}`));
    expect(getI18n('ro').t('import.cutPages', { read: MAX_PDF_PAGES, total: 32 })).toBe(
      'PDF-ul are 32 de pagini; am citit doar primele 30. Importă restul dintr-un fișier separat.',
    );
    expect(getI18n('en').t('import.cutLines', { read: MAX_PDF_LINES })).toContain('Only the first 20,000 lines of text of the PDF were read');
  });

  it('refuses three zip bombs at once (1 GB sheets, declared or lied about) without the memory to unpack them', async () => {
    const scope = await owner();
    const run = deflatedRun(GIGABYTE);
    const honest = await zipBomb(run, 'honest');
    const lying = await zipBomb(run, 'lie');
    expect(honest.length).toBeLessThan(3 * 1024 * 1024);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const refusals = await Promise.all([honest, lying, lying].map((bytes) => refusalOf(previewImport(scope, { bytes, name: 'meniu.xlsx' }))));
      expect(refusals).toEqual(Array.from({ length: 3 }, () => ({ code: 'import-unpacked-too-large', params: { maxMb: 50 } })));
    } finally {
      clearInterval(sampler);
    }
    // unpacking any one of them took 1 GB and more (1,527 MB measured for one); the limit is 50 MB a file, read one at a time
    expect((peak - baseline) / (1024 * 1024)).toBeLessThan(400);
  }, 120_000);

  it(`reads one file at a time: ${MAX_WAITING_FILES} wait their turn, one more is asked to try again`, async () => {
    const csv = (i: number) => new TextEncoder().encode(`Denumire;Preț\nSarmale ${i};30\n`);
    const results = await Promise.allSettled(Array.from({ length: MAX_WAITING_FILES + 2 }, (_, i) => parseInWorker('csv', csv(i))));
    expect(results.map((result) => (result.status === 'rejected' && isAppError(result.reason) ? result.reason.code : result.status))).toEqual([
      ...Array.from({ length: MAX_WAITING_FILES + 1 }, () => 'fulfilled'),
      'import-busy',
    ]);
    expect(results[3]).toEqual({
      status: 'fulfilled',
      value: {
        kind: 'csv',
        rows: [
          ['Denumire', 'Preț'],
          ['Sarmale 3', '30'],
        ],
      },
    });
    expect(getI18n('ro').t('appErrors.import-busy')).toBe('Se citesc acum multe fișiere. Încearcă din nou peste un minut.');
  });

  it('refuses a LibreOffice spreadsheet (.ods) with how to save it as XLSX or CSV, and a zip that is no workbook as unsupported', async () => {
    const scope = await owner();
    const ods = writeStoredZip(
      new Map([
        ['mimetype', Buffer.from('application/vnd.oasis.opendocument.spreadsheet')],
        ['META-INF/manifest.xml', Buffer.from('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>')],
        [
          'content.xml',
          Buffer.from(
            '<office:document-content><office:body><office:spreadsheet><table:table table:name="Meniu"><table:table-row><table:table-cell office:value-type="string"><text:p>Denumire</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>',
          ),
        ],
      ]),
    );
    expect(await refusalOf(previewImport(scope, { bytes: ods, name: 'meniu.ods' }))).toEqual({ code: 'import-ods', params: {} });
    expect(getI18n('ro').t('appErrors.import-ods')).toContain('Fișier > Salvare ca, tipul „Excel 2007-365 (.xlsx)” sau „Text CSV (.csv)”');
    expect(getI18n('en').t('appErrors.import-ods')).toContain('File > Save As, the type "Excel 2007-365 (.xlsx)" or "Text CSV (.csv)"');
    const document = writeStoredZip(
      new Map([
        ['[Content_Types].xml', Buffer.from('<Types/>')],
        ['word/document.xml', Buffer.from('<w:document/>')],
      ]),
    );
    expect((await refusalOf(previewImport(scope, { bytes: document, name: 'meniu.xlsx' }))).code).toBe('import-unsupported');
  });
});
