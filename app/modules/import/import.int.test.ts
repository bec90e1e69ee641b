import { describe, expect, it } from 'vitest';
import { FREE_PRODUCT_LIMIT } from '#app/modules/subscription/subscription.ts';
import { addPlan } from '#tests/factories/builders.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { exportMenu, importTemplate, menuRows } from './export.service.server.ts';
import { commitImport, getImportLocations, previewImport, rowsByMapping } from './import.service.server.ts';
import { readCsv, readXlsx } from './import-read.server.ts';
import { mapHeaders } from './import-columns.ts';
import { csv, db, MENU, menuOf, restaurant, snapshot, storage, useFileWorld } from '#tests/support/menu-import-harness.ts';

useFileWorld();

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
    expect(result).toEqual({ products: 3, categories: 2, locations: 0, optionGroups: 0 });
    const after = await snapshot(r.id);
    expect(after.restaurant.menuVersion).toBe(before.restaurant.menuVersion + 1);
    expect(after.restaurant.productsCount).toBe(3);
    const soup = await db.selectFrom('product').selectAll().where('restaurantId', '=', r.id).where('nameRo', '=', 'Ciorbă de burtă').executeTakeFirstOrThrow();
    expect(soup).toMatchObject({
      nameEn: 'Tripe soup',
      priceMinor: 2450,
      weightValue: 400,
      weightUnit: 'g',
      allergens: '["milk","celery"]',
      traces: '["mustard"]',
      frozen: 0,
      currency: 'RON',
    });
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
    const rows = [
      { nameRo: 'Bun', price: '10' },
      { nameRo: 'Rău', price: '-5' },
    ];
    expect(await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows }))).toEqual({ code: 'import-has-problems', params: { count: 1, line: 2 } });
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
    expect(await commitImport(r.scope, storage, { locationId: r.locationId, rows })).toEqual({ products: FREE_PRODUCT_LIMIT + 1, categories: 1, locations: 0, optionGroups: 0 });
  });

  it('handles 5,000 rows in one commit', async () => {
    const r = await restaurant({ trial: false, manualProUntil: new Date(Date.now() + 86_400_000).toISOString() });
    const lines = ['Categorie;Denumire;Preț;Alergeni', ...Array.from({ length: 5000 }, (_, i) => `Categoria ${i % 20};Preparat ${i};${10 + (i % 50)},50;gluten`)];
    const preview = await previewImport(r.scope, csv(lines.join('\n')), { locationId: r.locationId });
    expect(preview.rows).toHaveLength(5000);
    expect(
      await commitImport(
        r.scope,
        storage,
        { locationId: r.locationId, rows: preview.rows.map((row) => row.cells) },
        { locationsPerRestaurant: 10, categoriesPerLocation: 100, uploadsPerHour: 100, storageBytes: 1e9 },
      ),
    ).toEqual({ products: 5000, categories: 20, locations: 0, optionGroups: 0 });
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
