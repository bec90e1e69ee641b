import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { deleteReleasedFiles, releaseUnusedImages, type ReleasedImage } from '#app/modules/image/image-cleanup.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';

export interface MenuChange {
  trx: Transaction<Database>;
  /** images this change stopped using; freed (rows now, files after commit) when nobody else uses them */
  release(urls: readonly (string | null | undefined)[]): Promise<void>;
}

/**
 * Every edit a guest could see runs through here: one transaction that first bumps the menu
 * version (taking the restaurant's row lock, and making every app process render afresh), and
 * image files deleted only after it commits.
 */
export async function changeMenu<T>(
  db: Kysely<Database>,
  storage: FileStorage,
  restaurantId: string,
  work: (change: MenuChange) => Promise<T>,
): Promise<T> {
  const released: ReleasedImage[] = [];
  const result = await db.transaction().execute(async (trx) => {
    // the restaurant's row lock first, always: concurrent edits of one restaurant queue up here
    // instead of locking rows in different orders (PostgreSQL deadlocks, a miscounted cascade)
    await bumpMenuVersion(trx, restaurantId);
    const candidates: string[] = [];
    const value = await work({
      trx,
      async release(urls) {
        for (const url of urls) if (url) candidates.push(url);
      },
    });
    // checked last, so an image moved from one row to another in the same change stays
    released.push(...(await releaseUnusedImages(trx, storage, restaurantId, candidates)));
    return value;
  });
  await deleteReleasedFiles(storage, released);
  return result;
}
