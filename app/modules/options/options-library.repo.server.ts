import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database, OptionGroupTable, OptionItemTable } from '#app/db/schema.ts';
import { tenant, type TenantInsert } from '#app/db/tenant.ts';

/**
 * The library's writes and the editor's reads (decision 0034): a restaurant's option groups, their
 * options, and which dishes offer which groups in order. Every query is held to one restaurant
 * (decision 0030); the rules live in options-library.service.server.ts and dish-options.service.server.ts.
 */

type Db = Kysely<Database>;

/** Every group of the library, in its order. */
export function listOptionGroups(db: Db, restaurantId: string) {
  return tenant(db, restaurantId).selectFrom('optionGroup').selectAll().orderBy('sortOrder').orderBy('createdAt').orderBy('id').execute();
}

/** One group of this restaurant; another restaurant's is undefined. */
export function findOptionGroup(db: Db, restaurantId: string, groupId: string) {
  return tenant(db, restaurantId).selectFrom('optionGroup').selectAll().where('id', '=', groupId).executeTakeFirst();
}

/** How many groups the library holds, and the position after the last. */
export async function countOptionGroups(db: Db, restaurantId: string): Promise<{ count: number; nextSortOrder: number }> {
  const row = await tenant(db, restaurantId)
    .selectFrom('optionGroup')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('sortOrder').as('last')])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), nextSortOrder: row?.last == null ? 0 : Number(row.last) + 1 };
}

export async function insertOptionGroup(db: Db, restaurantId: string, row: TenantInsert<'optionGroup'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('optionGroup', row).execute();
}

/** Writes a group only while it is still at the version its form was loaded at (decision 0015); false when not. */
export async function updateOptionGroupRow(db: Db, restaurantId: string, groupId: string, values: Updateable<OptionGroupTable>, expectedUpdatedAt: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).updateTable('optionGroup').set(values).where('id', '=', groupId).where('updatedAt', '=', expectedUpdatedAt).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a group; its options and its places on dishes go with it (foreign keys, cascade). */
export async function deleteOptionGroupRow(db: Db, restaurantId: string, groupId: string): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('optionGroup').where('id', '=', groupId).execute();
}

/** The options of some groups (every group when none is named), each group's in order. */
export function listOptionItems(db: Db, restaurantId: string, groupIds?: readonly string[]) {
  let query = tenant(db, restaurantId).selectFrom('optionItem').selectAll();
  if (groupIds) {
    if (groupIds.length === 0) return Promise.resolve([]);
    query = query.where('groupId', 'in', groupIds);
  }
  return query.orderBy('groupId').orderBy('sortOrder').orderBy('id').execute();
}

/** One option of this restaurant; another restaurant's is undefined. */
export function findOptionItem(db: Db, restaurantId: string, optionId: string) {
  return tenant(db, restaurantId).selectFrom('optionItem').selectAll().where('id', '=', optionId).executeTakeFirst();
}

export async function insertOptionItem(db: Db, restaurantId: string, row: TenantInsert<'optionItem'>): Promise<void> {
  await tenant(db, restaurantId).insertInto('optionItem', row).execute();
}

/** Writes an option only while it is still at the version its form was loaded at; false when not. */
export async function updateOptionItemRow(db: Db, restaurantId: string, optionId: string, values: Updateable<OptionItemTable>, expectedUpdatedAt: string): Promise<boolean> {
  const result = await tenant(db, restaurantId).updateTable('optionItem').set(values).where('id', '=', optionId).where('updatedAt', '=', expectedUpdatedAt).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteOptionItemRow(db: Db, restaurantId: string, optionId: string): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('optionItem').where('id', '=', optionId).execute();
}

/** Writes 0..n-1 as the order of one group's options (at most OPTION_LIMITS.optionsPerGroup ids). */
export async function writeOptionItemOrder(db: Db, restaurantId: string, groupId: string, orderedIds: readonly string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  await tenant(db, restaurantId)
    .updateTable('optionItem')
    .set({
      sortOrder: sql<number>`case ${sql.ref('id')} ${sql.join(
        orderedIds.map((id, index) => sql`when ${id} then cast(${index} as integer)`),
        sql` `,
      )} else ${sql.ref('sortOrder')} end`,
    })
    .where('groupId', '=', groupId)
    .where('id', 'in', orderedIds)
    .execute();
}

/** The groups one dish offers, in its order. */
export async function listDishGroupIds(db: Db, restaurantId: string, productId: string): Promise<string[]> {
  const rows = await tenant(db, restaurantId)
    .selectFrom('productOptionGroup')
    .select('groupId')
    .where('productId', '=', productId)
    .orderBy('position')
    .orderBy('groupId')
    .execute();
  return rows.map((row) => row.groupId);
}

/** Replaces the groups one dish offers with these, in this order (ids already checked to be this restaurant's). */
export async function writeDishGroups(db: Db, restaurantId: string, productId: string, groupIds: readonly string[]): Promise<void> {
  await tenant(db, restaurantId).deleteFrom('productOptionGroup').where('productId', '=', productId).execute();
  if (groupIds.length === 0) return;
  await tenant(db, restaurantId)
    .insertInto(
      'productOptionGroup',
      groupIds.map((groupId, position) => ({ productId, groupId, position })),
    )
    .execute();
}

/** How many dishes offer each group of the library (groups no dish offers are absent). */
export async function countDishesPerGroup(db: Db, restaurantId: string): Promise<Map<string, number>> {
  const rows = await tenant(db, restaurantId)
    .selectFrom('productOptionGroup')
    .select((eb) => ['groupId', eb.fn.countAll<number>().as('dishes')])
    .groupBy('groupId')
    .execute();
  return new Map(rows.map((row) => [row.groupId, Number(row.dishes)]));
}
