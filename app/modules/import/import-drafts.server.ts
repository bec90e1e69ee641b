import { assertSystem, authorize, type RestaurantScope, type SystemScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { lockPlanState } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { logger } from '#app/logger.server.ts';
import { existingDishKeys } from './existing-dishes.server.ts';
import { cleanRow, reviewRows } from './import-rows.ts';
import { deleteImportDraftsBefore, deleteOldImportDrafts, findImportDraft, insertImportDraft, listImportDraftsSince, updateImportDraft } from './import.repo.server.ts';
import type { ImportPreview } from './import.types.ts';
import { linesToRows } from './menu-lines.ts';
import { prepareForOcr, recognizeLines } from './ocr.server.ts';

// ---- a photo of a printed menu: recognized by a job, then reviewed like any file ----

const HOUR_MS = 60 * 60 * 1000;
const DRAFT_LIFETIME_MS = 24 * HOUR_MS;
/** Photos a restaurant may have read in 24 hours: each costs seconds to a minute of a core. */
export const OCR_PHOTOS_PER_DAY = 20;
/** A draft still pending or running after this long is taken as stalled: it no longer blocks the next photo. */
const STALLED_MS = 10 * 60 * 1000;

/**
 * One photo at a time per restaurant and OCR_PHOTOS_PER_DAY in 24 hours (the drafts are the
 * record: they live a day). Refused with when the next photo can be sent.
 */
async function requireOcrAllowance(db: RestaurantScope['db'], restaurantId: string, now: Date): Promise<void> {
  const drafts = await listImportDraftsSince(db, restaurantId, new Date(now.getTime() - DRAFT_LIFETIME_MS).toISOString());
  const live = now.getTime() - STALLED_MS;
  if (drafts.some((draft) => (draft.status === 'pending' || draft.status === 'running') && Date.parse(draft.updatedAt) > live)) throw new AppError('import-ocr-busy');
  if (drafts.length < OCR_PHOTOS_PER_DAY) return;
  // the next photo is allowed once enough of the oldest ones are more than a day old
  const freesSlot = drafts[drafts.length - OCR_PHOTOS_PER_DAY]?.createdAt ?? now.toISOString();
  const hours = Math.max(1, Math.ceil((Date.parse(freesSlot) + DRAFT_LIFETIME_MS - now.getTime()) / HOUR_MS));
  throw new AppError('import-ocr-quota', { limit: OCR_PHOTOS_PER_DAY, count: hours });
}

/**
 * The daily `import.sweep`: drafts (and the photos they hold) older than a day go, for every
 * restaurant; a new upload also clears its own restaurant's old drafts.
 */
export async function sweepImportDrafts(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  return deleteImportDraftsBefore(scope.db, new Date(now.getTime() - DRAFT_LIFETIME_MS).toISOString());
}

/**
 * A photo prepared and handed to an `import.ocr` job (its draft and the job commit together),
 * answered with the draft's id for the page to follow its progress. The allowance is checked
 * before the photo is prepared (cheap refusals) and again under the restaurant's row lock, so of
 * simultaneous photos exactly one is accepted.
 */
export async function startPhotoImport(scope: RestaurantScope, bytes: Uint8Array): Promise<{ draftId: string }> {
  authorize(scope, 'menu.import');
  await requireOcrAllowance(scope.db, scope.restaurantId, new Date());
  let prepared: Buffer;
  try {
    prepared = await prepareForOcr(bytes);
  } catch {
    throw new AppError('import-unreadable');
  }
  const draftId = newId();
  await scope.db.transaction().execute(async (trx) => {
    const now = new Date();
    if (!(await lockPlanState(trx, scope.restaurantId))) throw new AppError('not-found');
    await requireOcrAllowance(trx, scope.restaurantId, now);
    await deleteOldImportDrafts(trx, scope.restaurantId, new Date(now.getTime() - DRAFT_LIFETIME_MS).toISOString());
    await insertImportDraft(trx, scope.restaurantId, { id: draftId, image: prepared.toString('base64'), now: now.toISOString() });
    await enqueueJob(trx, { type: 'import.ocr', payload: { restaurantId: scope.restaurantId, draftId }, maxAttempts: 2 });
  });
  return { draftId };
}

/**
 * The `import.ocr` job: reads the draft's image, stores the candidate rows and forgets the image.
 * Progress is written as it goes (every tenth). An image nothing can be read from ends the draft
 * as failed (the page says so); it is not retried.
 */
export async function runOcrDraft(scope: RestaurantScope, draftId: string, recognize: typeof recognizeLines = recognizeLines): Promise<void> {
  authorize(scope, 'menu.import');
  const draft = await findImportDraft(scope.db, scope.restaurantId, draftId);
  if (!draft?.image || draft.status === 'done') return;
  await updateImportDraft(scope.db, scope.restaurantId, draftId, { status: 'running', progress: 0 });
  let written = 0;
  try {
    const lines = await recognize(Buffer.from(draft.image, 'base64'), (percent) => {
      if (percent - written < 10) return;
      written = percent;
      void updateImportDraft(scope.db, scope.restaurantId, draftId, { progress: Math.min(99, percent) }).catch(() => {});
    });
    const rows = linesToRows(lines);
    await updateImportDraft(scope.db, scope.restaurantId, draftId, { status: 'done', progress: 100, image: null, rows: JSON.stringify(rows) });
  } catch (error) {
    logger.warn({ err: error, draftId }, 'menu photo could not be read');
    await updateImportDraft(scope.db, scope.restaurantId, draftId, { status: 'failed', image: null, error: 'ocr' });
  }
}

/** Where a photo's recognition is, or its rows in the review grid once done. */
export async function getImportDraft(
  scope: RestaurantScope,
  draftId: string,
  options: { locationId?: string } = {},
): Promise<{ status: 'pending' | 'running'; progress: number } | { status: 'done'; preview: ImportPreview }> {
  authorize(scope, 'menu.import');
  const draft = await findImportDraft(scope.db, scope.restaurantId, draftId);
  if (!draft) throw new AppError('not-found');
  if (draft.status === 'failed') throw new AppError('import-unreadable');
  if (draft.status !== 'done') return { status: draft.status, progress: draft.progress };
  const rows = JSON.parse(draft.rows ?? '[]') as { line: number; cells: unknown }[];
  const clean = rows.map((row) => ({ line: row.line, cells: cleanRow(row.cells) }));
  if (clean.length === 0) throw new AppError('import-nothing-found');
  const { existing, defaultLocation } = await existingDishKeys(scope, options.locationId);
  return { status: 'done', preview: { headers: [], mapping: {}, needsMapping: false, rows: reviewRows(clean, existing, defaultLocation), source: 'ocr' } };
}
