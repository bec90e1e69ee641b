import { describe, expect, it } from 'vitest';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { attachOptionGroup, detachOptionGroup, getDishOptions, getOptionLibrary, moveDishOptionGroup, reorderDishOptionGroups } from './dish-options.service.server.ts';
import { createOptionGroup, createOptionItem, deleteOptionGroup, deleteOptionItem, moveOptionItem, updateOptionGroup, updateOptionItem } from './options-library.service.server.ts';
import { listDishOptionGroups } from './options.repo.server.ts';
import { OptionGroupInput, OptionItemInput } from './options.schema.ts';
import { OPTION_LIMITS } from './options.types.ts';

/** Issue 35 item 1: the owners' library of option groups, and dishes offering them in order (decision 0034). */
useFileWorld();

async function restaurant(slug: string) {
  const { id } = await insertRestaurant(db, { slug }, {});
  const location = buildLocation(id);
  const category = buildCategory(id, location.id);
  const coffee = buildProduct(id, category.id, { nameRo: 'Cappuccino', priceMinor: 1200 });
  const latte = buildProduct(id, category.id, { nameRo: 'Latte', priceMinor: 1400 });
  await db.insertInto('location').values(location).execute();
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values([coffee, latte]).execute();
  return { id, scope: scopes.owner(id), coffee: coffee.id, latte: latte.id };
}

const group = (fields: Record<string, string>) => OptionGroupInput.parse({ nameRo: 'Lapte', nameEn: 'Milk', rule: 'exactly-one', ...fields });
const option = (fields: Record<string, unknown>) => OptionItemInput.parse({ available: 'on', visible: 'on', ...fields });
const menuVersion = async (id: string) => (await db.selectFrom('restaurant').select('menuVersion').where('id', '=', id).executeTakeFirstOrThrow()).menuVersion;

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error.params.context ? `${error.code}_${String(error.params.context)}` : error.code;
    throw error;
  }
  return 'accepted';
}

describe('the group form', () => {
  it('reads exactly one, up to N and between min and max; refuses a rule out of bounds and a price set by a group that is not exactly one', () => {
    expect(group({})).toMatchObject({ minChoices: 1, maxChoices: 1, pricing: 'add' });
    expect(group({ rule: 'up-to', maxChoices: '3', minChoices: '2' })).toMatchObject({ minChoices: 0, maxChoices: 3 });
    expect(group({ rule: 'between', minChoices: '2', maxChoices: '4' })).toMatchObject({ minChoices: 2, maxChoices: 4 });
    const problems = (fields: Record<string, string>) => OptionGroupInput.safeParse({ nameRo: 'Extra', rule: 'between', ...fields }).error?.issues.map((issue) => issue.message);
    expect(problems({ minChoices: '3', maxChoices: '2' })).toEqual(['optionMinAboveMax']);
    expect(problems({ minChoices: '0', maxChoices: '0' })).toEqual(['optionMaxRange']);
    expect(problems({ maxChoices: String(OPTION_LIMITS.maxChoices + 1) })).toEqual(['optionMaxRange']);
    expect(problems({ maxChoices: '2', pricing: 'set' })).toEqual(['optionSetNeedsOne']);
    expect(problems({ maxChoices: 'doi' })).toEqual(['wholeNumber']);
    expect(OptionGroupInput.safeParse({ nameRo: 'Extra', rule: 'oricâte' }).success).toBe(false);
  });

  it('reads a price change with a sign, in lei, as minor units', () => {
    expect(option({ nameRo: 'Ovăz', price: '+3' }).price).toBe(300);
    expect(option({ nameRo: 'Fără', price: '-2,50' }).price).toBe(-250);
    expect(option({ nameRo: 'Vacă', price: '' }).price).toBe(0);
    expect(OptionItemInput.safeParse({ nameRo: 'X', price: 'trei' }).error?.issues[0]?.message).toBe('price');
  });
});

