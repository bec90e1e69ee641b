import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { parseCategorySchedule } from '#app/modules/category/category-schedule.ts';
import { parseOpeningExceptions } from '#app/modules/restaurant/opening-exceptions.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publicImageUrl } from '#app/modules/image/storage.server.ts';
import { listDishOptionGroups } from '#app/modules/options/options.repo.server.ts';
import type { DishOptionGroup } from '#app/modules/options/options.types.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { TEMPLATE_HEADERS } from './import-columns.ts';
import { FORMULA_START } from '#app/modules/text/spreadsheet-cell.ts';
import { formatPrice } from './import-rows.ts';
import { formatOptionsCell } from './option-cell.ts';
import { findRestaurantForExport, readMenuForExport } from './import.repo.server.ts';
import { IMPORT_FIELDS, type ImportField } from './import.types.ts';
import { writeXlsx } from './xlsx-write.server.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'json';
export const isExportFormat = (value: string | undefined): value is ExportFormat => value === 'csv' || value === 'xlsx' || value === 'json';

export interface DownloadFile {
  body: Uint8Array;
  contentType: string;
  filename: string;
}

const UNIT_TEXT = { g: 'g', ml: 'ml', pcs: 'buc' } as const;

function parseList(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A CSV as Romanian Excel opens it directly: UTF-8 with a byte order mark, `;` between cells, CRLF;
 * cells that would start a formula are prefixed with an apostrophe (FORMULA_START).
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): Uint8Array {
  const cell = (value: string | number | null) => {
    const plain = value === null ? '' : String(value);
    const text = typeof value === 'string' && FORMULA_START.test(plain) ? `'${plain}` : plain;
    return /[;"\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return new TextEncoder().encode(`\ufeff${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`);
}

const header = IMPORT_FIELDS.map((field) => TEMPLATE_HEADERS[field]);

/** Example rows of the template: what each column takes. */
const TEMPLATE_EXAMPLES: Record<ImportField, string>[] = [
  {
    location: '',
    locationEn: '',
    category: 'Ciorbe',
    categoryEn: 'Soups',
    nameRo: 'Ciorbă de burtă',
    nameEn: 'Tripe soup',
    descriptionRo: 'Cu smântână și ardei iute',
    descriptionEn: 'With sour cream and hot pepper',
    ingredientsRo: 'burtă de vită, smântână, usturoi',
    ingredientsEn: 'beef tripe, sour cream, garlic',
    price: '24,50',
    quantity: '400',
    unit: 'g',
    allergens: 'lactate, țelină',
    traces: 'muștar',
    additives: '',
    frozen: 'nu',
    options: 'Porție (1) =: Normală 24,50 | Mare 32',
    optionsEn: 'Portion (1) =: Regular 24,50 | Large 32',
  },
  {
    location: '',
    locationEn: '',
    category: 'Desert',
    categoryEn: 'Dessert',
    nameRo: 'Papanași',
    nameEn: 'Papanași',
    descriptionRo: 'Cu dulceață de afine',
    descriptionEn: 'With blueberry jam',
    ingredientsRo: 'brânză, ouă, făină',
    ingredientsEn: 'cheese, eggs, flour',
    price: '28',
    quantity: '2',
    unit: 'buc',
    allergens: 'gluten, lactate, ouă',
    traces: '',
    additives: 'E330',
    frozen: 'da',
    options: 'Topping (0-2): Smântână +0 [lactate] | Frișcă +3 [lactate] | Ciocolată +4 [lactate, soia] [urme: nuci]',
    optionsEn: 'Topping (0-2): Sour cream +0 | Whipped cream +3 | Chocolate +4',
  },
];

/** The import's template, in CSV or XLSX: the header the import reads and two example dishes. */
export async function importTemplate(format: 'csv' | 'xlsx'): Promise<DownloadFile> {
  const rows = [header, ...TEMPLATE_EXAMPLES.map((example) => IMPORT_FIELDS.map((field) => example[field]))];
  return format === 'csv'
    ? { body: toCsv(rows), contentType: 'text/csv; charset=utf-8', filename: 'bucate-model-import.csv' }
    : { body: await writeXlsx('Meniu', rows), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: 'bucate-model-import.xlsx' };
}

/** A dish's groups as the options cells write them: the options guests can see, hidden ones left out. */
function optionCells(groups: readonly DishOptionGroup[] | undefined): { ro: string; en: string } {
  return formatOptionsCell((groups ?? []).map((group) => ({ ...group, options: group.options.filter((option) => option.visible) })).filter((group) => group.options.length > 0));
}

/**
 * The menu's dishes (one location's, or every location's) as rows the import reads back into the
 * same menu, each naming its location and carrying its option groups in order.
 */
export async function menuRows(scope: RestaurantScope, locationId?: string): Promise<string[][]> {
  authorize(scope, 'menu.import');
  const menu = await readMenuForExport(scope.db, scope.restaurantId);
  const groups = await listDishOptionGroups(
    scope.db,
    scope.restaurantId,
    menu.products.map((product) => product.id),
    Date.now(),
  );
  const locations = locationId ? menu.locations.filter((location) => location.id === locationId) : menu.locations;
  if (locationId && locations.length === 0) throw new AppError('not-found');
  const rows: string[][] = [];
  for (const location of locations) {
    for (const category of menu.categories.filter((c) => c.locationId === location.id)) {
      for (const product of menu.products.filter((p) => p.categoryId === category.id)) {
        const options = optionCells(groups.get(product.id));
        const cells: Record<ImportField, string> = {
          location: location.nameRo,
          locationEn: location.nameEn ?? '',
          category: category.nameRo,
          categoryEn: category.nameEn ?? '',
          nameRo: product.nameRo,
          nameEn: product.nameEn ?? '',
          descriptionRo: product.descriptionRo ?? '',
          descriptionEn: product.descriptionEn ?? '',
          ingredientsRo: product.ingredientsRo ?? '',
          ingredientsEn: product.ingredientsEn ?? '',
          price: formatPrice(product.priceMinor),
          quantity: product.weightValue === null ? '' : String(product.weightValue),
          unit: UNIT_TEXT[product.weightUnit ?? 'g'],
          allergens: parseAllergenList(product.allergens).join(', '),
          traces: parseAllergenList(product.traces).join(', '),
          additives: parseList(product.additives).join(', '),
          frozen: product.frozen ? 'da' : 'nu',
          options: options.ro,
          optionsEn: options.en,
        };
        rows.push(IMPORT_FIELDS.map((field) => cells[field]));
      }
    }
  }
  return rows;
}

/**
 * The menu as a spreadsheet the import reads back (export → import gives the same dishes), or the
 * whole restaurant as JSON for the owner to keep (settings, locations, categories, dishes).
 */
export async function exportMenu(scope: RestaurantScope, format: ExportFormat, options: { locationId?: string; slug: string }): Promise<DownloadFile> {
  authorize(scope, 'menu.import');
  const date = new Date().toISOString().slice(0, 10);
  if (format === 'json') {
    const restaurant = await findRestaurantForExport(scope.db, scope.restaurantId);
    if (!restaurant) throw new AppError('not-found');
    const menu = await readMenuForExport(scope.db, scope.restaurantId);
    const groups = await listDishOptionGroups(
      scope.db,
      scope.restaurantId,
      menu.products.map((product) => product.id),
      Date.now(),
    );
    const body = {
      format: 'bucate-restaurant',
      version: 1,
      exportedAt: new Date().toISOString(),
      restaurant: {
        ...restaurant,
        logoKey: undefined,
        coverImageKey: undefined,
        logoUrl: publicImageUrl(restaurant.logoKey),
        coverImageUrl: publicImageUrl(restaurant.coverImageKey),
        openingHours: restaurant.openingHours ? (JSON.parse(restaurant.openingHours) as unknown) : null,
        // closed days and special hours (decision 0022); the CSV/XLSX rows are dishes and do not carry them
        openingExceptions: parseOpeningExceptions(restaurant.openingExceptions),
      },
      locations: menu.locations.map(({ restaurantId: _r, ...location }) => location),
      categories: menu.categories.map(({ restaurantId: _r, imageKey, schedule, ...category }) => ({
        ...category,
        imageUrl: publicImageUrl(imageKey),
        schedule: parseCategorySchedule(schedule),
      })),
      products: menu.products.map(({ restaurantId: _r, imageKey, imageId: _i, allergens, traces, additives, ...product }) => ({
        ...product,
        imageUrl: publicImageUrl(imageKey),
        allergens: parseAllergenList(allergens),
        traces: parseAllergenList(traces),
        additives: parseList(additives),
        // its option groups in order, every option with its flags and its content languages' names (issue 35)
        optionGroups: (groups.get(product.id) ?? []).map(({ translations, options, ...group }) => ({
          ...group,
          translations: JSON.parse(translations) as unknown,
          options: options.map(({ groupId: _g, translations: names, ...option }) => ({ ...option, translations: JSON.parse(names) as unknown })),
        })),
      })),
    };
    return { body: new TextEncoder().encode(JSON.stringify(body, null, 2)), contentType: 'application/json; charset=utf-8', filename: `${options.slug}-${date}.json` };
  }
  const rows = [header, ...(await menuRows(scope, options.locationId))];
  return format === 'csv'
    ? { body: toCsv(rows), contentType: 'text/csv; charset=utf-8', filename: `${options.slug}-meniu-${date}.csv` }
    : { body: await writeXlsx('Meniu', rows), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: `${options.slug}-meniu-${date}.xlsx` };
}
