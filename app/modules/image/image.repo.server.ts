import type { Kysely, Transaction } from 'kysely';
import type { Database, NewStoredImage } from '#app/db/schema.ts';
import { acrossRestaurants, tenant, type TenantSelect } from '#app/db/tenant.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Records one uploaded image of a restaurant (the row carries its restaurantId). */
export async function insertStoredImage(db: Db, row: NewStoredImage): Promise<void> {
  await db.insertInto('storedImage').values(row).execute();
}

/**
 * A restaurant's upload quota figures, from its storedImage rows: how many were uploaded since
 * `since`, and the bytes all of them take (`size`, the JPEG's).
 */
export async function findUploadUsage(db: Db, restaurantId: string, since: string): Promise<{ uploadsSince: number; storedBytes: number }> {
  const row = await tenant(db, restaurantId)
    .selectFrom('storedImage')
    .select((eb) => [
      eb.fn.sum<string | number | null>(eb.case().when('createdAt', '>=', since).then(1).else(0).end()).as('uploadsSince'),
      eb.fn.sum<string | number | null>('size').as('storedBytes'),
    ])
    .executeTakeFirstOrThrow();
  return { uploadsSince: Number(row.uploadsSince ?? 0), storedBytes: Number(row.storedBytes ?? 0) };
}

/** The restaurant's permanent short code, which names the folder of its uploads. */
export async function findRestaurantShortCode(db: Db, restaurantId: string): Promise<string> {
  const row = await tenant(db, restaurantId).selectFrom('restaurant').select('shortCode').executeTakeFirstOrThrow();
  return row.shortCode;
}

/**
 * Of the given picture keys, those the restaurant still shows somewhere: its logo and cover, its
 * categories and products. A new place that can show an image must be added here and to
 * `unusedUploadCondition` below.
 */
export async function listImageKeysInUse(db: Db, restaurantId: string, candidates: readonly string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const [categories, products, restaurant] = await Promise.all([
    tenant(db, restaurantId).selectFrom('category').select('imageKey').where('imageKey', 'in', candidates).execute(),
    tenant(db, restaurantId).selectFrom('product').select('imageKey').where('imageKey', 'in', candidates).execute(),
    tenant(db, restaurantId).selectFrom('restaurant').select(['logoKey', 'coverImageKey']).executeTakeFirst(),
  ]);
  return [...categories, ...products]
    .map((row) => row.imageKey)
    .concat(restaurant ? [restaurant.logoKey, restaurant.coverImageKey] : [])
    .filter((key): key is string => Boolean(key));
}

/** The storedImage rows of a restaurant behind some keys. */
export function listStoredImagesByKey(db: Db, restaurantId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return tenant(db, restaurantId).selectFrom('storedImage').select(['id', 'path', 'variants']).where('path', 'in', keys).execute();
}

/** Forgets storedImage rows of a restaurant, by id. */
export async function deleteStoredImageRows(db: Db, restaurantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tenant(db, restaurantId).deleteFrom('storedImage').where('id', 'in', ids).execute();
}

/**
 * `storedImage` rows nothing shows: no product, category, logo or cover of their restaurant
 * names their key. Repeats what listImageKeysInUse checks, so a sweep's batch does not fill up
 * with images still in use.
 */
function unusedUpload(uploads: TenantSelect<'storedImage'>) {
  return uploads.where(({ not, exists, selectFrom, or, eb }) =>
    not(
      or([
        exists(selectFrom('product').select('product.id').whereRef('product.restaurantId', '=', 'storedImage.restaurantId').whereRef('product.imageKey', '=', 'storedImage.path')),
        exists(
          selectFrom('category').select('category.id').whereRef('category.restaurantId', '=', 'storedImage.restaurantId').whereRef('category.imageKey', '=', 'storedImage.path'),
        ),
        exists(
          selectFrom('restaurant')
            .select('restaurant.id')
            .whereRef('restaurant.id', '=', 'storedImage.restaurantId')
            .where((inner) => inner.or([inner('restaurant.logoKey', '=', eb.ref('storedImage.path')), inner('restaurant.coverImageKey', '=', eb.ref('storedImage.path'))])),
        ),
      ]),
    ),
  );
}

/**
 * The restaurants (a platform-wide read, for the scheduled sweep) that have an upload older than
 * `before` that no product, category, logo or cover shows: an upload whose form was never saved.
 * The sweep then works on each restaurant under its row lock and checks again.
 */
export async function listRestaurantsWithAbandonedUploads(db: Kysely<Database>, before: string, limit = 1000): Promise<string[]> {
  const rows = await unusedUpload(acrossRestaurants(db, 'the sweep looks for abandoned uploads in every restaurant').selectFrom('storedImage'))
    .select('storedImage.restaurantId')
    .distinct()
    .where('storedImage.createdAt', '<', before)
    .orderBy('storedImage.restaurantId')
    .limit(limit)
    .execute();
  return rows.map((row) => row.restaurantId);
}

/** One restaurant's uploads older than `before` that nothing shows, oldest first, at most `limit`. */
export async function listAbandonedUploadKeys(db: Db, restaurantId: string, before: string, limit = 500): Promise<string[]> {
  const rows = await unusedUpload(tenant(db, restaurantId).selectFrom('storedImage'))
    .select('storedImage.path')
    .where('storedImage.createdAt', '<', before)
    .orderBy('storedImage.createdAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.path);
}
