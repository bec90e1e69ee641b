import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { getEnv, type Env } from '#app/env.server.ts';
import { createS3Storage } from './s3-storage.server.ts';

/**
 * Where image files live. Local disk by default; an S3-compatible bucket (s3-storage.server.ts)
 * implements the same interface. Keys are relative paths such as `restaurants/{id}/cover.jpg`.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  /** the bytes stored under a key, or undefined when there is no such file */
  read(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** removes every file under a folder key, e.g. `restaurants/{id}` when an account is deleted */
  deleteFolder(prefix: string): Promise<void>;
  /** whether a URL points into this storage (spec section 5: only our own images are deleted) */
  owns(url: string): boolean;
  /** the storage key behind one of its URLs */
  keyOf(url: string): string | undefined;
}

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

/** Files under a folder, served by the HTTP server at /uploads/ with immutable caching. */
export function createLocalDiskStorage(root: string): FileStorage {
  return {
    async put(key, body) {
      const safe = assertSafeKey(key);
      const file = join(root, safe);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      return { url: UPLOADS_URL_PREFIX + safe.split(sep).join('/') };
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
    owns(url) {
      return url.startsWith(UPLOADS_URL_PREFIX);
    },
    keyOf(url) {
      return url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : undefined;
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
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalDiskStorage(uploadsDir(env.DATA_DIR));
}

let storage: FileStorage | undefined;

/** The process-wide storage from configuration. */
export function getStorage(): FileStorage {
  storage ??= createConfiguredStorage(getEnv());
  return storage;
}
