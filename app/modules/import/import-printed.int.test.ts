import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { createJobHandlers, JOB_SCHEDULES } from '#app/wiring/job-handlers.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { menuPhoto, SMALL_MENU } from '#tests/support/menu-images.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { headerKey } from './import-columns.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { OCR_PHOTOS_PER_DAY } from './import-drafts.server.ts';
import { commitImport, getImportDraft, previewImport, startImport, sweepImportDrafts } from './import.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

const require = createRequire(import.meta.url);

useFileWorld();

async function restaurant() {
  const row = await insertRestaurant(db);
  const scope = scopes.owner(row.id);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru' }));
  return { id: row.id, scope, locationId };
}

/** A menu printed to PDF with pdfkit (text, not pictures), as a designer's file would be. */
function menuPdf(): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.registerFont('Lora', require.resolve('@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf'));
    doc.font('Lora').fontSize(16).text('CIORBE');
    doc.fontSize(11).text('Ciorbă de burtă 400 g', 72, 120, { continued: false });
    doc.text('24,50 lei', 450, 120);
    doc.text('cu smântână și ardei iute', 72, 136);
    doc.text('Alergeni: lapte, țelină', 72, 152);
    doc.fontSize(16).text('DESERTURI', 72, 190);
    doc.fontSize(11).text('Papanași cu smântână 2 buc ........ 28 lei', 72, 214);
    doc.end();
  });
}

