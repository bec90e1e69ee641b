import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { imagesToRemove } from '#app/modules/menu/menu-rules.ts';
import { lockRestaurantRow } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { deleteStoredImageFiles } from './image.service.server.ts';
import type { FileStorage } from './storage.server.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An image whose files may go once the transaction that freed it has committed. */
export type ReleasedImage = { url: string; variants: string };

/** Every image URL a restaurant still shows somewhere: its logo and cover, its categories and products. */
async function imageUrlsInUse(db: Db, restaurantId: string, candidates: readonly string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const [categories, products, restaurant] = await Promise.all([
    db.selectFrom('category').select('imageUrl').where('restaurantId', '=', restaurantId).where('imageUrl', 'in', candidates).execute(),
    db.selectFrom('product').select('imageUrl').where('restaurantId', '=', restaurantId).where('imageUrl', 'in', candidates).execute(),
    db.selectFrom('restaurant').select(['logoUrl', 'coverImageUrl']).where('id', '=', restaurantId).executeTakeFirst(),
  ]);
  return [...categories, ...products].map((row) => row.imageUrl).concat(restaurant ? [restaurant.logoUrl, restaurant.coverImageUrl] : []).filter((url): url is string => Boolean(url));
}

/**
 * Spec sections 4 and 5, inside the caller's transaction: of the images the caller stopped using,
 * forgets those nobody in the restaurant uses any more and that this storage owns. Returns what
 * to delete once the transaction has committed (files go only after the rows are gone).
 */
export async function releaseUnusedImages(trx: Db, storage: FileStorage, restaurantId: string, candidates: readonly string[]): Promise<ReleasedImage[]> {
  const unused = imagesToRemove(candidates, await imageUrlsInUse(trx, restaurantId, candidates), (url) => storage.owns(url));
  if (unused.length === 0) return [];
  const rows = await trx.selectFrom('storedImage').select(['id', 'url', 'variants']).where('restaurantId', '=', restaurantId).where('url', 'in', unused).execute();
  if (rows.length > 0) await trx.deleteFrom('storedImage').where('restaurantId', '=', restaurantId).where('id', 'in', rows.map((row) => row.id)).execute();
  const recorded = new Set(rows.map((row) => row.url));
  // an owned file without a row (written before rows were kept) still goes, alone
  return [...rows, ...unused.filter((url) => !recorded.has(url)).map((url) => ({ url, variants: '{}' }))];
}

/** Deletes released files; a failure leaves an orphan file (logged), never a broken menu. */
export async function deleteReleasedFiles(storage: FileStorage, released: readonly ReleasedImage[]): Promise<void> {
  await Promise.all(
    released.map((image) => deleteStoredImageFiles(storage, image).catch((error: unknown) => logger.warn({ err: error, url: image.url }, 'could not delete an image file'))),
  );
}

/** How long an upload may wait for the form that uses it to be saved. */
export const ABANDONED_UPLOAD_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads whose form was never saved (the owner uploaded, then left or removed the picture) are
 * forgotten after a day, files included; anything still shown anywhere stays. Called after each
 * upload, so a restaurant's leftovers are cleared as it keeps working; returns how many went.
 */
export async function sweepAbandonedUploads(db: Kysely<Database>, storage: FileStorage, restaurantId: string, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_UPLOAD_AFTER_MS).toISOString();
  const released = await db.transaction().execute(async (trx) => {
    // the same lock every menu edit takes first, so no save can start using an image meanwhile.
    // The NOT EXISTS below repeats what releaseUnusedImages checks (rows and the restaurant's
    // pictures): here it keeps the 500-row batch from filling up with images still in use, so a
    // new place that can show an image must be added to both.
    await lockRestaurantRow(trx, restaurantId);
    const old = await trx
      .selectFrom('storedImage')
      .select('url')
      .where('storedImage.restaurantId', '=', restaurantId)
      .where('storedImage.createdAt', '<', before)
      .where(({ not, exists, selectFrom, or, eb }) =>
        not(
          or([
            exists(selectFrom('product').select('product.id').where('product.restaurantId', '=', restaurantId).whereRef('product.imageUrl', '=', 'storedImage.url')),
            exists(selectFrom('category').select('category.id').where('category.restaurantId', '=', restaurantId).whereRef('category.imageUrl', '=', 'storedImage.url')),
            exists(
              selectFrom('restaurant')
                .select('restaurant.id')
                .where('restaurant.id', '=', restaurantId)
                .where((inner) => inner.or([inner('restaurant.logoUrl', '=', eb.ref('storedImage.url')), inner('restaurant.coverImageUrl', '=', eb.ref('storedImage.url'))])),
            ),
          ]),
        ),
      )
      .orderBy('storedImage.createdAt')
      .limit(500)
      .execute();
    return releaseUnusedImages(trx, storage, restaurantId, old.map((row) => row.url));
  });
  await deleteReleasedFiles(storage, released);
  return released.length;
}
