import type { S3Client } from '@aws-sdk/client-s3';
import { keyUnderBases, withTrailingSlash, type FileStorage } from './file-storage.ts';

export interface S3StorageConfig {
  bucket: string;
  /** the bucket's public address */
  publicUrl: string;
  /** where guests load the objects from when a CDN sits in front of the bucket (IMAGE_PUBLIC_BASE_URL) */
  cdnUrl?: string;
  /** for stores other than AWS (MinIO, Cloudflare R2, Garage…) */
  endpoint?: string;
  region: string;
  /** without keys the SDK's own chain applies (environment, instance role) */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** Keys are ours (`restaurants/{id}/images/{id}/…`); still, never a path that climbs or starts at the root. */
function assertSafeObjectKey(key: string): string {
  if (key.includes('\0') || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return key;
}

function isMissingObject(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

/**
 * Images in an S3-compatible bucket, so any number of app servers share one store. Objects never
 * change once written (each upload has a folder of its own), so they are cached for a year. The
 * SDK is loaded on first use: a server on local disk never pays for it.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const bucketBase = withTrailingSlash(config.publicUrl);
  const base = config.cdnUrl ? withTrailingSlash(config.cdnUrl) : bucketBase;
  const bases = base === bucketBase ? [base] : [base, bucketBase];
  const Bucket = config.bucket;
  let connection: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      }),
    })));

  return {
    async put(key, body, contentType) {
      const Key = assertSafeObjectKey(key);
      const { client, s3 } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
      return { url: base + Key };
    },
    async read(key) {
      const { client, s3 } = await connect();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: assertSafeObjectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { client, s3 } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: assertSafeObjectKey(key) }));
    },
    async deleteFolder(prefix) {
      const { client, s3 } = await connect();
      const Prefix = `${assertSafeObjectKey(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (Objects.length > 0) {
          // a multi-delete answers 200 even when some keys failed; those are listed, not thrown
          const { Errors } = await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
          if (Errors && Errors.length > 0) throw new Error(`Could not delete ${Errors.length} object(s) under ${Prefix}: ${Errors[0]?.Code ?? 'unknown'} ${Errors[0]?.Key ?? ''}`);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
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
