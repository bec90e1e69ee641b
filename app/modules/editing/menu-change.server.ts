import type { Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { enqueueReleasedFilesDeletion, releaseUnusedImages } from '#app/modules/image/image-cleanup.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';

export interface MenuChange {
  trx: Transaction<Database>;
  /** the caller's scope over this transaction: repositories and recordAudit use it, so the audit row commits with the change */
  scope: RestaurantScope;
  /** images this change stopped using; freed (rows now, files after commit) when nobody else uses them */
  release(keys: readonly (string | null | undefined)[]): Promise<void>;
}

/**
 * Every edit a guest could see runs through here: one transaction that first bumps the menu
 * version (taking the restaurant's row lock, and making every app process render afresh), and
 * image files deleted by a job that exists only if it commits. `work` records the change's audit event through
 * `change.scope`; a refused change throws, and nothing of it (audit row included) is kept.
 */
export async function changeMenu<T>(scope: RestaurantScope, storage: FileStorage, work: (change: MenuChange) => Promise<T>): Promise<T> {
  // each caller checked its own permission first; this refuses a scope nobody made before the transaction
  authorize(scope, 'restaurant.view');
  const { restaurantId } = scope;
  const result = await scope.db.transaction().execute(async (trx) => {
    // the restaurant's row lock first, always: concurrent edits of one restaurant queue up here
    // instead of locking rows in different orders (PostgreSQL deadlocks, a miscounted cascade)
    await bumpMenuVersion(trx, restaurantId);
    const candidates: string[] = [];
    const value = await work({
      trx,
      scope: withDb(scope, trx),
      async release(keys) {
        for (const key of keys) if (key) candidates.push(key);
      },
    });
    // checked last, so an image moved from one row to another in the same change stays
    // their files go through a job enqueued here: it exists only if this change commits
    await enqueueReleasedFilesDeletion(trx, restaurantId, await releaseUnusedImages(trx, restaurantId, candidates));
    return value;
  });
  return result;
}
