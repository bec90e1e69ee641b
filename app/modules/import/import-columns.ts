import { IMPORT_FIELDS, type ColumnMapping, type ImportField } from './import.types.ts';

/** Header names the import recognizes for each field, Romanian and English, compared loosely (see headerKey). */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  location: ['locație', 'locația', 'location'],
  locationEn: ['locație (en)', 'locație en', 'locația (en)', 'location (en)', 'location en', 'location english'],
  category: ['categorie', 'categoria', 'category', 'secțiune', 'section'],
  categoryEn: ['categorie (en)', 'categorie en', 'category (en)', 'category en', 'category english'],
  nameRo: ['denumire', 'nume', 'preparat', 'produs', 'denumire (ro)', 'name', 'name (ro)', 'dish', 'product', 'item'],
  nameEn: ['denumire (en)', 'denumire en', 'nume (en)', 'name (en)', 'name en', 'english name'],
  descriptionRo: ['descriere', 'descriere (ro)', 'description', 'description (ro)'],
  descriptionEn: ['descriere (en)', 'descriere en', 'description (en)', 'description en'],
  ingredientsRo: ['ingrediente', 'ingrediente (ro)', 'ingredients', 'ingredients (ro)'],
  ingredientsEn: ['ingrediente (en)', 'ingrediente en', 'ingredients (en)', 'ingredients en'],
  price: ['preț', 'pret', 'preț (lei)', 'pret (lei)', 'preț lei', 'price', 'price (ron)', 'cost'],
  quantity: ['cantitate', 'gramaj', 'gramaj (g)', 'greutate', 'quantity', 'weight', 'portion', 'porție'],
  unit: ['unitate', 'um', 'u.m.', 'unit'],
  allergens: ['alergeni', 'allergens'],
  traces: ['poate conține urme', 'poate contine urme', 'urme', 'urme de', 'may contain', 'may contain traces', 'traces'],
  additives: ['aditivi', 'e-uri', 'additives', 'e numbers', 'e-numbers'],
  frozen: ['congelat', 'produs congelat', 'frozen'],
  options: ['opțiuni', 'optiuni', 'opțiuni (ro)', 'variante', 'options', 'options (ro)', 'modifiers'],
  optionsEn: ['opțiuni (en)', 'opțiuni en', 'options (en)', 'options en', 'modifiers (en)'],
};

/** Lower case, no diacritics, single spaces: 'Preț ' and 'pret' are the same header. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const FIELD_BY_HEADER = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) for (const name of HEADER_NAMES[field]) FIELD_BY_HEADER.set(headerKey(name), field);

/** The Romanian header the template and the export write for each field (the import reads it back). */
export const TEMPLATE_HEADERS: Record<ImportField, string> = {
  location: 'Locație',
  locationEn: 'Locație (EN)',
  category: 'Categorie',
  categoryEn: 'Categorie (EN)',
  nameRo: 'Denumire',
  nameEn: 'Denumire (EN)',
  descriptionRo: 'Descriere',
  descriptionEn: 'Descriere (EN)',
  ingredientsRo: 'Ingrediente',
  ingredientsEn: 'Ingrediente (EN)',
  price: 'Preț',
  quantity: 'Cantitate',
  unit: 'Unitate',
  allergens: 'Alergeni',
  traces: 'Poate conține urme',
  additives: 'Aditivi',
  frozen: 'Congelat',
  options: 'Opțiuni',
  optionsEn: 'Opțiuni (EN)',
};

export function fieldOfHeader(header: string): ImportField | undefined {
  return FIELD_BY_HEADER.get(headerKey(header));
}

/**
 * Maps the file's headers to fields by name. `needsMapping` when the dish name or the price has no
 * column, or a non-empty header was not recognized: the owner then checks the mapping.
 */
export function mapHeaders(headers: readonly string[]): { mapping: ColumnMapping; needsMapping: boolean } {
  const mapping: ColumnMapping = {};
  let unknown = false;
  headers.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
    else if (header.trim() !== '') unknown = true;
  });
  const needsMapping = unknown || mapping.nameRo === undefined || mapping.price === undefined;
  return { mapping, needsMapping };
}

/** Keeps only fields and column indexes that exist (a mapping sent by a browser is never trusted). */
export function cleanMapping(value: unknown, columns: number): ColumnMapping {
  const mapping: ColumnMapping = {};
  if (!value || typeof value !== 'object') return mapping;
  for (const field of IMPORT_FIELDS) {
    const index = (value as Record<string, unknown>)[field];
    if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < columns) mapping[field] = index;
  }
  return mapping;
}
