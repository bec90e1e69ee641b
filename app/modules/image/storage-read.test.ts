import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './storage.server.ts';

describe('local disk storage: read', () => {
  const root = mkdtempSync(join(tmpdir(), 'bucate-storage-'));
  const storage = createLocalDiskStorage(join(root, 'uploads'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads back what was put, through the key behind its URL', async () => {
    const body = Buffer.from('logo bytes');
    const { url } = await storage.put('restaurants/r1/logo.jpg', body, 'image/jpeg');
    expect(storage.owns(url)).toBe(true);
    expect(await storage.read(storage.keyOf(url)!)).toEqual(body);
  });

  it('answers undefined for a file that is not there, or a folder', async () => {
    expect(await storage.read('restaurants/r1/missing.jpg')).toBeUndefined();
    expect(await storage.read('restaurants/nobody/logo.jpg')).toBeUndefined();
    expect(await storage.read('restaurants/r1')).toBeUndefined();
  });

  it('refuses keys that leave the storage folder', async () => {
    for (const key of ['../outside.txt', 'restaurants/../../outside.txt', '/etc/passwd', 'a\0b']) {
      await expect(storage.read(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});
