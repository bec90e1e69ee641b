import { ALLERGEN_KEYS, type AllergenKey } from '#app/modules/product/allergens.ts';
import { headerKey } from './import-columns.ts';
import { IMPORT_FIELDS, type ImportProblem, type RawRow, type ReviewRow } from './import.types.ts';
import { parseOptionsCell, type ImportedOptionGroup } from './option-cell.ts';

/** A dish as the import will save it, from one reviewed row without problems. */
export interface ImportedDish {
  /** the location the row names (null: the location chosen on the page) */
  location: string | null;
  locationEn: string | null;
  category: string;
  categoryEn: string | null;
  nameRo: string;
  nameEn: string | null;
  descriptionRo: string | null;
  descriptionEn: string | null;
  ingredientsRo: string | null;
  ingredientsEn: string | null;
  priceMinor: number;
  weightValue: number | null;
  weightUnit: 'g' | 'ml' | 'pcs';
  allergens: AllergenKey[];
  traces: AllergenKey[];
  additives: string[];
  frozen: boolean;
  /** its option groups, in the cell's order (the "Opțiuni" column) */
  options: ImportedOptionGroup[];
}

/** The category a row without one lands in. */
export const DEFAULT_CATEGORY = 'Importate';

const ALLERGEN_NAMES: Record<AllergenKey, readonly string[]> = {
  gluten: ['gluten', 'grâu', 'cereale cu gluten', 'wheat', 'cereals containing gluten'],
  milk: ['lactate', 'lapte', 'lactoză', 'milk', 'dairy', 'lactose'],
  eggs: ['ouă', 'ou', 'eggs', 'egg'],
  fish: ['pește', 'fish'],
  nuts: ['nuci', 'fructe cu coajă', 'fructe cu coajă lemnoasă', 'nuts', 'tree nuts'],
  peanuts: ['arahide', 'alune de pământ', 'peanuts', 'peanut'],
  soy: ['soia', 'soy', 'soya'],
  crustaceans: ['crustacee', 'crustaceans', 'shellfish'],
  molluscs: ['moluște', 'molluscs', 'mollusks'],
  celery: ['țelină', 'celery'],
  mustard: ['muștar', 'mustard'],
  sesame: ['susan', 'semințe de susan', 'sesame', 'sesame seeds'],
  sulphites: ['sulfiți', 'dioxid de sulf', 'sulphites', 'sulfites', 'sulphur dioxide', 'sulfur dioxide'],
  lupin: ['lupin', 'lupine'],
};

const ALLERGEN_BY_NAME = new Map<string, AllergenKey>();
ALLERGEN_KEYS.forEach((key, index) => {
  ALLERGEN_BY_NAME.set(key, key);
  // the printed menu's legend numbers them 1–14 in this order
  ALLERGEN_BY_NAME.set(String(index + 1), key);
  for (const name of ALLERGEN_NAMES[key]) ALLERGEN_BY_NAME.set(headerKey(name), key);
});

const FALSE_WORDS = new Set(['', '0', 'nu', 'no', 'false', 'fals', '-']);

function text(value: string | undefined): string | null {
  const trimmed = (value ?? '').replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed;
}

