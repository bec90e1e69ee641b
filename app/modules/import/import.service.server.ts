import type { RestaurantScope, SystemScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { findLocation } from '#app/modules/location/location.repo.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { RestaurantQuotas } from '#app/env.types.ts';
import { findRestaurantCurrency, lockPlanState, setProductsCount } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { FREE_PRODUCT_LIMIT, isBefore, remainingProducts } from '#app/modules/subscription/subscription.ts';
import { getRestaurantQuotas } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { linesToRows } from './menu-lines.ts';
import { prepareForOcr, recognizeLines } from './ocr.server.ts';
import { pdfLines } from './pdf-text.server.ts';
import { cleanMapping, headerKey, mapHeaders } from './import-columns.ts';
import { detectImportKind, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, readSpreadsheet } from './import-read.server.ts';
import { dishKey, normaliseRow, reviewRows, type ImportedDish } from './import-rows.ts';
import {
  deleteImportDraftsBefore,
  deleteOldImportDrafts,
  findImportDraft,
  insertCategoriesBatch,
  insertImportDraft,
  insertProductsBatch,
  insertLocationsBatch,
  listCategoriesForImport,
  listDishNamesForImport,
  listLocationChoices,
  updateImportDraft,
} from './import.repo.server.ts';
import { IMPORT_FIELDS, type ColumnMapping, type ImportPreview, type ImportResult, type RawRow } from './import.types.ts';

export interface ImportFile {
  bytes: Uint8Array;
  name: string;
}

/** The locations the owner can import into. */
export async function getImportLocations(scope: RestaurantScope) {
  return (await listLocationChoices(scope.db, scope.restaurantId)).map(({ id, nameRo, nameEn }) => ({ id, nameRo, nameEn }));
}

async function requireOwnLocation(scope: RestaurantScope, locationId: string) {
  const location = await findLocation(scope.db, scope.restaurantId, locationId);
  if (!location) throw new AppError('not-found');
  return location;
}

/**
 * The dishes already in the menu, as duplicate keys (location, category, name), and the name of the
 * chosen location, which rows without a location of their own belong to.
 */
async function existingDishKeys(scope: RestaurantScope, locationId: string | undefined): Promise<{ existing: Set<string>; defaultLocation: string }> {
  if (!locationId) return { existing: new Set(), defaultLocation: '' };
  const location = await requireOwnLocation(scope, locationId);
  const dishes = await listDishNamesForImport(scope.db, scope.restaurantId);
  return { existing: new Set(dishes.map((dish) => dishKey(dish.location, dish.category, dish.name))), defaultLocation: location.nameRo };
}

/** Rows of cells (the header first) as raw rows by field, through the mapping. */
export function rowsByMapping(table: readonly (readonly string[])[], mapping: ColumnMapping, firstLine = 2): { line: number; cells: RawRow }[] {
  return table.map((row, index) => {
    const cells: RawRow = {};
    for (const field of IMPORT_FIELDS) {
      const column = mapping[field];
      if (column !== undefined && column !== null) cells[field] = row[column] ?? '';
    }
    return { line: index + firstLine, cells };
  });
}

/**
 * Reads an uploaded spreadsheet into the review grid: nothing is saved. The columns are mapped by
 * their headers, or by `mapping` when the owner chose it; with `locationId`, dishes already in that
 * location are marked as duplicates too. The file is judged by its bytes and its size.
 */
export async function previewImport(scope: RestaurantScope, file: ImportFile, options: { mapping?: unknown; locationId?: string } = {}): Promise<ImportPreview> {
  if (file.bytes.length === 0) throw new AppError('import-missing');
  if (file.bytes.length > MAX_IMPORT_BYTES) throw new AppError('import-too-large', { maxMb: MAX_IMPORT_BYTES / (1024 * 1024) });
  const kind = detectImportKind(file.bytes);
  if (kind !== 'csv' && kind !== 'xlsx' && kind !== 'pdf') throw new AppError('import-unsupported');
  const { existing, defaultLocation } = await existingDishKeys(scope, options.locationId);
  if (kind === 'pdf') {
    const rows = linesToRows(await pdfLines(file.bytes));
    if (rows.length === 0) throw new AppError('import-nothing-found');
    return { headers: [], mapping: {}, needsMapping: false, rows: reviewRows(rows, existing, defaultLocation), source: 'pdf' };
  }
  const [headerRow = [], ...body] = await readSpreadsheet(file.bytes, kind);
  const headers = headerRow.map((header) => header.trim());
  const byName = mapHeaders(headers);
  const chosen = options.mapping === undefined ? undefined : cleanMapping(options.mapping, headers.length);
  const mapping = chosen ?? byName.mapping;
  return {
    headers,
    mapping,
    needsMapping: chosen ? chosen.nameRo === undefined || chosen.price === undefined : byName.needsMapping,
    rows: reviewRows(rowsByMapping(body, mapping), existing, defaultLocation),
    source: kind,
  };
}

/** A reviewed row as the browser sends it back: only known fields, as text. */
function cleanRow(value: unknown): RawRow {
  const cells: RawRow = {};
  if (!value || typeof value !== 'object') return cells;
  for (const field of IMPORT_FIELDS) {
    const cell = (value as Record<string, unknown>)[field];
    if (typeof cell === 'string') cells[field] = cell.slice(0, 4000);
    else if (typeof cell === 'number' && Number.isFinite(cell)) cells[field] = String(cell);
  }
  return cells;
}

/**
 * Saves the reviewed rows, all or nothing, in one menu change (one version bump, one audit row).
 * A row naming a location goes to the restaurant's location of that name (compared loosely, like
 * categories), which is created when the restaurant has none (within the locations quota); a row
 * without one goes to the chosen location. Rows are checked again here (a browser is never
 * trusted): a row with a problem, a duplicate or a plan without room for every dish refuses the
 * whole import and saves nothing. Categories are matched by name within their location and created
 * when missing, in file order.
 */
export function commitImport(
  scope: RestaurantScope,
  storage: FileStorage,
  input: { locationId: string; rows: unknown },
  quotas: RestaurantQuotas = getRestaurantQuotas(),
): Promise<ImportResult> {
  const raw = Array.isArray(input.rows) ? input.rows : [];
  if (raw.length === 0) throw new AppError('import-empty');
  if (raw.length > MAX_IMPORT_ROWS) throw new AppError('import-too-many-rows', { max: MAX_IMPORT_ROWS });
  const rows = raw.map((row, index) => ({ line: index + 1, cells: cleanRow(row) }));
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const { existing, defaultLocation } = await existingDishKeys(change.scope, input.locationId);
    const reviewed = reviewRows(rows, existing, defaultLocation);
    const withProblems = reviewed.filter((row) => row.problems.length > 0).length;
    if (withProblems > 0) throw new AppError('import-has-problems', { count: withProblems });
    const dishes = rows.map((row) => normaliseRow(row.cells).dish).filter((dish): dish is ImportedDish => dish !== null);

    // the plan's product limit, under the restaurant's row lock (changeMenu took it)
    const plan = await lockPlanState(db, restaurantId);
    if (!plan) throw new AppError('not-found');
    const pro = isBefore(plan.proUntil);
    if (!pro && plan.productsCount + dishes.length > FREE_PRODUCT_LIMIT) {
      throw new AppError('import-over-limit', { limit: FREE_PRODUCT_LIMIT, count: dishes.length, remaining: remainingProducts(plan.productsCount) });
    }

    const now = new Date().toISOString();
    const { currency } = await findRestaurantCurrency(db, restaurantId);

    // locations by name; the first of two with the same name wins, as in the editor's order
    const locations = await listLocationChoices(db, restaurantId);
    const locationIds = new Map<string, string>();
    for (const location of locations) if (!locationIds.has(headerKey(location.nameRo))) locationIds.set(headerKey(location.nameRo), location.id);
    let nextLocationOrder = Math.max(-1, ...locations.map((location) => location.sortOrder)) + 1;
    const newLocations: Parameters<typeof insertLocationsBatch>[2][number][] = [];
    const locationOf = (dish: ImportedDish): string => {
      if (!dish.location) return input.locationId;
      const key = headerKey(dish.location);
      const found = locationIds.get(key);
      if (found) return found;
      const id = newId();
      locationIds.set(key, id);
      newLocations.push({ id, nameRo: dish.location, nameEn: dish.locationEn, address: null, visible: 1, sortOrder: nextLocationOrder++, createdAt: now, updatedAt: now });
      return id;
    };
    const dishLocations = dishes.map(locationOf);
    if (newLocations.length > 0 && locations.length + newLocations.length > quotas.locationsPerRestaurant) {
      throw new AppError('location-limit-reached', { limit: quotas.locationsPerRestaurant });
    }

    // categories by name within their location
    const categories = await listCategoriesForImport(db, restaurantId);
    const categoryKey = (locationId: string, name: string) => `${locationId}\u0000${headerKey(name)}`;
    const categoryIds = new Map<string, string>();
    const categoriesIn = new Map<string, number>();
    const nextCategoryOrder = new Map<string, number>();
    for (const category of categories) {
      const key = categoryKey(category.locationId, category.nameRo);
      if (!categoryIds.has(key)) categoryIds.set(key, category.id);
      categoriesIn.set(category.locationId, (categoriesIn.get(category.locationId) ?? 0) + 1);
      nextCategoryOrder.set(category.locationId, Math.max(nextCategoryOrder.get(category.locationId) ?? 0, category.sortOrder + 1));
    }
    const newCategories: Parameters<typeof insertCategoriesBatch>[2][number][] = [];
    const dishCategories = dishes.map((dish, index) => {
      const locationId = dishLocations[index] ?? input.locationId;
      const key = categoryKey(locationId, dish.category);
      const found = categoryIds.get(key);
      if (found) return found;
      const id = newId();
      categoryIds.set(key, id);
      const sortOrder = nextCategoryOrder.get(locationId) ?? 0;
      nextCategoryOrder.set(locationId, sortOrder + 1);
      categoriesIn.set(locationId, (categoriesIn.get(locationId) ?? 0) + 1);
      newCategories.push({ id, locationId, nameRo: dish.category, nameEn: dish.categoryEn, descriptionRo: null, descriptionEn: null, imageKey: null, visible: 1, sortOrder, createdAt: now, updatedAt: now });
      return id;
    });
    if (newCategories.some((category) => (categoriesIn.get(category.locationId) ?? 0) > quotas.categoriesPerLocation)) {
      throw new AppError('category-limit-reached', { limit: quotas.categoriesPerLocation });
    }

    const nextOrder = new Map<string, number>();
    for (const dish of await listDishNamesForImport(db, restaurantId)) nextOrder.set(dish.categoryId, Math.max(nextOrder.get(dish.categoryId) ?? 0, dish.sortOrder + 1));
    const products = dishes.map((dish, index) => {
      const categoryId = dishCategories[index] ?? '';
      const sortOrder = nextOrder.get(categoryId) ?? 0;
      nextOrder.set(categoryId, sortOrder + 1);
      return {
        id: newId(),
        categoryId,
        nameRo: dish.nameRo,
        nameEn: dish.nameEn,
        descriptionRo: dish.descriptionRo,
        descriptionEn: dish.descriptionEn,
        ingredientsRo: dish.ingredientsRo,
        ingredientsEn: dish.ingredientsEn,
        priceMinor: dish.priceMinor,
        currency,
        weightValue: dish.weightValue,
        weightUnit: dish.weightUnit,
        allergens: JSON.stringify(dish.allergens),
        traces: JSON.stringify(dish.traces),
        additives: JSON.stringify(dish.additives),
        frozen: dish.frozen ? (1 as const) : (0 as const),
        energyKcal: null, fat: null, saturates: null, carbs: null, sugars: null, protein: null, salt: null,
        servedFrom: null,
        servedUntil: null,
        available: 1 as const,
        visible: 1 as const,
        sortOrder,
        imageKey: null,
        imageId: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    await insertLocationsBatch(db, restaurantId, newLocations);
    await insertCategoriesBatch(db, restaurantId, newCategories);
    await insertProductsBatch(db, restaurantId, products);
    await setProductsCount(db, restaurantId, plan.productsCount + products.length);
    const result = { products: products.length, categories: newCategories.length, locations: newLocations.length };
    await recordAudit(change.scope, { action: 'menu.import', target: { type: 'location', id: input.locationId }, after: result });
    return result;
  });
}

// ---- a photo of a printed menu: recognized by a job, then reviewed like any file ----

const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The daily `import.sweep`: drafts (and the photos they hold) older than a day go, for every
 * restaurant; a new upload also clears its own restaurant's old drafts.
 */
export async function sweepImportDrafts(scope: SystemScope, now: Date): Promise<number> {
  return deleteImportDraftsBefore(scope.db, new Date(now.getTime() - DRAFT_LIFETIME_MS).toISOString());
}

/**
 * Reads an uploaded file: a spreadsheet or a PDF straight into the review grid; a photo is
 * prepared and handed to an `import.ocr` job (its draft and the job commit together), answered
 * with the draft's id for the page to follow its progress.
 */
export async function startImport(scope: RestaurantScope, file: ImportFile, options: { mapping?: unknown; locationId?: string } = {}): Promise<{ preview: ImportPreview } | { draftId: string }> {
  if (file.bytes.length > MAX_IMPORT_BYTES) throw new AppError('import-too-large', { maxMb: MAX_IMPORT_BYTES / (1024 * 1024) });
  if (detectImportKind(file.bytes) !== 'image') return { preview: await previewImport(scope, file, options) };
  let prepared: Buffer;
  try {
    prepared = await prepareForOcr(file.bytes);
  } catch {
    throw new AppError('import-unreadable');
  }
  const draftId = newId();
  const now = new Date();
  await scope.db.transaction().execute(async (trx) => {
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
