/**
 * What the import's review grid shows (plain types, safe for ui/): every row of the file with the
 * dish it would become and its problems. Nothing is saved until the owner commits the reviewed rows.
 */

/** The columns an import understands; each has Romanian and English header names (import-columns.ts). */
export const IMPORT_FIELDS = [
  'location',
  'locationEn',
  'category',
  'categoryEn',
  'nameRo',
  'nameEn',
  'descriptionRo',
  'descriptionEn',
  'ingredientsRo',
  'ingredientsEn',
  'price',
  'quantity',
  'unit',
  'allergens',
  'traces',
  'additives',
  'frozen',
  'options',
  'optionsEn',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** For each field, the index of the file's column that holds it (null: not in the file). */
export type ColumnMapping = Partial<Record<ImportField, number | null>>;

/** A row's raw cells, by field, as text (what the owner reviews and what the commit sends back). */
export type RawRow = Partial<Record<ImportField, string>>;

export type ImportProblemCode =
  | 'missingName'
  | 'badPrice'
  | 'unknownAllergen'
  | 'badAdditive'
  | 'badQuantity'
  | 'duplicate'
  | 'tooLong'
  // the options column (option-cell.ts)
  | 'optionGroupUnreadable'
  | 'optionGroupTwice'
  | 'optionRule'
  | 'optionPrice'
  | 'optionsTooMany'
  | 'optionNamesEn';

export interface ImportProblem {
  code: ImportProblemCode;
  field: ImportField;
  /** the offending value, or the first line of a duplicate */
  value?: string;
}

export interface ReviewRow {
  /** 1-based line in the file (the header is line 1 for spreadsheets) */
  line: number;
  cells: RawRow;
  problems: ImportProblem[];
}

export interface ImportPreview {
  /** the file's header row as read */
  headers: string[];
  mapping: ColumnMapping;
  /** true when some header was not recognized or a required column is missing: show the mapping step */
  needsMapping: boolean;
  rows: ReviewRow[];
  /** where the rows came from: a spreadsheet, a PDF's text or a photo through OCR */
  source: 'csv' | 'xlsx' | 'pdf' | 'ocr';
  /** what of a long PDF was left unread (the page says so); absent when the whole file was read */
  cut?: ImportCut;
}

/** The part of a file the import did not read: pages after the first `read`, or lines after the first `read`. */
export type ImportCut = { reason: 'pages'; read: number; total: number } | { reason: 'lines'; read: number };

export interface ImportResult {
  products: number;
  categories: number;
  /** locations the file named that the restaurant did not have, created by the import */
  locations: number;
  /** option groups the import added to the library (the same group already there is reused) */
  optionGroups: number;
}
