import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { assertSystem, authorize, type RestaurantScope, type SystemScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { requireNextOpening } from '#app/modules/restaurant/next-opening.server.ts';
import { findOptionItem } from './options-library.repo.server.ts';
import { nextOptionReturn, returnSoldOutRows, setOptionSoldOutUntil } from './sold-out.repo.server.ts';

/**
 * One click: an option sold out "until we open again" (issue 35 item 8), as a dish is
 * (product.service.server.ts `markProductSoldOutUntilOpening`): until the restaurant's next opening
 * after `now`, back by itself then; refused ('no-next-opening') without hours to open by. The same
 * permission as sold out. Returns when it comes back and the restaurant's time zone, to say so.
 */
export async function markOptionSoldOutUntilOpening(
  scope: RestaurantScope,
  storage: FileStorage,
  optionId: string,
  now: number = Date.now(),
): Promise<{ at: Date; timeZone: string }> {
  authorize(scope, 'menu.availability');
  return changeMenu(scope, storage, async (change) => {
    // another restaurant's option (or none) is 'not-found' before anything else is asked or written
    if (!(await findOptionItem(change.scope.db, change.scope.restaurantId, optionId))) throw new AppError('not-found');
    const opening = await requireNextOpening(change.scope.db, change.scope.restaurantId, now);
    const at = new Date(opening.at);
    await setOptionSoldOutUntil(change.scope.db, change.scope.restaurantId, optionId, at.toISOString());
    await recordAudit(change.scope, { action: 'option.flag', target: { type: 'optionItem', id: optionId }, after: { available: false, soldOutUntil: at.toISOString() } });
    return { at, timeZone: opening.timeZone };
  });
}

/** The hourly `menu.sold-out-return`: dishes and options whose opening has come, written back available. How many. */
export function sweepSoldOutReturns(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  return returnSoldOutRows(scope.db, now.toISOString());
}

/**
 * When (ms) the first of the restaurant's options sold out "until we open again" comes back after
 * `now`, or null: the guest menu's render is valid until then. A public read model (what guests
 * will see), so it takes no scope.
 */
export async function nextOptionReturnAt(db: Kysely<Database>, restaurantId: string, now: number): Promise<number | null> {
  const at = await nextOptionReturn(db, restaurantId, new Date(now).toISOString());
  return at ? Date.parse(at) : null;
}
