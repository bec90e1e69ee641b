import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { existingDishKeys } from './existing-dishes.server.ts';
import { cleanMapping, mapHeaders } from './import-columns.ts';
import { startPhotoImport } from './import-drafts.server.ts';
import { detectImportKind, MAX_IMPORT_BYTES } from './import-read.server.ts';
import { reviewRows } from './import-rows.ts';
import { listLocationChoices } from './import.repo.server.ts';
import { IMPORT_FIELDS, type ColumnMapping, type ImportPreview, type RawRow } from './import.types.ts';
import { parseInWorker } from './parse-pool.server.ts';

/**
 * The menu import's services, what routes and jobs call: reading a file into the review grid
 * (here), saving the reviewed rows (import-commit.server.ts) and a photo's recognition through a
 * job (import-drafts.server.ts).
 */
export { commitImport } from './import-commit.server.ts';
export { getImportDraft, runOcrDraft, sweepImportDrafts } from './import-drafts.server.ts';

export interface ImportFile {
  bytes: Uint8Array;
  name: string;
}

/** The locations the owner can import into. */
export async function getImportLocations(scope: RestaurantScope) {
  authorize(scope, 'menu.import');
  return (await listLocationChoices(scope.db, scope.restaurantId)).map(({ id, nameRo, nameEn }) => ({ id, nameRo, nameEn }));
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

const tooLarge = () => new AppError('import-too-large', { maxMb: MAX_IMPORT_BYTES / (1024 * 1024) });

/**
 * Reads an uploaded spreadsheet or PDF into the review grid: nothing is saved. The columns are
 * mapped by their headers, or by `mapping` when the owner chose it; with `locationId`, dishes
 * already in that location are marked as duplicates too. The file is judged by its bytes and its
 * size, and read in the import's worker thread (parse-pool.server.ts). A LibreOffice file is
 * refused with how to save it as XLSX or CSV.
 */
export async function previewImport(scope: RestaurantScope, file: ImportFile, options: { mapping?: unknown; locationId?: string } = {}): Promise<ImportPreview> {
  authorize(scope, 'menu.import');
  if (file.bytes.length === 0) throw new AppError('import-missing');
  if (file.bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
  const kind = detectImportKind(file.bytes);
  if (kind === 'ods') throw new AppError('import-ods');
  if (kind !== 'csv' && kind !== 'xlsx' && kind !== 'pdf') throw new AppError('import-unsupported');
  const { existing, defaultLocation } = await existingDishKeys(scope, options.locationId);
  const parsed = await parseInWorker(kind, file.bytes);
  if (parsed.kind === 'pdf') {
    if (parsed.rows.length === 0) throw new AppError('import-nothing-found');
    return { headers: [], mapping: {}, needsMapping: false, rows: reviewRows(parsed.rows, existing, defaultLocation), source: 'pdf', ...(parsed.cut ? { cut: parsed.cut } : {}) };
  }
  const [headerRow = [], ...body] = parsed.rows;
  const headers = headerRow.map((header) => header.trim());
  const byName = mapHeaders(headers);
  const chosen = options.mapping === undefined ? undefined : cleanMapping(options.mapping, headers.length);
  const mapping = chosen ?? byName.mapping;
  return {
    headers,
    mapping,
    needsMapping: chosen ? chosen.nameRo === undefined || chosen.price === undefined : byName.needsMapping,
    rows: reviewRows(rowsByMapping(body, mapping), existing, defaultLocation),
    source: parsed.kind,
  };
}

/**
 * Reads an uploaded file: a spreadsheet or a PDF straight into the review grid; a photo goes to
 * the OCR job (one at a time per restaurant, a daily number), answered with its draft's id.
 */
export async function startImport(
  scope: RestaurantScope,
  file: ImportFile,
  options: { mapping?: unknown; locationId?: string } = {},
): Promise<{ preview: ImportPreview } | { draftId: string }> {
  authorize(scope, 'menu.import');
  if (file.bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
  if (detectImportKind(file.bytes) !== 'image') return { preview: await previewImport(scope, file, options) };
  return startPhotoImport(scope, file.bytes);
}
