import type { Insertable, Kysely } from 'kysely';
import type { Database, OptionGroupTable, OptionItemTable } from '#app/db/schema.ts';
import { newId } from '#app/modules/restaurant/ids.ts';

/**
 * Option groups and options for tests of the guest's side (issue 35), written straight into the
 * tables the editor fills: `insertDishOptions` makes a group with its options and attaches it to
 * dishes at a position. Named apart from the demo's builders so the editor's and the demo's own
 * builders can arrive beside them.
 */

type GroupSpec = Partial<Insertable<OptionGroupTable>> & { options: (Partial<Insertable<OptionItemTable>> & { nameRo: string })[] };

export async function insertDishOptions(
  db: Kysely<Database>,
  restaurantId: string,
  productIds: readonly string[],
  spec: GroupSpec,
  position = 0,
): Promise<{ groupId: string; optionIds: string[] }> {
  const now = new Date().toISOString();
  const { options, ...group } = spec;
  const groupId = newId();
  await db
    .insertInto('optionGroup')
    .values({
      id: groupId,
      restaurantId,
      nameRo: 'Grup',
      nameEn: null,
      minChoices: 0,
      maxChoices: 1,
      pricing: 'add',
      sortOrder: 0,
      createdAt: now,
      updatedAt: now,
      ...group,
    })
    .execute();
  const optionIds = options.map(() => newId());
  // one by one: rows naming different columns would need SQL's DEFAULT, which SQLite has no word for in a row
  for (const [index, option] of options.entries()) {
    await db
      .insertInto('optionItem')
      .values({ id: optionIds[index]!, groupId, restaurantId, nameEn: null, priceMinor: 0, sortOrder: index, createdAt: now, updatedAt: now, ...option })
      .execute();
  }
  if (productIds.length > 0) {
    await db
      .insertInto('productOptionGroup')
      .values(productIds.map((productId) => ({ productId, groupId, restaurantId, position })))
      .execute();
  }
  return { groupId, optionIds };
}

/** The pizza of the issue: a size group that sets the price (Mică 30, Mare 45 lei) and extras that add (brânză +5, măsline +3, 2 at most). */
export async function insertPizzaOptions(db: Kysely<Database>, restaurantId: string, productIds: readonly string[]) {
  const size = await insertDishOptions(
    db,
    restaurantId,
    productIds,
    {
      nameRo: 'Mărime',
      nameEn: 'Size',
      minChoices: 1,
      maxChoices: 1,
      pricing: 'set',
      options: [
        { nameRo: 'Mică', nameEn: 'Small', priceMinor: 3000 },
        { nameRo: 'Mare', nameEn: 'Large', priceMinor: 4500 },
      ],
    },
    0,
  );
  const extras = await insertDishOptions(
    db,
    restaurantId,
    productIds,
    {
      nameRo: 'Extra',
      nameEn: 'Extras',
      minChoices: 0,
      maxChoices: 2,
      pricing: 'add',
      options: [
        { nameRo: 'Extra brânză', nameEn: 'Extra cheese', priceMinor: 500, allergens: '["milk"]' },
        { nameRo: 'Măsline', nameEn: 'Olives', priceMinor: 300 },
        { nameRo: 'Șuncă', nameEn: 'Ham', priceMinor: 700, available: 0 },
        { nameRo: 'Trufe', nameEn: 'Truffles', priceMinor: 2000, visible: 0 },
      ],
    },
    1,
  );
  const [small, large] = size.optionIds as [string, string];
  const [cheese, olives, ham, truffles] = extras.optionIds as [string, string, string, string];
  return { sizeGroup: size.groupId, extrasGroup: extras.groupId, small, large, cheese, olives, ham, truffles };
}
