import { readSpreadsheet } from './import-read.server.ts';
import type { ImportCut, RawRow } from './import.types.ts';
import { linesToRows } from './menu-lines.ts';
import { pdfLines } from './pdf-text.server.ts';

/** A file the import reads as text: a spreadsheet's rows of cells, or a PDF's candidate rows and what of it was left unread. */
export type ParsedFile = { kind: 'csv' | 'xlsx'; rows: string[][] } | { kind: 'pdf'; rows: { line: number; cells: RawRow }[]; cut: ImportCut | null };

/**
 * Reads an uploaded file (its kind known from its bytes). The work that grows with the file: run
 * through parse-pool.server.ts, in a worker thread, never on a request's thread.
 */
export async function parseFile(kind: 'csv' | 'xlsx' | 'pdf', bytes: Uint8Array): Promise<ParsedFile> {
  if (kind === 'pdf') {
    const { lines, cut } = await pdfLines(bytes);
    return { kind, rows: linesToRows(lines), cut };
  }
  return { kind, rows: await readSpreadsheet(bytes, kind) };
}