describe(`import from a printed menu on ${testDialect}`, () => {
  it("reads a PDF's text into candidate rows for the review grid, saving nothing", async () => {
    const r = await restaurant();
    const preview = await previewImport(r.scope, { bytes: await menuPdf(), name: 'meniu.pdf' });
    expect(preview.source).toBe('pdf');
    expect(preview.rows.map((row) => row.cells)).toEqual([
      { category: 'Ciorbe', nameRo: 'Ciorbă de burtă', quantity: '400 g', price: '24,50', descriptionRo: 'cu smântână și ardei iute', allergens: 'lapte, țelină' },
      { category: 'Deserturi', nameRo: 'Papanași cu smântână', quantity: '2 buc', price: '28' },
    ]);
    expect(preview.rows.every((row) => row.problems.length === 0)).toBe(true);
    expect(await db.selectFrom('product').select('id').where('restaurantId', '=', r.id).execute()).toEqual([]);
  });

  it('reads a photo taken at an angle through OCR in a job, with progress, into the review grid', async () => {
    const r = await restaurant();
    const started = await startImport(r.scope, { bytes: await menuPhoto(SMALL_MENU, 2.5, { fontSize: 32 }), name: 'poza.jpg' });
    if (!('draftId' in started)) throw new Error('a photo goes to a job');
    expect(await getImportDraft(r.scope, started.draftId)).toEqual({ status: 'pending', progress: 0 });
    const handlers = createJobHandlers({ mailer: { send: () => Promise.reject(new Error('no mail here')) }, storage, retentionDays: 7 });
    expect(await runJobsUntilIdle(db, { 'import.ocr': handlers['import.ocr'] })).toBe(1);
    const done = await getImportDraft(r.scope, started.draftId, { locationId: r.locationId });
    if (done.status !== 'done') throw new Error('the job finished');
    expect(done.preview.source).toBe('ocr');
    // OCR sometimes drops a diacritic (Papanași → Papanasi): names are compared without them; the
    // owner corrects such slips in the review grid (decision 0020 records the measured rates)
    expect(done.preview.rows.map((row) => [row.cells.category, headerKey(row.cells.nameRo ?? ''), row.cells.price, row.cells.quantity])).toEqual([
      ['Ciorbe', 'ciorba de burta', '24,50', '400 g'],
      ['Deserturi', 'papanasi cu smantana', '28', '2 buc'],
    ]);
    // the image is forgotten once read; nothing reaches the menu until the owner commits
    const draft = await db.selectFrom('importDraft').select(['image', 'status']).where('id', '=', started.draftId).executeTakeFirstOrThrow();
    expect(draft).toEqual({ image: null, status: 'done' });
    expect(await commitImport(r.scope, storage, { locationId: r.locationId, rows: done.preview.rows.map((row) => row.cells) })).toEqual({
      products: 2,
      categories: 2,
      locations: 0,
      optionGroups: 0,
    });
  }, 60_000);

  it("refuses a second owner the first one's draft, and a file that is no image", async () => {
    const a = await restaurant();
    const b = await restaurant();
    const started = await startImport(a.scope, { bytes: await menuPhoto(SMALL_MENU, 0), name: 'poza.jpg' });
    if (!('draftId' in started)) throw new Error('a photo goes to a job');
    await expect(getImportDraft(b.scope, started.draftId)).rejects.toSatisfy((error) => isAppError(error) && error.code === 'not-found');
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    // b reads no photo yet (a's is still waiting, and a second one of a's would wait its turn)
    await expect(startImport(b.scope, { bytes: broken, name: 'x.jpg' })).rejects.toSatisfy((error) => isAppError(error) && error.code === 'import-unreadable');
  });

  it('sweeps day-old drafts of every restaurant daily, and keeps younger ones', async () => {
    const a = await restaurant();
    const b = await restaurant();
    const old = await startImport(a.scope, { bytes: await menuPhoto(SMALL_MENU, 0), name: 'veche.jpg' });
    const young = await startImport(b.scope, { bytes: await menuPhoto(SMALL_MENU, 0), name: 'noua.jpg' });
    if (!('draftId' in old) || !('draftId' in young)) throw new Error('a photo goes to a job');
    // restaurant a never uploads again: only the daily sweep can clear its draft (and the photo in it)
    const now = new Date();
    await db
      .updateTable('importDraft')
      .set({ createdAt: new Date(now.getTime() - 25 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', old.draftId)
      .execute();
    const swept = await sweepImportDrafts(systemScope(db, 'test'), now);
    expect(swept).toBe(1);
    await expect(getImportDraft(a.scope, old.draftId)).rejects.toSatisfy((error) => isAppError(error) && error.code === 'not-found');
    expect(await getImportDraft(b.scope, young.draftId)).toMatchObject({ status: expect.any(String) });
    expect(JOB_SCHEDULES).toContainEqual({ type: 'import.sweep', every: 'day' });
  });
});

describe(`what menu photos a restaurant can have read, on ${testDialect}`, () => {
  const codeOf = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' && isAppError(result.reason) ? result.reason.code : result.status);
  const draftsOf = (restaurantId: string) => db.selectFrom('importDraft').select(['id', 'status']).where('restaurantId', '=', restaurantId).execute();

  it('accepts exactly one of six simultaneous photos, tells the others to wait, and takes the next once it is read', async () => {
    const r = await restaurant();
    const photo = await menuPhoto(SMALL_MENU, 0);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => startImport(r.scope, { bytes: photo, name: 'poza.jpg' })));
    expect(results.map(codeOf).sort()).toEqual(['fulfilled', 'import-ocr-busy', 'import-ocr-busy', 'import-ocr-busy', 'import-ocr-busy', 'import-ocr-busy']);
    const drafts = await draftsOf(r.id);
    expect(drafts).toHaveLength(1);
    expect(getI18n('ro').t('appErrors.import-ocr-busy')).toBe('Se citește deja o fotografie a meniului. Așteaptă să se termine, apoi trimite-o pe următoarea.');
    // another restaurant is not held up by this one
    const other = await restaurant();
    expect(await startImport(other.scope, { bytes: photo, name: 'poza.jpg' })).toHaveProperty('draftId');
    // read (or failed, or stalled for ten minutes): the next photo is taken
    await db
      .updateTable('importDraft')
      .set({ status: 'done' })
      .where('id', '=', drafts[0]?.id ?? '')
      .execute();
    expect(await startImport(r.scope, { bytes: photo, name: 'poza-2.jpg' })).toHaveProperty('draftId');
    await db
      .updateTable('importDraft')
      .set({ updatedAt: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where('restaurantId', '=', r.id)
      .where('status', '=', 'pending')
      .execute();
    expect(await startImport(r.scope, { bytes: photo, name: 'poza-3.jpg' })).toHaveProperty('draftId');
  });

  it(`reads at most ${OCR_PHOTOS_PER_DAY} photos a restaurant in 24 hours, and says when the next one can be sent`, async () => {
    const r = await restaurant();
    const photo = await menuPhoto(SMALL_MENU, 0);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
    // twenty photos read today, the first of them 21.5 hours ago
    await db
      .insertInto('importDraft')
      .values(
        Array.from({ length: OCR_PHOTOS_PER_DAY }, (_, i) => ({
          id: `${r.id}-draft-${i}`,
          restaurantId: r.id,
          status: 'done' as const,
          progress: 100,
          image: null,
          rows: '[]',
          error: null,
          createdAt: hoursAgo(21.5 - i),
          updatedAt: hoursAgo(21.5 - i),
        })),
      )
      .execute();
    const refused = await Promise.allSettled([startImport(r.scope, { bytes: photo, name: 'poza.jpg' })]);
    expect(refused[0]?.status === 'rejected' && isAppError(refused[0].reason) ? { code: refused[0].reason.code, params: refused[0].reason.params } : refused[0]).toEqual({
      code: 'import-ocr-quota',
      params: { limit: OCR_PHOTOS_PER_DAY, count: 3 },
    });
    expect(getI18n('ro').t('appErrors.import-ocr-quota', { limit: OCR_PHOTOS_PER_DAY, count: 3 })).toContain('Poți trimite următoarea peste 3 ore');
    expect(getI18n('en').t('appErrors.import-ocr-quota', { limit: OCR_PHOTOS_PER_DAY, count: 1 })).toContain('You can send the next one in an hour');
    expect(await draftsOf(r.id)).toHaveLength(OCR_PHOTOS_PER_DAY);
    // once the first is a day old, one more photo is read
    await db
      .updateTable('importDraft')
      .set({ createdAt: hoursAgo(24.5) })
      .where('id', '=', `${r.id}-draft-0`)
      .execute();
    expect(await startImport(r.scope, { bytes: photo, name: 'poza.jpg' })).toHaveProperty('draftId');
    // a spreadsheet or a PDF is never held back by the photos
    const csv = new TextEncoder().encode('Denumire;Preț\nSarmale;30\n');
    expect(await startImport(r.scope, { bytes: csv, name: 'meniu.csv' })).toHaveProperty('preview');
  });
});
