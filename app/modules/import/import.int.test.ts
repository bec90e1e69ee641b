import { describe, expect, it } from 'vitest';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { FREE_PRODUCT_LIMIT } from '#app/modules/subscription/subscription.ts';
import { addPlan, insertRestaurant } from '#tests/factories/builders.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { exportMenu, importTemplate, menuRows } from './export.service.server.ts';
import { commitImport, getImportLocations, previewImport, rowsByMapping } from './import.service.server.ts';
import { readCsv, readXlsx } from './import-read.server.ts';
import { mapHeaders } from './import-columns.ts';

let db: TestDb;
let scopes: ActorScopes;
let storage: FileStorage;

test.beforeAll(({ db: fileDb, scopes: fileScopes, storage: fileStorage }) => {
  db = fileDb;
  scopes = fileScopes;
  storage = fileStorage;
});

const csv = (text: string) => ({ bytes: new TextEncoder().encode(text), name: 'meniu.csv' });

async function restaurant(plan: Parameters<typeof insertRestaurant>[2] = {}) {
  const row = await insertRestaurant(db, {}, plan);
  const scope = scopes.owner(row.id);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru' }));
  return { id: row.id, slug: row.slug, scope, locationId };
}


const MENU = [
  'Categorie;Denumire;Denumire (EN);Preț;Cantitate;Alergeni;Poate conține urme;Aditivi;Congelat',
  'Ciorbe;Ciorbă de burtă;Tripe soup;24,50;400 g;lapte, țelină;muștar;;nu',
  'Ciorbe;Ciorbă de perișoare;;22;400;ouă, gluten;;;',
  'Desert;Papanași;;28,00;2 buc;gluten, lactate, ouă;;E330;da',
].join('\n');

async function snapshot(id: string) {
  return {
    restaurant: await db.selectFrom('restaurant').select(['menuVersion', 'productsCount']).where('id', '=', id).executeTakeFirstOrThrow(),
    categories: await db.selectFrom('category').select('id').where('restaurantId', '=', id).execute(),
    products: await db.selectFrom('product').select('id').where('restaurantId', '=', id).execute(),
  };
}

