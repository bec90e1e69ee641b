import { describe, expect, it } from 'vitest';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { exportMenu, menuRows } from './export.service.server.ts';
import { commitImport, previewImport } from './import.service.server.ts';
import { csv, db, menuOf, restaurant, snapshot, storage, useFileWorld } from '#tests/support/menu-import-harness.ts';

useFileWorld();

describe(`export → import with locations on ${testDialect}`, () => {
  /** Centru and Terasă, both with a "Ciorbe" category holding a dish of the same name, and cells a spreadsheet would take for formulas. */
  async function twoLocations() {
    const r = await restaurant();
    const terrace = await createLocation(r.scope, storage, LocationInput.parse({ nameRo: 'Terasă', nameEn: 'Terrace' }));
    await commitImport(r.scope, storage, {
      locationId: r.locationId,
      rows: [
        {
          category: 'Ciorbe',
          categoryEn: 'Soups',
          nameRo: 'Ciorbă de burtă',
          nameEn: 'Tripe soup',
          descriptionRo: 'Cu smântână; și ardei "iute"',
          descriptionEn: '=HYPERLINK("http://rău.example")',
          ingredientsRo: 'burtă, smântână',
          ingredientsEn: '+ garlic',
          price: '24,50',
          quantity: '400',
          unit: 'g',
          allergens: 'lapte, țelină',
          traces: 'muștar',
          additives: '',
          frozen: 'nu',
        },
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
    expect(original.map((l) => [l.nameRo, l.categories.map((c) => c.nameRo)])).toEqual([
      ['Centru', ['Ciorbe', 'Desert']],
      ['Terasă', ['Ciorbe', 'Băuturi']],
    ]);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await exportMenu(source.scope, format, { slug: source.slug });
      // a new restaurant: the page asks for one location before importing (here named as the first one)
      const copy = await restaurant();
      const preview = await previewImport(copy.scope, { bytes: file.body, name: file.filename }, { locationId: copy.locationId });
      expect(preview.needsMapping).toBe(false);
      expect(preview.rows.map((row) => row.problems)).toEqual([[], [], [], []]);
      expect(preview.rows.map((row) => row.cells.location)).toEqual(['Centru', 'Centru', 'Terasă', 'Terasă']);
      const result = await commitImport(copy.scope, storage, { locationId: copy.locationId, rows: preview.rows.map((row) => row.cells) });
      expect(result).toEqual({ products: 4, categories: 4, locations: 1, optionGroups: 0 });
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
    expect(result).toEqual({ products: 2, categories: 1, locations: 0, optionGroups: 0 });
    const after = await menuOf(source.id);
    expect(after[0]).toEqual(before[0]);
    expect(after).toHaveLength(2);
    expect(after[1]?.categories.map((c) => [c.nameRo, c.dishes.map((d) => d.nameRo)])).toEqual([
      ['Ciorbe', ['Ciorbă de burtă', 'Ciorbă de perișoare']],
      ['Băuturi', ['Limonadă']],
      ['Desert', ['Papanași']],
    ]);
    // mixed: a row naming Centru goes there, an empty location cell to the chosen one
    await commitImport(source.scope, storage, {
      locationId: source.terrace,
      rows: [
        { location: ' CENTRU ', category: 'Desert', nameRo: 'Clătite', price: '20' },
        { location: '', category: 'Desert', nameRo: 'Gogoși', price: '18' },
      ],
    });
    const mixed = await menuOf(source.id);
    expect(mixed[0]?.categories.find((c) => c.nameRo === 'Desert')?.dishes.map((d) => d.nameRo)).toEqual(['Papanași', 'Clătite']);
    expect(mixed[1]?.categories.find((c) => c.nameRo === 'Desert')?.dishes.map((d) => d.nameRo)).toEqual(['Papanași', 'Gogoși']);
  });

  it('creates the locations a file names within the quota, else refuses everything with the clear message', async () => {
    const r = await restaurant();
    const rows = [
      { location: 'Mall', nameRo: 'A', price: '1' },
      { location: 'Gară', nameRo: 'B', price: '1' },
      { location: 'mall', nameRo: 'C', price: '1' },
    ];
    const before = await snapshot(r.id);
    const quotas = { locationsPerRestaurant: 2, categoriesPerLocation: 10, uploadsPerHour: 10, storageBytes: 1e9 };
    expect(await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows }, quotas))).toEqual({ code: 'location-limit-reached', params: { limit: 2 } });
    expect(await snapshot(r.id)).toEqual(before);
    expect(await db.selectFrom('location').select('id').where('restaurantId', '=', r.id).execute()).toHaveLength(1);
    // the category quota holds per location, for created locations too
    const tooManyCategories = [
      { location: 'Mall', category: 'X', nameRo: 'A', price: '1' },
      { location: 'Mall', category: 'Y', nameRo: 'B', price: '1' },
    ];
    expect(
      await refusalOf(commitImport(r.scope, storage, { locationId: r.locationId, rows: tooManyCategories }, { ...quotas, locationsPerRestaurant: 5, categoriesPerLocation: 1 })),
    ).toEqual({ code: 'category-limit-reached', params: { limit: 1 } });
    expect(await snapshot(r.id)).toEqual(before);
    expect(await commitImport(r.scope, storage, { locationId: r.locationId, rows }, { ...quotas, locationsPerRestaurant: 3 })).toEqual({
      products: 3,
      categories: 2,
      locations: 2,
      optionGroups: 0,
    });
    expect((await menuOf(r.id)).map((l) => [l.nameRo, l.categories.flatMap((c) => c.dishes.map((d) => d.nameRo))])).toEqual([
      ['Centru', []],
      ['Mall', ['A', 'C']],
      ['Gară', ['B']],
    ]);
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
