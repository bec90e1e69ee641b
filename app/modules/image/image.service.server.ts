import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { logger } from '#app/logger.server.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { processImage } from './image-processing.server.ts';
import { getRestaurantQuotas } from '#app/env.server.ts';
import { lockRestaurantRow } from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { RestaurantQuotas } from '#app/env.types.ts';
import { UPLOAD_QUOTA_WINDOW_MS } from '#app/modules/restaurant/quotas.ts';
import { findRestaurantShortCode, findUploadUsage, insertStoredImage } from './image.repo.server.ts';
import type { ImageKind } from './image.schema.ts';
import type { FileStorage } from './file-storage.ts';

/** One WebP copy as stored: its width and its storage key. */
export interface ImageVariant {
  width: number;
  key: string;
}

export interface SavedImage {
  id: string;
  /** the JPEG's storage key, what picture columns store */
  key: string;
  url: string;
  /** WebP copies, narrowest first, with the URLs they are served at */
  variants: { width: number; url: string }[];
}

/** The stored JPEG's file name carries its kind, as the by-name rule of docs/product-spec.md section 5 expects. */
const JPEG_NAME: Record<ImageKind, string> = { logo: 'logo', cover: 'cover', other: 'image' };

/**
 * Every upload gets its own folder: /uploads is served as immutable, so a URL never changes
 * content. New folders are short (`r/{restaurant short code}/{12 random characters}`): a dish's
 * `<picture>` carries three of them. The short code is unique and permanent, so the folder of one
 * restaurant never holds another's files. Uploads before decision 0013 keep their long keys.
 */
function imageFolder(shortCode: string): string {
  return `${restaurantImagesFolder(shortCode)}/${randomBytes(9).toString('base64url')}`;
}

/** The folder holding every upload of a restaurant since decision 0013 (deleted with the account). */
export function restaurantImagesFolder(shortCode: string): string {
  return `r/${shortCode}`;
}

/** An upload's own folder, in the current layout or the one before decision 0013. */
const OWN_FOLDER = /^(r\/[^/]+\/[^/]+|restaurants\/[^/]+\/images\/[^/]+)\/[^/]+$/;

/**
 * The original file name, made safe to keep and to offer as a download name: no folders, no
 * control or bidi characters, at most 100 characters, and `.jpg` since the content now is JPEG.
 */
export function sanitiseImageName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const stem = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\.[^.]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return `${stem || 'image'}.jpg`;
}

/**
 * Refuses an upload over the restaurant's quotas: uploads in the last hour, and stored bytes with
 * `addingBytes` more. Authoritative only under the restaurant's row lock.
 */
async function requireUploadRoom(db: Kysely<Database>, restaurantId: string, quotas: RestaurantQuotas, addingBytes: number): Promise<void> {
  const usage = await findUploadUsage(db, restaurantId, new Date(Date.now() - UPLOAD_QUOTA_WINDOW_MS).toISOString());
  if (usage.uploadsSince >= quotas.uploadsPerHour) throw new AppError('upload-limit-reached', { limit: quotas.uploadsPerHour });
  if (usage.storedBytes + addingBytes > quotas.storageBytes) throw new AppError('storage-limit-reached', { limitMb: Math.floor(quotas.storageBytes / (1024 * 1024)) });
}

/**
 * docs/product-spec.md section 5: processes an upload (see processImage for what is refused and why), stores the
 * JPEG and its WebP variants under a folder of their own, and records the storedImage row.
 * Nothing is half-saved: if a file or the row cannot be written, the files already written are
 * removed and the error is thrown on. The row and its audit event are written in one transaction.
 * Quotas: refused with 'upload-limit-reached' after the hourly number of uploads and with
 * 'storage-limit-reached' when the stored bytes would pass the limit; checked once before the
 * costly processing and again under the restaurant's row lock, where concurrent uploads queue.
 */