describe(`the options library on ${testDialect}`, () => {
  it('builds a group with its options, attaches it to two dishes in order, and bumps the menu version with each change', async () => {
    const a = await restaurant('optiuni-a');
    const before = await menuVersion(a.id);
    const milk = await createOptionGroup(a.scope, storage, group({}));
    const cow = await createOptionItem(a.scope, storage, milk, option({ nameRo: 'Lapte de vacă', nameEn: 'Cow’s milk', price: '0', allergens: ['milk'] }));
    const oat = await createOptionItem(a.scope, storage, milk, option({ nameRo: 'Lapte de ovăz', price: '3', allergens: ['gluten'] }));
    const syrup = await createOptionGroup(a.scope, storage, group({ nameRo: 'Sirop', rule: 'up-to', maxChoices: '2' }));
    await createOptionItem(a.scope, storage, syrup, option({ nameRo: 'Vanilie', price: '2' }));
    expect(await menuVersion(a.id)).toBeGreaterThan(before);

    for (const dish of [a.coffee, a.latte]) await attachOptionGroup(a.scope, storage, dish, milk);
    await attachOptionGroup(a.scope, storage, a.coffee, syrup);
    await attachOptionGroup(a.scope, storage, a.coffee, milk); // again: nothing changes
    await moveDishOptionGroup(a.scope, storage, a.coffee, syrup, 'up');
    const read = await listDishOptionGroups(db, a.id, [a.coffee, a.latte], Date.now());
    expect(read.get(a.coffee)?.map((g) => g.nameRo)).toEqual(['Sirop', 'Lapte']);
    expect(read.get(a.latte)?.[0]?.options.map((o) => [o.nameRo, o.priceMinor, o.allergens])).toEqual([
      ['Lapte de vacă', 0, ['milk']],
      ['Lapte de ovăz', 300, ['gluten']],
    ]);

    await moveOptionItem(a.scope, storage, oat, 'up');
    const library = await getOptionLibrary(a.scope);
    expect(library.map((g) => [g.nameRo, g.dishes, g.options.map((o) => o.nameRo)])).toEqual([
      ['Lapte', 2, ['Lapte de ovăz', 'Lapte de vacă']],
      ['Sirop', 1, ['Vanilie']],
    ]);
    const cowVersion = library[0]!.options[1]!.version;
    await updateOptionItem(a.scope, storage, cow, option({ nameRo: 'Lapte de vacă', price: '0', allergens: ['milk'], available: undefined }), cowVersion);
    expect((await getOptionLibrary(a.scope))[0]!.options[1]).toMatchObject({ available: false });
    expect(await refusal(() => updateOptionItem(a.scope, storage, cow, option({ nameRo: 'Vechi' }), cowVersion))).toBe('stale-edit_optionItem');

    await reorderDishOptionGroups(a.scope, storage, a.coffee, [milk, syrup]);
    await detachOptionGroup(a.scope, storage, a.coffee, syrup);
    expect((await getDishOptions(a.scope, a.coffee)).attached.map((g) => g.nameRo)).toEqual(['Lapte']);
    expect((await getDishOptions(a.scope, a.coffee)).available.map((g) => g.nameRo)).toEqual(['Sirop']);

    await deleteOptionItem(a.scope, storage, oat);
    await deleteOptionGroup(a.scope, storage, milk);
    expect((await listDishOptionGroups(db, a.id, [a.coffee, a.latte], Date.now())).size).toBe(0);
    const audit = await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', a.id).execute();
    expect(new Set(audit.map((row) => row.action))).toEqual(
      new Set([
        'optionGroup.create',
        'optionItem.create',
        'product.options.attach',
        'product.options.move',
        'optionItem.move',
        'optionItem.update',
        'product.options.reorder',
        'product.options.detach',
        'optionItem.delete',
        'optionGroup.delete',
      ]),
    );
  });

  it("keeps a 'set' group's prices at zero or more, and refuses to make a group with a discount set the price", async () => {
    const a = await restaurant('optiuni-set');
    const size = await createOptionGroup(a.scope, storage, group({ nameRo: 'Mărime', pricing: 'set' }));
    expect(await refusal(() => createOptionItem(a.scope, storage, size, option({ nameRo: 'Mică', price: '-1' })))).toBe('option-set-price-negative');
    await createOptionItem(a.scope, storage, size, option({ nameRo: 'Mică', price: '30' }));
    const extra = await createOptionGroup(a.scope, storage, group({ nameRo: 'Fără', rule: 'up-to', maxChoices: '1' }));
    await createOptionItem(a.scope, storage, extra, option({ nameRo: 'Fără smântână', price: '-2' }));
    const version = (await getOptionLibrary(a.scope)).find((g) => g.id === extra)!.version;
    expect(await refusal(() => updateOptionGroup(a.scope, storage, extra, group({ nameRo: 'Fără', pricing: 'set' }), version))).toBe('option-set-price-negative');
    expect(await refusal(() => updateOptionGroup(a.scope, storage, extra, group({ nameRo: 'Fără' }), undefined))).toBe('stale-edit_optionGroup');
    await updateOptionGroup(a.scope, storage, extra, group({ nameRo: 'Fără', rule: 'between', minChoices: '0', maxChoices: '1' }), version);
    expect((await getOptionLibrary(a.scope)).find((g) => g.id === extra)).toMatchObject({ nameRo: 'Fără', minChoices: 0, maxChoices: 1, pricing: 'add' });
  });

  it('holds a dish to OPTION_LIMITS.groupsPerDish groups and a group to OPTION_LIMITS.optionsPerGroup options, changing nothing past them', async () => {
    const a = await restaurant('optiuni-limite');
    const groups: string[] = [];
    for (let index = 0; index <= OPTION_LIMITS.groupsPerDish; index++) groups.push(await createOptionGroup(a.scope, storage, group({ nameRo: `Grup ${index}` })));
    for (const id of groups.slice(0, OPTION_LIMITS.groupsPerDish)) await attachOptionGroup(a.scope, storage, a.coffee, id);
    expect(await refusal(() => attachOptionGroup(a.scope, storage, a.coffee, groups.at(-1)!))).toBe('option-limit-reached_dish');
    expect((await getDishOptions(a.scope, a.coffee)).attached).toHaveLength(OPTION_LIMITS.groupsPerDish);
    for (let index = 0; index < OPTION_LIMITS.optionsPerGroup; index++) await createOptionItem(a.scope, storage, groups[0]!, option({ nameRo: `Opțiunea ${index}` }));
    expect(await refusal(() => createOptionItem(a.scope, storage, groups[0]!, option({ nameRo: 'Una în plus' })))).toBe('option-limit-reached_options');
  });

  it("refuses another restaurant's group, dish and option as not found, and changes nothing of either", async () => {
    const a = await restaurant('optiuni-tenant-a');
    const b = await restaurant('optiuni-tenant-b');
    const milkA = await createOptionGroup(a.scope, storage, group({}));
    const cowA = await createOptionItem(a.scope, storage, milkA, option({ nameRo: 'Lapte de vacă' }));
    const milkB = await createOptionGroup(b.scope, storage, group({}));
    await attachOptionGroup(b.scope, storage, b.coffee, milkB);
    const versionA = (await getOptionLibrary(a.scope))[0]!;
    const snapshot = async () => [await getOptionLibrary(a.scope), await getOptionLibrary(b.scope), await getDishOptions(b.scope, b.coffee)];
    const before = await snapshot();
    const calls: [string, () => Promise<unknown>][] = [
      ["B's dish offering A's group", () => attachOptionGroup(b.scope, storage, b.coffee, milkA)],
      ["A's dish offering B's group, as B", () => attachOptionGroup(b.scope, storage, a.coffee, milkB)],
      ["B's owner detaching from A's dish", () => detachOptionGroup(b.scope, storage, a.coffee, milkA)],
      ["B's owner reordering with A's group", () => reorderDishOptionGroups(b.scope, storage, b.coffee, [milkA])],
      ["B's owner renaming A's group", () => updateOptionGroup(b.scope, storage, milkA, group({ nameRo: 'Furat' }), versionA.version)],
      ["B's owner deleting A's group", () => deleteOptionGroup(b.scope, storage, milkA)],
      ["B's owner adding to A's group", () => createOptionItem(b.scope, storage, milkA, option({ nameRo: 'Furat' }))],
      ["B's owner changing A's option", () => updateOptionItem(b.scope, storage, cowA, option({ nameRo: 'Furat' }), versionA.options[0]!.version)],
      ["B's owner moving A's option", () => moveOptionItem(b.scope, storage, cowA, 'down')],
      ["B's owner deleting A's option", () => deleteOptionItem(b.scope, storage, cowA)],
      ["B's owner reading A's dish", () => getDishOptions(b.scope, a.coffee)],
    ];
    const outcomes = [];
    for (const [who, run] of calls) outcomes.push([who, await refusal(run)]);
    expect(outcomes).toEqual(calls.map(([who]) => [who, 'not-found']));
    expect(await snapshot()).toEqual(before);
  });

  it('lets an editor build the library and refuses staff, who may only read it to mark things sold out', async () => {
    const a = await restaurant('optiuni-roluri');
    await createOptionGroup(scopes.member(a.id, 'editor'), storage, group({}));
    expect(await refusal(() => createOptionGroup(scopes.member(a.id, 'staff'), storage, group({ nameRo: 'Sirop' })))).toBe('forbidden');
    // staff open the library and a group's page: there they mark an option sold out until the next opening
    expect((await getOptionLibrary(scopes.member(a.id, 'staff'))).map((g) => g.nameRo)).toEqual(['Lapte']);
    expect((await getOptionLibrary(a.scope)).map((g) => g.nameRo)).toEqual(['Lapte']);
  });
});
