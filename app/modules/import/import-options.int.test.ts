import { describe, expect, it } from 'vitest';
import { listDishOptionGroups } from '#app/modules/options/options.repo.server.ts';
import { OPTION_LIMITS } from '#app/modules/options/options.types.ts';
import { refusalOf } from '#tests/support/app-errors.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { exportMenu, menuRows } from './export.service.server.ts';
import { commitImport, previewImport } from './import.service.server.ts';
import { csv, db, restaurant, snapshot, storage, useFileWorld } from '#tests/support/menu-import-harness.ts';

useFileWorld();

/** Dishes with options (issue 35 item 6): a size group that sets the price, extras, one milk group on two coffees. */
const MENU_WITH_OPTIONS = [
  'Categorie;Denumire;Preț;Alergeni;Opțiuni;Opțiuni (EN)',
  // a cell holding ';' is quoted, as Excel writes it
  'Pizza;Pizza Margherita;30;gluten, lactate;"Mărime (1) =: Mică 30 | Mare 45,50; Extra (0-2): Cașcaval +5 [lactate] | Măsline +3 | Fără busuioc -0,50";"Size: Small | Large; Extra: Cheese | Olives | No basil"',
  "Cafea;Cappuccino;16;lactate;Lapte (1): De vacă 0 [lactate] | De ovăz +3 [gluten];Milk: Cow's | Oat",
  "Cafea;Flat white;17;lactate;Lapte (1): De vacă 0 [lactate] | De ovăz +3 [gluten];Milk: Cow's | Oat",
  'Cafea;Espresso;12;;;',
].join('\n');

/** A restaurant's dishes by name with their groups as the one read path gives them, ids left out. */
async function dishesWithOptions(restaurantId: string) {
  const products = await db.selectFrom('product').select(['id', 'nameRo']).where('restaurantId', '=', restaurantId).orderBy('nameRo').execute();
  const groups = await listDishOptionGroups(
    db,
    restaurantId,
    products.map((product) => product.id),
    Date.now(),
  );
  return products.map((product) => ({
    dish: product.nameRo,
    groups: (groups.get(product.id) ?? []).map(({ id: _id, options, ...group }) => ({
      ...group,
      options: options.map(({ id: _o, groupId: _g, ...option }) => option),
    })),
  }));
}

async function importText(r: Awaited<ReturnType<typeof restaurant>>, text: string) {
  const preview = await previewImport(r.scope, csv(text), { locationId: r.locationId });
  return { preview, commit: () => commitImport(r.scope, storage, { locationId: r.locationId, rows: preview.rows.map((row) => row.cells) }) };
}

const groupCount = async (restaurantId: string) => (await db.selectFrom('optionGroup').select('id').where('restaurantId', '=', restaurantId).execute()).length;