export async function saveUploadedImage(
  scope: RestaurantScope,
  storage: FileStorage,
  input: { kind: ImageKind; file: Buffer; name: string },
  quotas: RestaurantQuotas = getRestaurantQuotas(),
): Promise<SavedImage> {
  authorize(scope, 'menu.edit');
  const { restaurantId } = scope;
  await requireUploadRoom(scope.db, restaurantId, quotas, 0);
  const processed = await processImage(input.file, input.kind);
  const id = newId();
  const folder = imageFolder(await findRestaurantShortCode(scope.db, restaurantId));
  const jpegKey = `${folder}/${JPEG_NAME[input.kind]}.jpg`;
  const files = [
    { key: jpegKey, body: processed.jpeg, contentType: 'image/jpeg' },
    ...processed.variants.map((variant) => ({ key: `${folder}/${variant.width}.webp`, body: variant.webp, contentType: 'image/webp' })),
  ];
  try {
    // allSettled, not all: every write has finished (or failed) before any clean-up starts
    const settled = await Promise.allSettled(files.map((file) => storage.put(file.key, file.body, file.contentType)));
    for (const result of settled) if (result.status === 'rejected') throw result.reason;
    const variants = processed.variants.map((variant) => ({ width: variant.width, key: `${folder}/${variant.width}.webp` }));
    const name = sanitiseImageName(input.name);
    await scope.db.transaction().execute(async (trx) => {
      // the lock every menu edit takes first: concurrent uploads of one restaurant count in turn
      await lockRestaurantRow(trx, restaurantId);
      await requireUploadRoom(trx, restaurantId, quotas, processed.jpeg.length);
      await insertStoredImage(trx, {
        id,
        restaurantId,
        path: jpegKey,
        name,
        size: processed.jpeg.length,
        contentType: 'image/jpeg',
        width: processed.width,
        height: processed.height,
        variants: JSON.stringify(Object.fromEntries(variants.map((variant) => [String(variant.width), variant.key]))),
        downloadToken: randomBytes(24).toString('base64url'),
        createdAt: new Date().toISOString(),
      });
      await recordAudit(withDb(scope, trx), { action: 'image.upload', target: { type: 'image', id }, after: { name, kind: input.kind } });
    });
    return { id, key: jpegKey, url: storage.publicUrl(jpegKey), variants: variants.map((variant) => ({ width: variant.width, url: storage.publicUrl(variant.key) })) };
  } catch (error) {
    try {
      await storage.deleteFolder(folder);
    } catch (cleanupError) {
      logger.error({ err: cleanupError, folder }, 'could not remove the files of a failed image upload');
    }
    throw error;
  }
}

/** The WebP variants recorded in a storedImage row (`{ "200": key, ... }`), narrowest first. */
export function parseImageVariants(variants: string | null): ImageVariant[] {
  if (!variants) return [];
  try {
    const parsed: unknown = JSON.parse(variants);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed)
      .filter((entry): entry is [string, string] => /^\d+$/.test(entry[0]) && typeof entry[1] === 'string')
      .map(([width, key]) => ({ width: Number(width), key }))
      .sort((a, b) => a.width - b.width);
  } catch {
    return [];
  }
}

/**
 * The key a released image names. Released images carry keys; a job enqueued before decision 0013
 * carries the URL, which this storage turns back into its key. Anything else that looks like a
 * URL is not ours and is left alone (docs/product-spec.md section 5).
 */
function releasedKey(storage: FileStorage, value: string): string | undefined {
  const fromUrl = storage.keyOf(value);
  if (fromUrl) return fromUrl;
  return value === '' || value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value) ? undefined : value;
}

/**
 * Deletes the files of one storedImage row: its JPEG and its WebP variants, by key (docs/product-spec.md section 5:
 * only our own images are deleted, and an external picture has no key). For the cascade-delete
 * logic; the row itself is the caller's to delete.
 */
export async function deleteStoredImageFiles(storage: FileStorage, row: { key: string; variants: string }): Promise<void> {
  const keys = [row.key, ...parseImageVariants(row.variants).map((variant) => variant.key)]
    .map((value) => releasedKey(storage, value))
    .filter((key): key is string => Boolean(key));
  await Promise.all(keys.map((key) => storage.delete(key)));
  // an upload's own folder is empty now; older layouts (the demo seed's) share folders and are left
  const folder = keys[0] ? OWN_FOLDER.exec(keys[0])?.[1] : undefined;
  if (folder && keys.every((key) => key.startsWith(`${folder}/`))) await storage.deleteFolder(folder);
}
