import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { getEnv, type Env } from '#app/env.server.ts';
import { imageUrlOf, keyUnderBases, withTrailingSlash, type FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.server.ts';

/** Where image files live: local disk by default; an S3-compatible bucket (s3-storage.server.ts) implements the same interface. */
export type { FileStorage } from './file-storage.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';

function assertSafeKey(key: string): string {
  const clean = normalize(key);
  if (clean.startsWith('..') || clean.startsWith(sep) || clean.includes(`${sep}..${sep}`) || clean.includes('\0')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return clean;
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * Files under a folder, served by the HTTP server at /uploads/ with immutable caching. With a CDN
 * in front (`publicBaseUrl`), guests load them from there; /uploads/ URLs are still recognised.
 */
export function createLocalDiskStorage(root: string, publicBaseUrl: string = UPLOADS_URL_PREFIX): FileStorage {
  const base = withTrailingSlash(publicBaseUrl);
  const bases = base === UPLOADS_URL_PREFIX ? [base] : [base, UPLOADS_URL_PREFIX];
  return {
    async put(key, body) {
      const safe = assertSafeKey(key);
      const file = join(root, safe);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      return { url: base + safe.split(sep).join('/') };
    },
    async read(key) {
      try {
        return await readFile(join(root, assertSafeKey(key)));
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(join(root, assertSafeKey(key)), { force: true });
    },
    async deleteFolder(prefix) {
      await rm(join(root, assertSafeKey(prefix)), { recursive: true, force: true });
    },
    publicUrl(key) {
      return base + key;
    },
    owns(url) {
      return keyUnderBases(bases, url) !== undefined;
    },
    keyOf(url) {
      return keyUnderBases(bases, url);
    },
  };
}

/** The folder local-disk uploads go to. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** The storage the configuration names: a bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export function createConfiguredStorage(env: Env): FileStorage {
  if (env.S3_BUCKET && env.S3_PUBLIC_URL) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      publicUrl: env.S3_PUBLIC_URL,
      cdnUrl: env.IMAGE_PUBLIC_BASE_URL,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalDiskStorage(uploadsDir(env.DATA_DIR), env.IMAGE_PUBLIC_BASE_URL);
}

let storage: FileStorage | undefined;

/** The process-wide storage from configuration. */
export function getStorage(): FileStorage {
  storage ??= createConfiguredStorage(getEnv());
  return storage;
}

/**
 * A stored picture (a key of ours, or `ext:` + an external URL) as the URL a browser loads, built
 * from the configuration on every read: moving the bucket or adding a CDN changes no row.
 */
export function publicImageUrl(ref: string): string;
export function publicImageUrl(ref: string | null): string | null;
export function publicImageUrl(ref: string | null): string | null {
  return ref ? imageUrlOf(getStorage(), ref) : null;
}
