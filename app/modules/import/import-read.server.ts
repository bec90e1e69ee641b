import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '#app/modules/errors/app-error.ts';
import { readZipEntries, writeStoredZip } from './zip-read.server.ts';
import { FORMULA_START } from '#app/modules/text/spreadsheet-cell.ts';

/** The largest file the import reads (a 5,000-row menu is about 1 MB as CSV). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** More rows than this is not a menu: refused with a clear message before anything is checked. */
export const MAX_IMPORT_ROWS = 10_000;

export type ImportFileKind = 'csv' | 'xlsx' | 'ods' | 'pdf' | 'image';

/**
 * An OpenDocument spreadsheet (LibreOffice's own format) is a zip whose first entry is the stored
 * file `mimetype` holding its type: the bytes from offset 30 of the file.
 */
const ODS_SIGNATURE = [...new TextEncoder().encode('mimetypeapplication/vnd.oasis.opendocument.spreadsheet')];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** What a file is, by its bytes (never its name or its declared type); null when it is none we read. */
export function detectImportKind(bytes: Uint8Array): ImportFileKind | null {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return startsWith(bytes, ODS_SIGNATURE, 30) ? 'ods' : 'xlsx';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
  )
    return 'image';
  // text: no NUL byte in the first 64 KB (UTF-16 and binaries have them)
  const head = bytes.subarray(0, 64 * 1024);
  if (head.length > 0 && !head.includes(0)) return 'csv';
  return null;
}

/** Windows-1250 (and old fonts) only have ş ţ with a cedilla: Romanian writes ș ț with a comma below. */
export function commaBelow(text: string): string {
  return text.replace(/[ŞşŢţ]/g, (c) => ({ Ş: 'Ș', ş: 'ș', Ţ: 'Ț', ţ: 'ț' })[c] ?? c);
}

/**
 * Text of a CSV file: UTF-8 (a byte order mark dropped) when the bytes are valid UTF-8, otherwise
 * Windows-1250, the code page of Excel's Romanian "CSV (separated by ;)" export.
 */
export function decodeText(bytes: Uint8Array): string {
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  try {
    return commaBelow(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return commaBelow(new TextDecoder('windows-1250').decode(body));
  }
}

function nonEmpty(rows: string[][]): string[][] {
  return rows.filter((row) => row.some((cell) => cell.trim() !== ''));
}

/** The export's apostrophe before a would-be formula, taken off (an apostrophe before anything else stays). */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** CSV rows; the separator (`;` first, as Romanian Excel writes it, then `,`, tab, `|`) is detected. */
export function readCsv(text: string): string[][] {
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t', '|'] });
  return nonEmpty(result.data.map((row) => row.map((cell) => unguardCell(String(cell ?? '')))));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'da' : 'nu';
  return commaBelow(String(value));
}

/** What read-excel-file reads of an XLSX archive (its own filter): the XML parts. */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/**
 * The first sheet's rows as text; numbers as typed (24.5 stays a price the row reader understands).
 * The archive is checked and unpacked within a size limit first (zip-read.server.ts); a zip that is
 * not a workbook (a Word file, a folder zipped) is not a spreadsheet we read.
 */
export async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const parts = readZipEntries(bytes, isXmlPart);
  if (!parts.has('xl/workbook.xml')) throw new AppError('import-unsupported');
  try {
    const data = await readSheet(writeStoredZip(parts));
    return nonEmpty(data.map((row) => row.map(cellText)));
  } catch {
    throw new AppError('import-unreadable');
  }
}

/** A spreadsheet's rows as text, or a refusal that says why. */
export async function readSpreadsheet(bytes: Uint8Array, kind: 'csv' | 'xlsx'): Promise<string[][]> {
  const rows = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(decodeText(bytes));
  if (rows.length < 2) throw new AppError('import-empty');
  if (rows.length - 1 > MAX_IMPORT_ROWS) throw new AppError('import-too-many-rows', { max: MAX_IMPORT_ROWS });
  return rows;
}