describe(`menu import on ${testDialect}`, () => {
  it('previews a Romanian CSV without saving, then commits every dish in one menu change', async () => {
    const r = await restaurant();
    const before = await snapshot(r.id);
    const preview = await previewImport(r.scope, csv(MENU), { locationId: r.locationId });
    expect(preview.needsMapping).toBe(false);
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows.every((row) => row.problems.length === 0)).toBe(true);
    expect(await snapshot(r.id)).toEqual(before);

    const result = await commitImport(r.scope, storage, { locationId: r.locationId, rows: preview.rows.map((row) => row.cells) });
    expect(result).toEqual({ products: 3, categories: 2, locations: 0 });
    const after = await snapshot(r.id);
    expect(after.restaurant.menuVersion).toBe(before.restaurant.menuVersion + 1);
    expect(after.restaurant.productsCount).toBe(3);
    const soup = await db.selectFrom('product').selectAll().where('restaurantId', '=', r.id).where('nameRo', '=', 'Ciorbă de burtă').executeTakeFirstOrThrow();
    expect(soup).toMatchObject({ nameEn: 'Tripe soup', priceMinor: 2450, weightValue: 400, weightUnit: 'g', allergens: '["milk","celery"]', traces: '["mustard"]', frozen: 0, currency: 'RON' });
    const dessert = await db.selectFrom('product').selectAll().where('restaurantId', '=', r.id).where('nameRo', '=', 'Papanași').executeTakeFirstOrThrow();
    expect(dessert).toMatchObject({ weightValue: 2, weightUnit: 'pcs', additives: '["E330"]', frozen: 1 });
    const audit = await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', r.id).where('action', '=', 'menu.import').execute();
    expect(audit).toHaveLength(1);
  });

  it('marks every kind of problem, and dishes already in the location as duplicates', async () => {
    const r = await restaurant();
    await commitImport(r.scope, storage, { locationId: r.locationId, rows: [{ category: 'Ciorbe', nameRo: 'Ciorbă de burtă', price: '20' }] });
    const text = ['Categorie;Denumire;Preț;Alergeni', ';;10;', 'Supe;Supă;zece;', 'Supe;Salată;12;gluten, unicorn', 'Supe;Salată;12;', 'Ciorbe;ciorbă de BURTĂ;20;'].join('\n');
    const preview = await previewImport(r.scope, csv(text), { locationId: r.locationId });
    expect(preview.rows.map((row) => row.problems.map((p) => p.code))).toEqual([['missingName'], ['badPrice'], ['unknownAllergen'], ['duplicate'], ['duplicate']]);
    expect(preview.rows[2]?.problems[0]?.value).toBe('unicorn');
    expect(preview.rows[3]?.problems[0]?.value).toBe('4');
    expect(preview.rows[4]?.problems[0]?.value).toBe('menu');
  });

  it('saves nothing when any row has a problem (all or nothing)', async () => {
    const r = await restaurant();
    const before = await snapshot(r.id);
    const rows = [{ nameRo: 'Bun', price: '10' }, { nameRo: 'Rău', price: '-5' }];
    expect(await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows }))).toEqual({ code: 'import-has-problems', params: { count: 1 } });
    expect(await snapshot(r.id)).toEqual(before);
  });

  it("respects the free plan's product limit with the numbers, and lets PRO import more", async () => {
    const r = await restaurant();
    const rows = Array.from({ length: FREE_PRODUCT_LIMIT + 1 }, (_, i) => ({ category: 'Toate', nameRo: `Fel ${i}`, price: '10' }));
    const before = await snapshot(r.id);
    expect(await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows }))).toEqual({
      code: 'import-over-limit',
      params: { limit: FREE_PRODUCT_LIMIT, count: FREE_PRODUCT_LIMIT + 1, remaining: FREE_PRODUCT_LIMIT },
    });
    expect(await snapshot(r.id)).toEqual(before);
    await addPlan(db, r.id, { trial: false, manualProUntil: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await commitImport(r.scope, storage, { locationId: r.locationId, rows })).toEqual({ products: FREE_PRODUCT_LIMIT + 1, categories: 1, locations: 0 });
  });

  it('handles 5,000 rows in one commit', async () => {
    const r = await restaurant({ trial: false, manualProUntil: new Date(Date.now() + 86_400_000).toISOString() });
    const lines = ['Categorie;Denumire;Preț;Alergeni', ...Array.from({ length: 5000 }, (_, i) => `Categoria ${i % 20};Preparat ${i};${10 + (i % 50)},50;gluten`)];
    const preview = await previewImport(r.scope, csv(lines.join('\n')), { locationId: r.locationId });
    expect(preview.rows).toHaveLength(5000);
    expect(await commitImport(r.scope, storage, { locationId: r.locationId, rows: preview.rows.map((row) => row.cells) }, { locationsPerRestaurant: 10, categoriesPerLocation: 100, uploadsPerHour: 100, storageBytes: 1e9 })).toEqual({ products: 5000, categories: 20, locations: 0 });
    const count = await db.selectFrom('restaurant').select('productsCount').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(count.productsCount).toBe(5000);
  }, 60_000);

  it('asks for a mapping when headers are unknown, and uses the one the owner chose', async () => {
    const r = await restaurant();
    const text = 'Fel;Cât costă\nSarmale;30\n';
    const first = await previewImport(r.scope, csv(text));
    expect(first.needsMapping).toBe(true);
    expect(first.headers).toEqual(['Fel', 'Cât costă']);
    const mapped = await previewImport(r.scope, csv(text), { mapping: { nameRo: 0, price: 1, category: 99 } });
    expect(mapped.needsMapping).toBe(false);
    expect(mapped.rows[0]).toEqual({ line: 2, cells: { nameRo: 'Sarmale', price: '30' }, problems: [] });
  });

  it('refuses files that are not spreadsheets, by their bytes', async () => {
    const r = await restaurant();
    expect((await refusalOf(previewImport(r.scope, { bytes: new Uint8Array([0, 1, 2, 3]), name: 'meniu.csv' }))).code).toBe('import-unsupported');
    expect((await refusalOf(previewImport(r.scope, { bytes: new Uint8Array(), name: 'a.csv' }))).code).toBe('import-missing');
    expect((await refusalOf(previewImport(r.scope, csv('Denumire;Preț\n')))).code).toBe('import-empty');
    expect((await refusalOf(previewImport(r.scope, { bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]), name: 'a.xlsx' }))).code).toBe('import-unreadable');
  });

  it('exports a menu that imports back into the same menu, in CSV and XLSX', async () => {
    const r = await restaurant();
    await commitImport(r.scope, storage, { locationId: r.locationId, rows: (await previewImport(r.scope, csv(MENU))).rows.map((row) => row.cells) });
    const original = await menuRows(r.scope);
    expect(original).toHaveLength(3);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await exportMenu(r.scope, format, { slug: r.slug });
      const copy = await restaurant();
      const preview = await previewImport(copy.scope, { bytes: file.body, name: file.filename }, { locationId: copy.locationId });
      expect(preview.needsMapping).toBe(false);
      await commitImport(copy.scope, storage, { locationId: copy.locationId, rows: preview.rows.map((row) => row.cells) });
      expect(await menuRows(copy.scope)).toEqual(original);
    }
  });

  it('offers templates the import reads without a mapping step', async () => {
    const csvTemplate = await importTemplate('csv');
    const csvRows = readCsv(new TextDecoder().decode(csvTemplate.body));
    const xlsxRows = await readXlsx((await importTemplate('xlsx')).body);
    for (const rows of [csvRows, xlsxRows]) {
      const [header = [], ...body] = rows;
      const { mapping, needsMapping } = mapHeaders(header);
      expect(needsMapping).toBe(false);
      expect(rowsByMapping(body, mapping).map((row) => row.cells.nameRo)).toEqual(['Ciorbă de burtă', 'Papanași']);
    }
  });

  it('exports the restaurant as JSON with every dish', async () => {
    const r = await restaurant();
    await commitImport(r.scope, storage, { locationId: r.locationId, rows: (await previewImport(r.scope, csv(MENU))).rows.map((row) => row.cells) });
    const file = await exportMenu(r.scope, 'json', { slug: r.slug });
    const json = JSON.parse(new TextDecoder().decode(file.body)) as { restaurant: { slug: string }; locations: unknown[]; products: { nameRo: string; allergens: string[] }[] };
    expect(json.restaurant.slug).toBe(r.slug);
    expect(json.locations).toHaveLength(1);
    expect(json.products.map((p) => p.nameRo).sort()).toEqual(['Ciorbă de burtă', 'Ciorbă de perișoare', 'Papanași']);
    expect(json.products.find((p) => p.nameRo === 'Papanași')?.allergens).toEqual(['gluten', 'milk', 'eggs']);
  });

  it("refuses a second restaurant's owner on every service, and nothing of the first changes", async () => {
    const a = await restaurant();
    const b = await restaurant();
    await commitImport(a.scope, storage, { locationId: a.locationId, rows: [{ nameRo: 'Sarmale', price: '30' }] });
    const before = await snapshot(a.id);
    expect((await refusalOf(previewImport(b.scope, csv(MENU), { locationId: a.locationId }))).code).toBe('not-found');
    expect((await refusalOf(commitImport(b.scope, storage, { locationId: a.locationId, rows: [{ nameRo: 'Intrus', price: '1' }] }))).code).toBe('not-found');
    expect((await refusalOf(menuRows(b.scope, a.locationId))).code).toBe('not-found');
    expect((await getImportLocations(b.scope)).map((l) => l.id)).toEqual([b.locationId]);
    const exported = await exportMenu(b.scope, 'json', { slug: b.slug });
    expect(new TextDecoder().decode(exported.body)).not.toContain('Sarmale');
    expect(await snapshot(a.id)).toEqual(before);
    // a row naming a location goes to that location of the importing restaurant, never another's
    const aCentru = await db.selectFrom('location').select('nameRo').where('id', '=', a.locationId).executeTakeFirstOrThrow();
    await commitImport(b.scope, storage, { locationId: b.locationId, rows: [{ location: aCentru.nameRo, nameRo: 'Sarmale', price: '31' }] });
    expect(await snapshot(a.id)).toEqual(before);
    expect((await menuOf(b.id)).map((l) => l.nameRo)).toEqual(['Centru']);
    expect(await menuRows(a.scope)).toHaveLength(1);
  });
});