describe(`dish options in the menu import on ${testDialect}`, () => {
  it('imports the groups in order with their rules and prices, one library group for the same milk on two coffees', async () => {
    const r = await restaurant();
    const { preview, commit } = await importText(r, MENU_WITH_OPTIONS);
    expect(preview.needsMapping).toBe(false);
    expect(preview.rows.flatMap((row) => row.problems)).toEqual([]);
    expect(await commit()).toEqual({ products: 4, categories: 2, locations: 0, optionGroups: 3 });
    const dishes = await dishesWithOptions(r.id);
    const pizza = dishes.find((dish) => dish.dish === 'Pizza Margherita')!;
    expect(pizza.groups.map((group) => [group.nameRo, group.nameEn, group.minChoices, group.maxChoices, group.pricing])).toEqual([
      ['Mărime', 'Size', 1, 1, 'set'],
      ['Extra', 'Extra', 0, 2, 'add'],
    ]);
    expect(pizza.groups[0]!.options.map((option) => [option.nameRo, option.nameEn, option.priceMinor])).toEqual([
      ['Mică', 'Small', 3000],
      ['Mare', 'Large', 4550],
    ]);
    expect(pizza.groups[1]!.options.map((option) => [option.nameRo, option.priceMinor, option.allergens])).toEqual([
      ['Cașcaval', 500, ['milk']],
      ['Măsline', 300, []],
      ['Fără busuioc', -50, []],
    ]);
    expect(pizza.groups.flatMap((group) => group.options).every((option) => option.available && option.visible)).toBe(true);
    // both coffees offer the same library group, not two copies of it
    const links = await db.selectFrom('productOptionGroup').select(['groupId']).where('restaurantId', '=', r.id).execute();
    expect(links).toHaveLength(4);
    const milk = await db.selectFrom('optionGroup').select('id').where('restaurantId', '=', r.id).where('nameRo', '=', 'Lapte').execute();
    expect(milk).toHaveLength(1);
    expect(links.filter((link) => link.groupId === milk[0]!.id)).toHaveLength(2);
    expect(dishes.find((dish) => dish.dish === 'Espresso')).toEqual({ dish: 'Espresso', groups: [] });

    // a later import reuses the library's same group; a group of the same name with other options is another group
    const later = await importText(
      r,
      ['Categorie;Denumire;Preț;Opțiuni', 'Cafea;Latte;18;lapte (1): de vacă 0 [lactate] | de ovăz +3 [gluten]', 'Cafea;Mocha;19;Lapte (1): De vacă 0 | De ovăz +4'].join('\n'),
    );
    expect(await later.commit()).toEqual({ products: 2, categories: 0, locations: 0, optionGroups: 1 });
    expect(await db.selectFrom('optionGroup').select('id').where('restaurantId', '=', r.id).where('nameRo', '=', 'Lapte').execute()).toHaveLength(2);
  });

  it('exports the groups so that an import into a fresh restaurant has the same groups, options, prices and rules in order (CSV and XLSX)', async () => {
    const r = await restaurant();
    await (await importText(r, MENU_WITH_OPTIONS)).commit();
    // a hidden option is not on the exported menu: the copy does not get it
    const hidden = await db.selectFrom('optionItem').select('id').where('restaurantId', '=', r.id).where('nameRo', '=', 'Fără busuioc').executeTakeFirstOrThrow();
    await db.updateTable('optionItem').set({ visible: 0 }).where('id', '=', hidden.id).execute();
    const original = await dishesWithOptions(r.id);
    const shown = original.map((dish) => ({ ...dish, groups: dish.groups.map((group) => ({ ...group, options: group.options.filter((option) => option.visible) })) }));
    const rows = await menuRows(r.scope);
    expect(rows[0]?.slice(-2)).toEqual([
      'Mărime (1) =: Mică 30 | Mare 45,50; Extra (0-2): Cașcaval +5 [milk] | Măsline +3',
      'Size (1) =: Small 30 | Large 45,50; Extra (0-2): Cheese +5 | Olives +3',
    ]);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await exportMenu(r.scope, format, { slug: r.slug });
      const copy = await restaurant();
      const preview = await previewImport(copy.scope, { bytes: file.body, name: file.filename }, { locationId: copy.locationId });
      expect(preview.needsMapping).toBe(false);
      expect(preview.rows.flatMap((row) => row.problems)).toEqual([]);
      await commitImport(copy.scope, storage, { locationId: copy.locationId, rows: preview.rows.map((row) => row.cells) });
      expect(await dishesWithOptions(copy.id)).toEqual(shown);
      expect(await groupCount(copy.id)).toBe(3);
      expect(await menuRows(copy.scope)).toEqual(rows);
    }
  });

  it('keeps every dish’s groups in the JSON export, options with their flags', async () => {
    const r = await restaurant();
    await (await importText(r, MENU_WITH_OPTIONS)).commit();
    const file = await exportMenu(r.scope, 'json', { slug: r.slug });
    const json = JSON.parse(new TextDecoder().decode(file.body)) as {
      products: { nameRo: string; optionGroups: { nameRo: string; pricing: string; options: { nameRo: string; priceMinor: number; visible: boolean }[] }[] }[];
    };
    const pizza = json.products.find((product) => product.nameRo === 'Pizza Margherita');
    expect(pizza?.optionGroups.map((group) => [group.nameRo, group.pricing, group.options.map((option) => [option.nameRo, option.priceMinor, option.visible])])).toEqual([
      [
        'Mărime',
        'set',
        [
          ['Mică', 3000, true],
          ['Mare', 4550, true],
        ],
      ],
      [
        'Extra',
        'add',
        [
          ['Cașcaval', 500, true],
          ['Măsline', 300, true],
          ['Fără busuioc', -50, true],
        ],
      ],
    ]);
    expect(json.products.find((product) => product.nameRo === 'Espresso')?.optionGroups).toEqual([]);
  });

  it('refuses a bad options cell with a translated problem naming the row, and saves nothing', async () => {
    const r = await restaurant();
    await (await importText(r, MENU_WITH_OPTIONS)).commit();
    const before = {
      ...(await snapshot(r.id)),
      groups: await groupCount(r.id),
      items: (await db.selectFrom('optionItem').select('id').where('restaurantId', '=', r.id).execute()).length,
    };
    const { preview, commit } = await importText(
      r,
      [
        'Categorie;Denumire;Preț;Opțiuni',
        'Supe;Ciorbă;20;Porție (1): Mică | Mare +5',
        'Supe;Supă;18;Porție (1) =: Mică | Mare 25',
        'Supe;Borș;18;Extra (3): Smântână +2 | Ardei +1',
        'Supe;Zeamă;18;Extra: Smântână +2 [unicorn]',
      ].join('\n'),
    );
    expect(preview.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, [{ code: 'optionPrice', field: 'options', value: 'Mică' }]],
      [4, [{ code: 'optionRule', field: 'options', value: 'Extra' }]],
      [5, [{ code: 'unknownAllergen', field: 'options', value: 'unicorn' }]],
    ]);
    expect(await refusalOf(commit())).toEqual({ code: 'import-has-problems', params: { count: 3, line: 2 } });
    expect({
      ...(await snapshot(r.id)),
      groups: await groupCount(r.id),
      items: (await db.selectFrom('optionItem').select('id').where('restaurantId', '=', r.id).execute()).length,
    }).toEqual(before);
  });

  it('refuses groups past the library bound, with the limit, and saves nothing', async () => {
    const r = await restaurant({ trial: false, manualProUntil: new Date(Date.now() + 86_400_000).toISOString() });
    const over = OPTION_LIMITS.groupsPerRestaurant + 1;
    const lines = ['Categorie;Denumire;Preț;Opțiuni', ...Array.from({ length: over }, (_, i) => `Toate;Fel ${i};10;Sos ${i} (1): Da 0 | Nu 0`)];
    const before = await snapshot(r.id);
    expect(await refusalOf((await importText(r, lines.join('\n'))).commit())).toEqual({ code: 'import-option-groups-limit', params: { limit: OPTION_LIMITS.groupsPerRestaurant } });
    expect(await snapshot(r.id)).toEqual(before);
    expect(await groupCount(r.id)).toBe(0);
  });

  it("never reuses another restaurant's group", async () => {
    const a = await restaurant();
    const b = await restaurant();
    await (await importText(a, MENU_WITH_OPTIONS)).commit();
    expect((await (await importText(b, MENU_WITH_OPTIONS)).commit()).optionGroups).toBe(3);
    const aGroups = new Set((await db.selectFrom('optionGroup').select('id').where('restaurantId', '=', a.id).execute()).map((group) => group.id));
    const bLinks = await db.selectFrom('productOptionGroup').select('groupId').where('restaurantId', '=', b.id).execute();
    expect(bLinks.some((link) => aGroups.has(link.groupId))).toBe(false);
    expect(await dishesWithOptions(b.id)).toEqual(await dishesWithOptions(a.id));
  });
});
