import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { nextRowVersion } from '#app/modules/editing/menu-rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Sold out "until we open again" (issue 35 item 8): writes of the `soldOutUntil` columns outside the
 * editor's one-click flags (editing.repo.server.ts `setRowFlag`, `setSoldOutUntil` for dishes).
 */

/** One option of this restaurant sold out until `until` (ISO); another restaurant's option is not found. */
export async function setOptionSoldOutUntil(db: Db, restaurantId: string, optionId: string, until: string): Promise<void> {
  const current = await tenant(db, restaurantId).selectFrom('optionItem').select('updatedAt').where('id', '=', optionId).executeTakeFirst();
  if (!current) throw new AppError('not-found');
  await tenant(db, restaurantId)
    .updateTable('optionItem')
    .set({ available: 0, soldOutUntil: until, updatedAt: nextRowVersion(current.updatedAt) })
    .where('id', '=', optionId)
    .execute();
}

/**
 * The earliest instant (ISO) after `now` at which one of the restaurant's sold-out options comes
 * back, or undefined: the guest menu's render is valid until then (its dishes' own are in its rows).
 */
export async function nextOptionReturn(db: Db, restaurantId: string, now: string): Promise<string | undefined> {
  const row = await tenant(db, restaurantId)
    .selectFrom('optionItem')
    .select((eb) => eb.fn.min('soldOutUntil').as('at'))
    .where('available', '=', 0)
    .where('soldOutUntil', '>', now)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/**
 * The hourly sweep: every dish and option whose "until we open again" has come, in every
 * restaurant, written back available (the readers already show them so; the editor's rows and
 * exports then read plainly). How many rows came back.
 */
export async function returnSoldOutRows(db: Kysely<Database>, now: string): Promise<number> {
  const all = acrossRestaurants(db, 'the hourly sweep brings back dishes and options sold out until the opening that has come');
  const back = { available: 1 as const, soldOutUntil: null };
  const dishes = await all.updateTable('product').set(back).where('available', '=', 0).where('soldOutUntil', '<=', now).executeTakeFirst();
  const options = await all.updateTable('optionItem').set(back).where('available', '=', 0).where('soldOutUntil', '<=', now).executeTakeFirst();
  return Number(dishes.numUpdatedRows) + Number(options.numUpdatedRows);
}