/** The whole menu as the export knows it: locations, their categories and dishes in order, every exported field. */
async function menuOf(id: string) {
  const locations = await db.selectFrom('location').select(['id', 'nameRo', 'nameEn']).where('restaurantId', '=', id).orderBy('sortOrder').orderBy('createdAt').execute();
  const categories = await db.selectFrom('category').select(['id', 'locationId', 'nameRo', 'nameEn']).where('restaurantId', '=', id).orderBy('sortOrder').orderBy('createdAt').execute();
  const products = await db
    .selectFrom('product')
    .select(['categoryId', 'nameRo', 'nameEn', 'descriptionRo', 'descriptionEn', 'ingredientsRo', 'ingredientsEn', 'priceMinor', 'currency', 'weightValue', 'weightUnit', 'allergens', 'traces', 'additives', 'frozen'])
    .where('restaurantId', '=', id)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .execute();
  return locations.map((location) => ({
    nameRo: location.nameRo,
    nameEn: location.nameEn,
    categories: categories
      .filter((category) => category.locationId === location.id)
      .map((category) => ({
        nameRo: category.nameRo,
        nameEn: category.nameEn,
        dishes: products.filter((product) => product.categoryId === category.id).map(({ categoryId: _c, ...dish }) => ({ ...dish, frozen: Number(dish.frozen) })),
      })),
  }));
}

