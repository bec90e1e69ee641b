import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { isPermutationOf, moveInOrder, nextRowVersion } from './menu-rules.ts';

/**
 * The write path's shared queries: order among siblings, one-click flags, the next sort position,
 * a parent row's and an upload's ownership. Used by the location, category, product and settings
 * services, so none of them needs another's repository to check a parent (a category its location,
 * a product its category) and the entity modules stay free of cycles.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The three orderable tables and the column that groups siblings (locations: the restaurant). */
export type Orderable =
  | { table: 'location'; parent?: undefined }
  | { table: 'category'; parent: { column: 'locationId'; id: string } }
  | { table: 'product'; parent: { column: 'categoryId'; id: string } };

/** Sibling ids in their current order, scoped to the restaurant. */
export async function listSiblingIds(db: Db, restaurantId: string, of: Orderable): Promise<string[]> {
  // the three tables share id, restaurantId, sortOrder and createdAt; Kysely needs one concrete table to type the query
  let query = tenant(db, restaurantId)
    .selectFrom(of.table as 'product')
    .select('id');
  if (of.parent) query = query.where(of.parent.column as 'categoryId', '=', of.parent.id);
  const rows = await query.orderBy('sortOrder').orderBy('createdAt').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * One click on a row of the editor: sets a 0/1 flag (shown, available) on one row of this
 * restaurant; another restaurant's row is not found.
 */
export async function setRowFlag(db: Db, restaurantId: string, row: { table: 'product'; id: string }, column: 'visible' | 'available', value: boolean): Promise<void>;
export async function setRowFlag(db: Db, restaurantId: string, row: { table: 'location' | 'category'; id: string }, column: 'visible', value: boolean): Promise<void>;
export async function setRowFlag(db: Db, restaurantId: string, row: { table: Orderable['table']; id: string }, column: 'visible' | 'available', value: boolean): Promise<void> {
  // `available` exists on products only; the overloads keep callers to that
  const current = await tenant(db, restaurantId)
    .selectFrom(row.table as 'product')
    .select('updatedAt')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (!current) throw new AppError('not-found');
  // a new version even in the millisecond of the last one: a form loaded before this change is then stale;
  // sold out or available by hand is for as long as it says: no longer "until we open again"
  await tenant(db, restaurantId)
    .updateTable(row.table as 'product')
    .set({ [column]: value ? 1 : 0, ...(column === 'available' ? { soldOutUntil: null } : {}), updatedAt: nextRowVersion(current.updatedAt) })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Sold out "until we open again" (issue 35 item 8): one dish of this restaurant sold out until the
 * instant given (the restaurant's next opening); another restaurant's dish is not found.
 */
export async function setSoldOutUntil(db: Db, restaurantId: string, row: { table: 'product'; id: string }, until: string): Promise<void> {
  const current = await tenant(db, restaurantId).selectFrom(row.table).select('updatedAt').where('id', '=', row.id).executeTakeFirst();
  if (!current) throw new AppError('not-found');
  await tenant(db, restaurantId)
    .updateTable(row.table)
    .set({ available: 0, soldOutUntil: until, updatedAt: nextRowVersion(current.updatedAt) })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Refuses a parent row that is not this restaurant's ('not-found'): a category's location, a
 * product's category. Another restaurant's id is as good as missing.
 */
export async function requireOwnRow(db: Db, restaurantId: string, row: { table: 'location' | 'category'; id: string }): Promise<void> {
  const found = await tenant(db, restaurantId)
    .selectFrom(row.table as 'category')
    .select('id')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (!found) throw new AppError('not-found');
}

/** The sort position after the last sibling. */
export async function nextSortOrder(db: Db, restaurantId: string, of: Orderable): Promise<number> {
  let query = tenant(db, restaurantId)
    .selectFrom(of.table as 'product')
    .select((eb) => eb.fn.max('sortOrder').as('last'));
  if (of.parent) query = query.where(of.parent.column as 'categoryId', '=', of.parent.id);
  const row = await query.executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * Writes 0..n-1 as the order of the given ids (only rows of this restaurant are touched): one
 * UPDATE ... CASE per 500 rows, not one round trip per row.
 */
async function writeOrder(db: Db, restaurantId: string, table: Orderable['table'], ids: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await tenant(db, restaurantId)
      .updateTable(table as 'product')
      .set({
        sortOrder: sql<number>`case ${sql.ref('id')} ${sql.join(
          chunk.map((id, index) => sql`when ${id} then cast(${start + index} as integer)`),
          sql` `,
        )} else ${sql.ref('sortOrder')} end`,
        updatedAt: now,
      })
      .where('id', 'in', chunk)
      .execute();
  }
}

/** Drag and drop: the new order must name exactly the current siblings, or nothing changes. */
export async function applyOrder(db: Db, restaurantId: string, of: Orderable, orderedIds: readonly string[]): Promise<void> {
  const current = await listSiblingIds(db, restaurantId, of);
  if (!isPermutationOf(orderedIds, current)) throw new AppError('not-found');
  await writeOrder(db, restaurantId, of.table, orderedIds);
}

/** Keyboard move: one step up or down among the siblings. */
export async function moveOneStep(db: Db, restaurantId: string, of: Orderable, id: string, direction: 'up' | 'down'): Promise<void> {
  const current = await listSiblingIds(db, restaurantId, of);
  if (!current.includes(id)) throw new AppError('not-found');
  await writeOrder(db, restaurantId, of.table, moveInOrder(current, id, direction));
}

/** An image this restaurant uploaded, by id; another restaurant's image id is refused. */
export async function resolveOwnImage(db: Db, restaurantId: string, imageId: string | null): Promise<{ id: string; key: string } | null> {
  if (!imageId) return null;
  const image = await tenant(db, restaurantId).selectFrom('storedImage').select(['id', 'path as key']).where('id', '=', imageId).executeTakeFirst();
  if (!image) throw new AppError('not-found');
  return image;
}
