import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getImageOrigin, parseEnv } from '#app/env.server.ts';
import { imageUrlOf } from './file-storage.ts';
import { createS3Storage } from './s3-storage.server.ts';
import { createConfiguredStorage, createLocalDiskStorage, type FileStorage } from './storage.server.ts';

const root = mkdtempSync(join(tmpdir(), 'bucate-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * The S3 side runs against s3rver, a real S3-protocol server in this process (the SDK signs and
 * sends real HTTP requests to it); nothing is mocked.
 */
let s3rver: S3rver;
let s3Endpoint = '';
beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(root, 's3'), configureBuckets: [{ name: 'bucate', configs: [] }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => s3rver.close());

const s3 = () =>
  createS3Storage({
    bucket: 'bucate',
    publicUrl: `${s3Endpoint}/bucate/`,
    endpoint: s3Endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

describe.each([
  ['local disk', () => createLocalDiskStorage(join(root, 'uploads'))],
  ['an S3-compatible bucket', s3],
] as const)('image storage on %s', (_where, make: () => FileStorage) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('reads back what was put, through the key behind its URL', async () => {
    const body = Buffer.from('logo bytes');
    const { url } = await storage.put('restaurants/r1/logo.jpg', body, 'image/jpeg');
    expect(storage.owns(url)).toBe(true);
    expect(storage.keyOf(url)).toBe('restaurants/r1/logo.jpg');
    expect(await storage.read(storage.keyOf(url)!)).toEqual(body);
  });

  it('answers undefined for a file that is not there', async () => {
    expect(await storage.read('restaurants/r1/missing.jpg')).toBeUndefined();
    expect(await storage.read('restaurants/nobody/logo.jpg')).toBeUndefined();
  });

  it('owns only its own addresses (docs/product-spec.md section 5: only our images are deleted)', () => {
    for (const url of ['https://cdn.example.com/restaurants/r1/logo.jpg', 'data:image/png;base64,AAAA', '/assets/logo.svg']) {
      expect(storage.owns(url), url).toBe(false);
      expect(storage.keyOf(url), url).toBeUndefined();
    }
  });

  it('deletes one file, then a whole folder, and nothing beside it', async () => {
    await storage.put('restaurants/r2/images/a/image.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('restaurants/r2/images/b/image.jpg', Buffer.from('b'), 'image/jpeg');
    await storage.put('restaurants/r20/images/c/image.jpg', Buffer.from('c'), 'image/jpeg');
    await storage.delete('restaurants/r2/images/a/image.jpg');
    expect(await storage.read('restaurants/r2/images/a/image.jpg')).toBeUndefined();
    expect(await storage.read('restaurants/r2/images/b/image.jpg')).toEqual(Buffer.from('b'));
    await storage.deleteFolder('restaurants/r2');
    expect(await storage.read('restaurants/r2/images/b/image.jpg')).toBeUndefined();
    // a folder whose name merely starts the same is another restaurant's
    expect(await storage.read('restaurants/r20/images/c/image.jpg')).toEqual(Buffer.from('c'));
    // deleting what is already gone is no error
    await storage.delete('restaurants/r2/images/b/image.jpg');
  });

  it('refuses keys that leave the storage folder', async () => {
    for (const key of ['../outside.txt', 'restaurants/../../outside.txt', '/etc/passwd', 'a\0b']) {
      await expect(storage.read(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('local disk storage', () => {
  it('answers undefined for a folder read as a file', async () => {
    const storage = createLocalDiskStorage(join(root, 'folders'));
    await storage.put('restaurants/r1/logo.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.read('restaurants/r1')).toBeUndefined();
  });
});

describe('the configured storage', () => {
  it('is local disk with nothing set, and a bucket with S3_BUCKET and S3_PUBLIC_URL', async () => {
    const local = createConfiguredStorage(parseEnv({ DATA_DIR: join(root, 'data') }));
    expect((await local.put('k/x.jpg', Buffer.from('x'), 'image/jpeg')).url).toBe('/uploads/k/x.jpg');
    const bucket = createConfiguredStorage(
      parseEnv({
        S3_BUCKET: 'bucate',
        S3_PUBLIC_URL: `${s3Endpoint}/bucate`,
        S3_ENDPOINT: s3Endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    const { url } = await bucket.put('k/y.jpg', Buffer.from('y'), 'image/jpeg');
    expect(url).toBe(`${s3Endpoint}/bucate/k/y.jpg`);
    // what a guest's browser does: the object is there at its public address, cached for a year
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from('y'));
  });

  it('builds public URLs from IMAGE_PUBLIC_BASE_URL when a CDN fronts the storage, and still knows the old addresses', () => {
    const bucketEnv = {
      S3_BUCKET: 'bucate',
      S3_PUBLIC_URL: `${s3Endpoint}/bucate`,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const plain = createConfiguredStorage(parseEnv(bucketEnv));
    expect(plain.publicUrl('r/abc/k/image.jpg')).toBe(`${s3Endpoint}/bucate/r/abc/k/image.jpg`);
    const cdnEnv = parseEnv({ ...bucketEnv, IMAGE_PUBLIC_BASE_URL: 'https://cdn.example.com/img' });
    const viaCdn = createConfiguredStorage(cdnEnv);
    expect(viaCdn.publicUrl('r/abc/k/image.jpg')).toBe('https://cdn.example.com/img/r/abc/k/image.jpg');
    expect(viaCdn.keyOf(`${s3Endpoint}/bucate/r/abc/k/image.jpg`)).toBe('r/abc/k/image.jpg');
    expect(viaCdn.keyOf('https://cdn.example.com/img/r/abc/k/image.jpg')).toBe('r/abc/k/image.jpg');
    expect(getImageOrigin(cdnEnv)).toBe('https://cdn.example.com');

    const localCdn = parseEnv({ DATA_DIR: join(root, 'data'), IMAGE_PUBLIC_BASE_URL: 'https://cdn.example.com/' });
    const local = createConfiguredStorage(localCdn);
    expect(local.publicUrl('r/abc/k/400.webp')).toBe('https://cdn.example.com/r/abc/k/400.webp');
    expect(local.keyOf('/uploads/r/abc/k/400.webp')).toBe('r/abc/k/400.webp');
    expect(getImageOrigin(localCdn)).toBe('https://cdn.example.com');
    expect(getImageOrigin(parseEnv({}))).toBeNull();
    // a picture that is not ours keeps its own address whatever the configuration
    expect(imageUrlOf(local, 'ext:https://elsewhere.example/dish.jpg')).toBe('https://elsewhere.example/dish.jpg');
    expect(imageUrlOf(local, 'r/abc/k/image.jpg')).toBe('https://cdn.example.com/r/abc/k/image.jpg');
  });

  it('refuses a bucket without the address guests load it from, or half a key pair', () => {
    expect(() => parseEnv({ S3_BUCKET: 'bucate' })).toThrow(/S3_PUBLIC_URL/);
    expect(() => parseEnv({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://img.example', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    // as .env.example leaves them: empty is unset
    expect(parseEnv({ S3_BUCKET: '', S3_PUBLIC_URL: '', S3_REGION: '', S3_ACCESS_KEY_ID: '' })).toMatchObject({ S3_BUCKET: undefined, S3_REGION: 'us-east-1' });
  });
});