/** '24,50', '24.50 lei', '24 RON' → 2450 bani; null when it is not a price. */
export function parsePrice(value: string | undefined): number | null {
  const cleaned = (value ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\b(lei|ron|leu)\b\.?/gi, '')
    .replace(/\s+/g, '')
    .trim();
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A price in minor units as the export writes it: '24,50' (the Romanian decimal comma). */
export function formatPrice(minor: number): string {
  return `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
}

const UNIT_WORDS: Record<string, { unit: 'g' | 'ml' | 'pcs'; factor: number }> = {
  g: { unit: 'g', factor: 1 },
  gr: { unit: 'g', factor: 1 },
  grame: { unit: 'g', factor: 1 },
  kg: { unit: 'g', factor: 1000 },
  ml: { unit: 'ml', factor: 1 },
  l: { unit: 'ml', factor: 1000 },
  cl: { unit: 'ml', factor: 10 },
  buc: { unit: 'pcs', factor: 1 },
  'buc.': { unit: 'pcs', factor: 1 },
  bucati: { unit: 'pcs', factor: 1 },
  pcs: { unit: 'pcs', factor: 1 },
  pc: { unit: 'pcs', factor: 1 },
  pieces: { unit: 'pcs', factor: 1 },
};

/** '350 g', '0,5 l', '2 buc' (or a bare number with the unit in its own column). */
export function parseQuantity(quantity: string | undefined, unitCell: string | undefined): { value: number | null; unit: 'g' | 'ml' | 'pcs' } | 'bad' {
  const raw = headerKey(quantity ?? '');
  const unitWord = headerKey(unitCell ?? '');
  const defaultUnit = UNIT_WORDS[unitWord] ?? (unitWord === '' ? UNIT_WORDS.g : undefined);
  if (!defaultUnit) return 'bad';
  if (raw === '') return { value: null, unit: defaultUnit.unit };
  const match = /^(\d{1,6})(?:[.,](\d{1,3}))?\s*([a-z.]*)$/.exec(raw);
  if (!match) return 'bad';
  const [, whole = '0', fraction = '', word = ''] = match;
  const unit = word === '' ? defaultUnit : UNIT_WORDS[word];
  if (!unit) return 'bad';
  const value = Math.round(Number(`${whole}.${fraction || '0'}`) * unit.factor);
  if (!Number.isInteger(value) || value > 100_000 || (fraction !== '' && unit.factor === 1)) return 'bad';
  return { value, unit: unit.unit };
}

function allergenList(value: string | undefined, field: 'allergens' | 'traces' | 'options', problems: ImportProblem[]): AllergenKey[] {
  const found = new Set<AllergenKey>();
  for (const part of (value ?? '').split(/[,;/|\n]+/)) {
    const name = headerKey(part);
    if (name === '') continue;
    const key = ALLERGEN_BY_NAME.get(name);
    if (key) found.add(key);
    else problems.push({ code: 'unknownAllergen', field, value: part.trim() });
  }
  return ALLERGEN_KEYS.filter((key) => found.has(key));
}

function additiveList(value: string | undefined, problems: ImportProblem[]): string[] {
  const codes = (value ?? '')
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  for (const code of codes) if (!/^E\d{3,4}[A-Z]?$/.test(code)) problems.push({ code: 'badAdditive', field: 'additives', value: code });
  return [...new Set(codes)];
}

const MAX_LENGTH = {
  location: 80,
  locationEn: 80,
  category: 120,
  categoryEn: 120,
  nameRo: 120,
  nameEn: 120,
  descriptionRo: 1000,
  descriptionEn: 1000,
  ingredientsRo: 2000,
  ingredientsEn: 2000,
} as const;

/** One row's dish, or its problems (every problem at once, never only the first). */
export function normaliseRow(cells: RawRow): { dish: ImportedDish | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  for (const [field, max] of Object.entries(MAX_LENGTH) as [keyof typeof MAX_LENGTH, number][]) {
    if ((text(cells[field])?.length ?? 0) > max) problems.push({ code: 'tooLong', field });
  }
  const nameRo = text(cells.nameRo);
  if (!nameRo) problems.push({ code: 'missingName', field: 'nameRo' });
  const priceMinor = parsePrice(cells.price);
  if (priceMinor === null) problems.push({ code: 'badPrice', field: 'price', value: cells.price?.trim() ?? '' });
  const quantity = parseQuantity(cells.quantity, cells.unit);
  if (quantity === 'bad') problems.push({ code: 'badQuantity', field: 'quantity', value: [cells.quantity, cells.unit].filter(Boolean).join(' ') });
  const allergens = allergenList(cells.allergens, 'allergens', problems);
  const traces = allergenList(cells.traces, 'traces', problems);
  const additives = additiveList(cells.additives, problems);
  const { groups: options, problems: optionProblems } = parseOptionsCell(cells.options, cells.optionsEn, (value, found) => allergenList(value, 'options', found));
  problems.push(...optionProblems);
  if (problems.length > 0 || !nameRo || priceMinor === null || quantity === 'bad') return { dish: null, problems };
  return {
    dish: {
      location: text(cells.location),
      locationEn: text(cells.locationEn),
      category: text(cells.category) ?? DEFAULT_CATEGORY,
      categoryEn: text(cells.categoryEn),
      nameRo,
      nameEn: text(cells.nameEn),
      descriptionRo: text(cells.descriptionRo),
      descriptionEn: text(cells.descriptionEn),
      ingredientsRo: text(cells.ingredientsRo),
      ingredientsEn: text(cells.ingredientsEn),
      priceMinor,
      weightValue: quantity.value,
      weightUnit: quantity.unit,
      allergens,
      traces,
      additives,
      frozen: !FALSE_WORDS.has(headerKey(cells.frozen ?? '')),
      options,
    },
    problems,
  };
}

/**
 * The key two rows are duplicates by: the same dish name in the same category of the same location,
 * loosely compared (the same category name in two locations is two categories).
 */
export function dishKey(location: string | undefined, category: string | undefined, name: string | undefined): string {
  return `${headerKey(location ?? '')}\u0000${headerKey(category || DEFAULT_CATEGORY)}\u0000${headerKey(name ?? '')}`;
}

/**
 * Every row with its problems, duplicates included: a row repeating an earlier row's dish (or a
 * dish already in the menu, `existing`, keyed by dishKey) is marked, with the line it repeats. A row
 * without a location belongs to `defaultLocation`, the name of the location chosen on the page.
 */
export function reviewRows(rows: readonly { line: number; cells: RawRow }[], existing: ReadonlySet<string> = new Set(), defaultLocation = ''): ReviewRow[] {
  const firstLine = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    const { problems } = normaliseRow(cells);
    if (text(cells.nameRo)) {
      const key = dishKey(text(cells.location) ?? defaultLocation, text(cells.category) ?? undefined, text(cells.nameRo) ?? undefined);
      const earlier = firstLine.get(key);
      if (earlier !== undefined) problems.push({ code: 'duplicate', field: 'nameRo', value: String(earlier) });
      else if (existing.has(key)) problems.push({ code: 'duplicate', field: 'nameRo', value: 'menu' });
      else firstLine.set(key, line);
    }
    return { line, cells, problems };
  });
}

/** A row as the browser (or a stored draft) sends it back: only known fields, as text. */
export function cleanRow(value: unknown): RawRow {
  const cells: RawRow = {};
  if (!value || typeof value !== 'object') return cells;
  for (const field of IMPORT_FIELDS) {
    const cell = (value as Record<string, unknown>)[field];
    if (typeof cell === 'string') cells[field] = cell.slice(0, 4000);
    else if (typeof cell === 'number' && Number.isFinite(cell)) cells[field] = String(cell);
  }
  return cells;
}
