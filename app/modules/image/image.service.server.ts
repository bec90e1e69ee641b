import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, StoredImageTable } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { processImage } from './image-processing.server.ts';
import { insertStoredImage } from './image.repo.server.ts';
import type { ImageKind } from './image.schema.ts';
import type { FileStorage } from './storage.server.ts';

export interface ImageVariant {
  width: number;
  url: string;
}

export interface SavedImage {
  id: string;
  url: string;
  /** WebP copies, narrowest first */
  variants: ImageVariant[];
}

/** The stored JPEG's file name carries its kind, as the spec's by-name rule expects. */
const JPEG_NAME: Record<ImageKind, string> = { logo: 'logo', cover: 'cover', other: 'image' };

/** Every upload gets its own folder: /uploads is served as immutable, so a URL never changes content. */
function imageFolder(restaurantId: string, imageId: string): string {
  return `restaurants/${restaurantId}/images/${imageId}`;
}

const OWN_FOLDER = /^(restaurants\/[^/]+\/images\/[^/]+)\/[^/]+$/;

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
 * Spec section 5: processes an upload (see processImage for what is refused and why), stores the
 * JPEG and its WebP variants under a folder of their own, and records the storedImage row.
 * Nothing is half-saved: if a file or the row cannot be written, the files already written are
 * removed and the error is thrown on. The caller has checked the owner (requireRestaurantOwner).
 */
export async function saveUploadedImage(
  db: Kysely<Database>,
  storage: FileStorage,
  input: { restaurantId: string; kind: ImageKind; file: Buffer; name: string },
): Promise<SavedImage> {
  const processed = await processImage(input.file, input.kind);
  const id = newId();
  const folder = imageFolder(input.restaurantId, id);
  const jpegKey = `${folder}/${JPEG_NAME[input.kind]}.jpg`;
  const files = [
    { key: jpegKey, body: processed.jpeg, contentType: 'image/jpeg' },
    ...processed.variants.map((variant) => ({ key: `${folder}/${variant.width}.webp`, body: variant.webp, contentType: 'image/webp' })),
  ];
  try {
    // allSettled, not all: every write has finished (or failed) before any clean-up starts
    const settled = await Promise.allSettled(files.map((file) => storage.put(file.key, file.body, file.contentType)));
    const urls: string[] = [];
    for (const result of settled) {
      if (result.status === 'rejected') throw result.reason;
      urls.push(result.value.url);
    }
    const [url = '', ...variantUrls] = urls;
    const variants = processed.variants.map((variant, index) => ({ width: variant.width, url: variantUrls[index] ?? '' }));
    await insertStoredImage(db, {
      id,
      restaurantId: input.restaurantId,
      path: jpegKey,
      url,
      name: sanitiseImageName(input.name),
      size: processed.jpeg.length,
      contentType: 'image/jpeg',
      width: processed.width,
      height: processed.height,
      variants: JSON.stringify(Object.fromEntries(variants.map((variant) => [String(variant.width), variant.url]))),
      downloadToken: randomBytes(24).toString('base64url'),
      createdAt: new Date().toISOString(),
    });
    return { id, url, variants };
  } catch (error) {
    try {
      await storage.deleteFolder(folder);
    } catch (cleanupError) {
      logger.error({ err: cleanupError, folder }, 'could not remove the files of a failed image upload');
    }
    throw error;
  }
}

/** The WebP variants recorded in a storedImage row (`{ "200": url, ... }`), narrowest first. */
export function parseImageVariants(variants: string): ImageVariant[] {
  try {
    const parsed: unknown = JSON.parse(variants);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed)
      .filter((entry): entry is [string, string] => /^\d+$/.test(entry[0]) && typeof entry[1] === 'string')
      .map(([width, url]) => ({ width: Number(width), url }))
      .sort((a, b) => a.width - b.width);
  } catch {
    return [];
  }
}

/**
 * Deletes the files of one storedImage row: its JPEG and its WebP variants, and only those whose
 * URLs point into this storage (spec section 5: only our own images are deleted). For the
 * cascade-delete logic; the row itself is the caller's to delete.
 */
export async function deleteStoredImageFiles(
  storage: FileStorage,
  row: Pick<Selectable<StoredImageTable>, 'url' | 'variants'>,
): Promise<void> {
  const keys = [row.url, ...parseImageVariants(row.variants).map((variant) => variant.url)]
    .filter((url) => storage.owns(url))
    .map((url) => storage.keyOf(url))
    .filter((key): key is string => Boolean(key));
  await Promise.all(keys.map((key) => storage.delete(key)));
  // an upload's own folder is empty now; older layouts (the demo seed's) share folders and are left
  const folder = keys[0] ? OWN_FOLDER.exec(keys[0])?.[1] : undefined;
  if (folder && keys.every((key) => key.startsWith(`${folder}/`))) await storage.deleteFolder(folder);
}
