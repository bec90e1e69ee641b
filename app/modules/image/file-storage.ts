/**
 * What every image storage offers (local disk in storage.server.ts, a bucket in
 * s3-storage.server.ts), and how the database names a picture (docs/decisions/0013-image-keys.md).
 * Safe to import anywhere: no Node or SDK imports.
 */
export interface FileStorage {
  /** writes a file; answers the public URL it is served at now */
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  /** the bytes stored under a key, or undefined when there is no such file */
  read(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** removes every file under a folder key, e.g. `restaurants/{id}` when an account is deleted */
  deleteFolder(prefix: string): Promise<void>;
  /** where guests load a key from: the configured public base (a CDN, the bucket, /uploads/) + the key */
  publicUrl(key: string): string;
  /** whether a URL points into this storage, under its public base or its own address */
  owns(url: string): boolean;
  /** the storage key behind one of its URLs (older job payloads still carry URLs) */
  keyOf(url: string): string | undefined;
}

/**
 * A picture column (`imageKey`, `logoKey`, `coverImageKey`) holds either one of our storage keys
 * (`r/{code}/{id}/image.jpg`) or, for a picture that is not one of our uploads, `ext:` followed by
 * its URL. Only keys are ever deleted (docs/product-spec.md section 5: a picture that is not ours is kept).
 */
export const EXTERNAL_IMAGE_PREFIX = 'ext:';

/** Whether a stored picture is one of our uploads (a key), not an external URL. */
export function isOwnImageRef(ref: string): boolean {
  return ref !== '' && !ref.startsWith(EXTERNAL_IMAGE_PREFIX);
}

/** A stored picture as a URL a browser can load: a key through the storage's public base, an external URL as it was. */
export function imageUrlOf(storage: Pick<FileStorage, 'publicUrl'>, ref: string): string {
  return ref.startsWith(EXTERNAL_IMAGE_PREFIX) ? ref.slice(EXTERNAL_IMAGE_PREFIX.length) : storage.publicUrl(ref);
}

/** A public base ending in exactly one slash, so base + key is a URL. */
export function withTrailingSlash(base: string): string {
  return `${base.replace(/\/+$/, '')}/`;
}

/** A URL-matching helper shared by the storages: the key behind a URL under any of the bases, if any. */
export function keyUnderBases(bases: readonly string[], url: string): string | undefined {
  for (const base of bases) if (url.startsWith(base) && url.length > base.length) return url.slice(base.length);
  return undefined;
}
