import type { Insertable, Kysely } from 'kysely';
import type { Database, OptionGroupTable, OptionItemTable, ProductOptionGroupTable } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';

/**
 * Whole rows of the options library written at once, for the menu import and the demo seed
 * (issue 35 items 6 and 9); the editor's one-at-a-time changes live with its own services. Every
 * query is held to one restaurant.
 */

export type NewOptionGroupRow = Omit<Insertable<OptionGroupTable>, 'restaurantId'>;
export type NewOptionItemRow = Omit<Insertable<OptionItemTable>, 'restaurantId'>;
export type NewDishGroupRow = Omit<ProductOptionGroupTable, 'restaurantId'>;

/** The restaurant's library as a import matches it: every group with its rule, every option in order. */
export async function listOptionLibrary(db: Kysely<Database>, restaurantId: string) {
  const [groups, items] = await Promise.all([
    tenant(db, restaurantId)
      .selectFrom('optionGroup')
      .select(['id', 'nameRo', 'nameEn', 'minChoices', 'maxChoices', 'pricing', 'sortOrder'])
      .orderBy('sortOrder')
      .orderBy('createdAt')
      .execute(),
    tenant(db, restaurantId)
      .selectFrom('optionItem')
      .select(['groupId', 'nameRo', 'nameEn', 'priceMinor', 'allergens', 'traces'])
      .orderBy('groupId')
      .orderBy('sortOrder')
      .orderBy('id')
      .execute(),
  ]);
  return { groups, items };
}

// PostgreSQL takes at most 65,535 parameters a statement and SQLite 32,766: 200 rows of at most 16
// columns stay well under both
const BATCH = 200;

export async function insertOptionGroups(db: Kysely<Database>, restaurantId: string, rows: readonly NewOptionGroupRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await tenant(db, restaurantId)
      .insertInto('optionGroup', rows.slice(i, i + BATCH))
      .execute();
}

export async function insertOptionItems(db: Kysely<Database>, restaurantId: string, rows: readonly NewOptionItemRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await tenant(db, restaurantId)
      .insertInto('optionItem', rows.slice(i, i + BATCH))
      .execute();
}

export async function insertDishGroups(db: Kysely<Database>, restaurantId: string, rows: readonly NewDishGroupRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await tenant(db, restaurantId)
      .insertInto('productOptionGroup', rows.slice(i, i + BATCH))
      .execute();
}