describe(`export → import with locations on ${testDialect}`, () => {
  /** Centru and Terasă, both with a "Ciorbe" category holding a dish of the same name, and cells a spreadsheet would take for formulas. */
  async function twoLocations() {
    const r = await restaurant();
    const terrace = await createLocation(r.scope, storage, LocationInput.parse({ nameRo: 'Terasă', nameEn: 'Terrace' }));
    await commitImport(r.scope, storage, {
      locationId: r.locationId,
      rows: [
        { category: 'Ciorbe', categoryEn: 'Soups', nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', descriptionRo: 'Cu smântână; și ardei "iute"', descriptionEn: '=HYPERLINK("http://rău.example")', ingredientsRo: 'burtă, smântână', ingredientsEn: '+ garlic', price: '24,50', quantity: '400', unit: 'g', allergens: 'lapte, țelină', traces: 'muștar', additives: '', frozen: 'nu' },
        { category: 'Desert', nameRo: 'Papanași', price: '28', quantity: '2 buc', allergens: 'gluten, ouă', additives: 'E330, E500', frozen: 'da' },
      ],
    });
    await commitImport(r.scope, storage, {
      locationId: terrace,
      rows: [
        { category: 'Ciorbe', categoryEn: 'Soups (terrace)', nameRo: 'Ciorbă de burtă', price: '26', descriptionRo: '-20% la prânz', nameEn: '@home tripe soup' },
        { category: 'Băuturi', categoryEn: 'Drinks', nameRo: 'Limonadă', price: '15', quantity: '0,5 l' },
      ],
    });
    return { ...r, terrace };
  }

  it('gives the same menu in an empty restaurant (locations, categories per location, dishes, every field), in CSV and XLSX', async () => {
    const source = await twoLocations();
    const original = await menuOf(source.id);
    expect(original.map((l) => [l.nameRo, l.categories.map((c) => c.nameRo)])).toEqual([['Centru', ['Ciorbe', 'Desert']], ['Terasă', ['Ciorbe', 'Băuturi']]]);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await exportMenu(source.scope, format, { slug: source.slug });
      // a new restaurant: the page asks for one location before importing (here named as the first one)
      const copy = await restaurant();
      const preview = await previewImport(copy.scope, { bytes: file.body, name: file.filename }, { locationId: copy.locationId });
      expect(preview.needsMapping).toBe(false);
      expect(preview.rows.map((row) => row.problems)).toEqual([[], [], [], []]);
      expect(preview.rows.map((row) => row.cells.location)).toEqual(['Centru', 'Centru', 'Terasă', 'Terasă']);
      const result = await commitImport(copy.scope, storage, { locationId: copy.locationId, rows: preview.rows.map((row) => row.cells) });
      expect(result).toEqual({ products: 4, categories: 4, locations: 1 });
      expect(await menuOf(copy.id)).toEqual(original);
      expect(await menuRows(copy.scope)).toEqual(await menuRows(source.scope));
    }
  });

  it('marks dishes as duplicates per location: importing the export again repeats every dish, a file without the column only the chosen location', async () => {
    const source = await twoLocations();
    const file = await exportMenu(source.scope, 'csv', { slug: source.slug });
    const again = await previewImport(source.scope, { bytes: file.body, name: file.filename }, { locationId: source.locationId });
    expect(again.rows.map((row) => row.problems.map((p) => `${p.code}:${p.value}`))).toEqual([['duplicate:menu'], ['duplicate:menu'], ['duplicate:menu'], ['duplicate:menu']]);
    expect((await refusalOf(commitImport(source.scope, storage, { locationId: source.locationId, rows: again.rows.map((row) => row.cells) }))).code).toBe('import-has-problems');
    // the same dish of the same category, once per location, in one file: no duplicate
    const text = ['Locație;Categorie;Denumire;Preț', 'Centru;Supe;Supă nouă;10', 'Terasă;Supe;Supă nouă;11', 'terasa;SUPE;supă NOUĂ;12'].join('\n');
    const twice = await previewImport(source.scope, csv(text), { locationId: source.locationId });
    expect(twice.rows.map((row) => row.problems.map((p) => `${p.code}:${p.value}`))).toEqual([[], [], ['duplicate:3']]);
    // without the column, rows are checked against the chosen location only: Papanași is in Centru, Limonadă on the terrace
    const plain = csv(['Categorie;Denumire;Preț', 'Băuturi;Limonadă;15', 'Desert;Papanași;28'].join('\n'));
    expect((await previewImport(source.scope, plain, { locationId: source.locationId })).rows.map((row) => row.problems.length)).toEqual([0, 1]);
    expect((await previewImport(source.scope, plain, { locationId: source.terrace })).rows.map((row) => row.problems.length)).toEqual([1, 0]);
  });

  it('imports a file without the location column into the chosen location, and rows without a location there too', async () => {
    const source = await twoLocations();
    const before = await menuOf(source.id);
    const plain = csv(['Categorie;Denumire;Preț', 'Ciorbe;Ciorbă de perișoare;22', 'Desert;Papanași;28'].join('\n'));
    const preview = await previewImport(source.scope, plain, { locationId: source.terrace });
    expect(preview.rows.map((row) => row.problems)).toEqual([[], []]);
    const result = await commitImport(source.scope, storage, { locationId: source.terrace, rows: preview.rows.map((row) => row.cells) });
    expect(result).toEqual({ products: 2, categories: 1, locations: 0 });
    const after = await menuOf(source.id);
    expect(after[0]).toEqual(before[0]);
    expect(after).toHaveLength(2);
    expect(after[1]?.categories.map((c) => [c.nameRo, c.dishes.map((d) => d.nameRo)])).toEqual([
      ['Ciorbe', ['Ciorbă de burtă', 'Ciorbă de perișoare']],
      ['Băuturi', ['Limonadă']],
      ['Desert', ['Papanași']],
    ]);
    // mixed: a row naming Centru goes there, an empty location cell to the chosen one
    await commitImport(source.scope, storage, { locationId: source.terrace, rows: [{ location: ' CENTRU ', category: 'Desert', nameRo: 'Clătite', price: '20' }, { location: '', category: 'Desert', nameRo: 'Gogoși', price: '18' }] });
    const mixed = await menuOf(source.id);
    expect(mixed[0]?.categories.find((c) => c.nameRo === 'Desert')?.dishes.map((d) => d.nameRo)).toEqual(['Papanași', 'Clătite']);
    expect(mixed[1]?.categories.find((c) => c.nameRo === 'Desert')?.dishes.map((d) => d.nameRo)).toEqual(['Papanași', 'Gogoși']);
  });

  it('creates the locations a file names within the quota, else refuses everything with the clear message', async () => {
    const r = await restaurant();
    const rows = [{ location: 'Mall', nameRo: 'A', price: '1' }, { location: 'Gară', nameRo: 'B', price: '1' }, { location: 'mall', nameRo: 'C', price: '1' }];
    const before = await snapshot(r.id);
    const quotas = { locationsPerRestaurant: 2, categoriesPerLocation: 10, uploadsPerHour: 10, storageBytes: 1e9 };
    expect(await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows }, quotas))).toEqual({ code: 'location-limit-reached', params: { limit: 2 } });
    expect(await snapshot(r.id)).toEqual(before);
    expect(await db.selectFrom('location').select('id').where('restaurantId', '=', r.id).execute()).toHaveLength(1);
    // the category quota holds per location, for created locations too
    const tooManyCategories = [{ location: 'Mall', category: 'X', nameRo: 'A', price: '1' }, { location: 'Mall', category: 'Y', nameRo: 'B', price: '1' }];
    expect(await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows: tooManyCategories }, { ...quotas, locationsPerRestaurant: 5, categoriesPerLocation: 1 }))).toEqual({ code: 'category-limit-reached', params: { limit: 1 } });
    expect(await snapshot(r.id)).toEqual(before);
    expect(await commitImport(r.scope, storage, { locationId: r.locationId, rows }, { ...quotas, locationsPerRestaurant: 3 })).toEqual({ products: 3, categories: 2, locations: 2 });
    expect((await menuOf(r.id)).map((l) => [l.nameRo, l.categories.flatMap((c) => c.dishes.map((d) => d.nameRo))])).toEqual([['Centru', []], ['Mall', ['A', 'C']], ['Gară', ['B']]]);
  });

  it('guards CSV cells against formulas with an apostrophe, which the import strips again', async () => {
    const source = await twoLocations();
    const text = new TextDecoder().decode((await exportMenu(source.scope, 'csv', { slug: source.slug })).body);
    expect(text).toContain(`;"'=HYPERLINK(""http://rău.example"")";`);
    expect(text).toContain(";'+ garlic;");
    expect(text).toContain(";'-20% la prânz;");
    expect(text).toContain(";'@home tripe soup;");
    for (const line of text.split('\r\n')) for (const cell of line.split(';')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    // an owner's own apostrophe before ordinary text stays
    const own = await previewImport(source.scope, csv("Denumire;Preț;Descriere\nSupă;10;'Tis the season\nCiorbă;10;'=1+1\n"));
    expect(own.rows.map((row) => row.cells.descriptionRo)).toEqual(["'Tis the season", '=1+1']);
  });
});
