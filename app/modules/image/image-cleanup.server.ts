import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { imagesToRemove } from './release-rule.ts';
import { lockRestaurantRow } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { deleteStoredImageFiles } from './image.service.server.ts';
import { assertSystem, authorize, type RestaurantScope, type SystemScope } from '#app/modules/access/scope.server.ts';
import { forRestaurant } from '#app/modules/access/system-scope.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { deleteStoredImageRows, listAbandonedUploadKeys, listImageKeysInUse, listRestaurantsWithAbandonedUploads, listStoredImagesByKey } from './image.repo.server.ts';
import { isOwnImageRef, type FileStorage } from './file-storage.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An image whose files may go once the transaction that freed it has committed: its JPEG's key and its variants (JSON of keys). */
export type ReleasedImage = { key: string; variants: string };

/**
 * What the `image.delete-files` job carries per image. Its `url` field holds the key since
 * decision 0013; a job enqueued before that still holds the URL, and deletion accepts both.
 */
type ReleasedImagePayload = { url: string; variants: string };

/**
 * docs/product-spec.md sections 4 and 5, inside the caller's transaction: of the pictures the caller stopped
 * using, forgets those nobody in the restaurant uses any more and that are our uploads (keys, not
 * `ext:` URLs). Returns what to delete once the transaction has committed (files go only after
 * the rows are gone).
 */
export async function releaseUnusedImages(trx: Db, restaurantId: string, candidates: readonly string[]): Promise<ReleasedImage[]> {
  const unused = imagesToRemove(candidates, await listImageKeysInUse(trx, restaurantId, candidates), isOwnImageRef);
  if (unused.length === 0) return [];
  const rows = await listStoredImagesByKey(trx, restaurantId, unused);
  await deleteStoredImageRows(
    trx,
    restaurantId,
    rows.map((row) => row.id),
  );
  const recorded = new Set(rows.map((row) => row.path));
  // an owned file without a row (written before rows were kept) still goes, alone
  return [...rows.map((row) => ({ key: row.path, variants: row.variants })), ...unused.filter((key) => !recorded.has(key)).map((key) => ({ key, variants: '{}' }))];
}

/**
 * Deletes released files (the `image.delete-files` job). Every file is tried; if any could not be
 * deleted this throws, so the job retries (deleting a file already gone is not an error).
 */
export async function deleteReleasedFiles(storage: FileStorage, released: readonly ReleasedImagePayload[]): Promise<void> {
  const results = await Promise.allSettled(released.map((image) => deleteStoredImageFiles(storage, { key: image.url, variants: image.variants })));
  const failed = results.flatMap((result, i) => (result.status === 'rejected' ? [{ key: released[i]!.url, error: result.reason as unknown }] : []));
  if (failed.length === 0) return;
  for (const { key, error } of failed) logger.warn({ err: error, key }, 'could not delete an image file');
  const first = failed[0]!.error;
  throw new Error(`could not delete ${failed.length} of ${released.length} image files: ${first instanceof Error ? first.message : String(first)}`);
}

/** Enqueues the deletion of released files inside the transaction that released them: they go only if it commits. */
export async function enqueueReleasedFilesDeletion(trx: Db, restaurantId: string, released: readonly ReleasedImage[]): Promise<void> {
  if (released.length === 0) return;
  await enqueueJob(trx, { type: 'image.delete-files', payload: { restaurantId, images: released.map(({ key, variants }) => ({ url: key, variants })) } });
}

/** How long an upload may wait for the form that uses it to be saved. */
export const ABANDONED_UPLOAD_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads whose form was never saved (the owner uploaded, then left or removed the picture) are
 * forgotten after a day; anything still shown anywhere stays. Their rows go now, their files
 * through an `image.delete-files` job enqueued in the same transaction. Run by the hourly
 * `image.sweep` job, through `forRestaurant(systemScope(db, 'job:image.sweep'), id)`, for every
 * restaurant that has some; returns how many went.
 */
export async function sweepAbandonedUploads(scope: RestaurantScope, storage: FileStorage, now = new Date()): Promise<number> {
  authorize(scope, 'menu.edit');
  const { restaurantId } = scope;
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_AFTER_MS).toISOString();
  const released = await scope.db.transaction().execute(async (trx) => {
    // the same lock every menu edit takes first, so no save can start using an image meanwhile
    await lockRestaurantRow(trx, restaurantId);
    const old = await listAbandonedUploadKeys(trx, restaurantId, before);
    const released = await releaseUnusedImages(trx, restaurantId, old);
    await enqueueReleasedFilesDeletion(trx, restaurantId, released);
    return released;
  });
  return released.length;
}

/**
 * The scheduled sweep (`image.sweep`): every restaurant with uploads older than a day that nothing
 * shows, one transaction per restaurant. A restaurant that fails is logged and left for the next
 * run; returns how many uploads went.
 */
export async function sweepAllAbandonedUploads(scope: SystemScope, storage: FileStorage, now = new Date()): Promise<number> {
  assertSystem(scope);
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_AFTER_MS).toISOString();
  let swept = 0;
  for (const restaurantId of await listRestaurantsWithAbandonedUploads(scope.db, before)) {
    try {
      swept += await sweepAbandonedUploads(forRestaurant(scope, restaurantId), storage, now);
    } catch (error) {
      logger.warn({ err: error, restaurantId }, 'could not sweep abandoned uploads');
    }
  }
  return swept;
}
