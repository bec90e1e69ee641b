import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#app/modules/errors/app-error.ts';
import { buildRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { listFiles, noisyJpeg, photoJpeg, pngClaiming, svgWithScript } from '#tests/support/test-images.ts';
import { createLocalDiskStorage, type FileStorage } from './storage.server.ts';
import { deleteStoredImageFiles, sanitiseImageName, saveUploadedImage } from './image.service.server.ts';

describe(`image uploads on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let root: string;
  let storage: FileStorage;
  const restaurant = buildRestaurant({ name: 'La Mama' });
  const otherRestaurant = buildRestaurant({ name: 'Bistro Vecin' });

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    await database.db.insertInto('restaurant').values([restaurant, otherRestaurant]).execute();
  });
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bucate-uploads-'));
    storage = createLocalDiskStorage(root);
    await database.db.deleteFrom('storedImage').execute();
    return () => rm(root, { recursive: true, force: true });
  });

  const rows = () => database.db.selectFrom('storedImage').selectAll().orderBy('createdAt').execute();

  async function refusedCode(file: Buffer, name: string): Promise<string> {
    const error = await saveUploadedImage(scopes.owner(restaurant.id), storage, { kind: 'other', file, name }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }

  describe('refuses bad uploads and changes nothing', () => {
    it.each([
      ['a text file named .jpg', async () => Buffer.from('nu sunt o poză\n'), 'poza.jpg', 'image-unsupported'],
      ['a JPEG cut in half', async () => (await noisyJpeg(800, 600)).subarray(0, 40_000), 'jumatate.jpg', 'image-corrupt'],
      ['a PNG claiming 20000×20000 pixels', async () => pngClaiming(20_000, 20_000), 'urias.png', 'image-too-many-pixels'],
      ['an SVG with a script', async () => svgWithScript, 'logo.svg', 'image-unsupported'],
      ['a 30 MB file', async () => Buffer.concat([await photoJpeg(64, 64), Buffer.alloc(30 * 1024 * 1024)]), 'mare.jpg', 'image-too-large'],
      ['an empty file', async () => Buffer.alloc(0), 'gol.jpg', 'image-missing'],
    ])('%s', async (_what, make, name, code) => {
      expect(await refusedCode(await make(), name)).toBe(code);
      expect(await rows()).toEqual([]);
      expect(await listFiles(root)).toEqual([]);
    });
  });

  it('stores a cover as JPEG plus WebP variants under a folder of its own, and records it', async () => {
    const saved = await saveUploadedImage(scopes.owner(restaurant.id), storage, {
      kind: 'cover',
      file: await photoJpeg(4000, 3000),
      name: 'C:\\Poze\\terasă vara.PNG',
    });
    // a short folder of its own: r/{restaurant short code}/{12 random characters} (decision 0013)
    const folder = dirname(saved.key);
    expect(folder).toMatch(new RegExp(`^r/${restaurant.shortCode}/[\\w-]{12}$`));
    expect(await listFiles(root)).toEqual([`${folder}/1280.webp`, `${folder}/640.webp`, `${folder}/cover.jpg`]);
    expect(saved).toEqual({
      id: saved.id,
      key: `${folder}/cover.jpg`,
      url: `/uploads/${folder}/cover.jpg`,
      variants: [
        { width: 640, url: `/uploads/${folder}/640.webp` },
        { width: 1280, url: `/uploads/${folder}/1280.webp` },
      ],
    });

    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    const jpeg = await readFile(join(root, folder, 'cover.jpg'));
    expect(row).toMatchObject({
      id: saved.id,
      restaurantId: restaurant.id,
      path: `${folder}/cover.jpg`,
      name: 'terasă vara.jpg',
      size: jpeg.length,
      contentType: 'image/jpeg',
      width: 1440,
      height: 1080,
    });
    // keys, not URLs: the public base is configuration, joined on read
    expect(row).not.toHaveProperty('url');
    expect(JSON.parse(row?.variants ?? '')).toEqual({ 640: `${folder}/640.webp`, 1280: `${folder}/1280.webp` });
    expect(row?.downloadToken).toMatch(/^[\w-]{32}$/);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 1440, height: 1080 });
    expect((await sharp(await readFile(join(root, folder, '640.webp'))).metadata()).width).toBe(640);
    const audit = await database.db.selectFrom('auditEvent').selectAll().where('targetId', '=', saved.id).execute();
    expect(audit).toMatchObject([{ action: 'image.upload', restaurantId: restaurant.id, targetType: 'image', requestId: 'test-request' }]);
  });

  it('names the file by its kind and gives every upload a new folder, even of the same file', async () => {
    const file = await photoJpeg(1000, 1000);
    const logo = await saveUploadedImage(scopes.owner(restaurant.id), storage, { kind: 'logo', file, name: 'a.png' });
    const again = await saveUploadedImage(scopes.owner(restaurant.id), storage, { kind: 'logo', file, name: 'a.png' });
    const product = await saveUploadedImage(scopes.owner(otherRestaurant.id), storage, { kind: 'other', file, name: 'b.png' });
    expect(logo.url).toMatch(/\/logo\.jpg$/);
    expect(again.url).not.toBe(logo.url);
    expect(product.url).toMatch(new RegExp(`^/uploads/r/${otherRestaurant.shortCode}/[\\w-]{12}/image\\.jpg$`));
    expect(product.url).toBe(`/uploads/${product.key}`);
    expect((await rows()).map((row) => row.restaurantId).sort()).toEqual([restaurant.id, restaurant.id, otherRestaurant.id].sort());
  });

  it('removes the files already written when another file cannot be written', async () => {
    // the failing write fails at once while the others are still under way: clean-up must wait for them
    const disk = storage;
    const failing: FileStorage = {
      ...disk,
      async put(key, body, contentType) {
        if (key.endsWith('400.webp')) throw new Error('disk full');
        await new Promise((resolve) => setTimeout(resolve, 50));
        return disk.put(key, body, contentType);
      },
    };
    const error = await saveUploadedImage(scopes.owner(restaurant.id), failing, { kind: 'other', file: await photoJpeg(1200, 900), name: 'x.jpg' }).catch(
      (thrown: unknown) => thrown,
    );
    expect((error as Error).message).toBe('disk full');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await listFiles(root)).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('removes the files when the row cannot be recorded', async () => {
    const unknownRestaurant = newId();
    await expect(saveUploadedImage(scopes.owner(unknownRestaurant), storage, { kind: 'other', file: await photoJpeg(600, 400), name: 'x.jpg' })).rejects.toThrow();
    expect(await listFiles(root)).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  describe('deleteStoredImageFiles', () => {
    it('deletes the JPEG and every variant of one row, and nothing of another', async () => {
      const file = await photoJpeg(900, 600);
      const kept = await saveUploadedImage(scopes.owner(restaurant.id), storage, { kind: 'other', file, name: 'a.jpg' });
      const gone = await saveUploadedImage(scopes.owner(restaurant.id), storage, { kind: 'other', file, name: 'b.jpg' });
      const row = await database.db.selectFrom('storedImage').selectAll().where('id', '=', gone.id).executeTakeFirstOrThrow();
      await deleteStoredImageFiles(storage, { key: row.path, variants: row.variants });
      const keptFolder = dirname(kept.key);
      expect(await listFiles(root)).toEqual([`${keptFolder}/200.webp`, `${keptFolder}/400.webp`, `${keptFolder}/image.jpg`]);
      expect(await listFiles(join(root, dirname(gone.key)))).toEqual([]);
    });

    it('leaves images that are not in this storage alone', async () => {
      await storage.put('restaurants/r1/products/a.jpg', Buffer.from('a'), 'image/jpeg');
      await storage.put('restaurants/r1/products/b.jpg', Buffer.from('b'), 'image/jpeg');
      await deleteStoredImageFiles(storage, {
        key: 'https://cdn.example.com/restaurants/r1/products/a.jpg',
        variants: JSON.stringify({ 200: 'https://cdn.example.com/a-200.webp' }),
      });
      expect(await listFiles(root)).toEqual(['restaurants/r1/products/a.jpg', 'restaurants/r1/products/b.jpg']);
    });

    it('deletes only the listed files of a row in the demo seed’s shared folder', async () => {
      for (const key of ['a.jpg', 'a-200.webp', 'b.jpg']) await storage.put(`restaurants/r1/products/${key}`, Buffer.from(key), 'image/jpeg');
      await deleteStoredImageFiles(storage, {
        key: 'restaurants/r1/products/a.jpg',
        variants: JSON.stringify({ 200: 'restaurants/r1/products/a-200.webp' }),
      });
      expect(await listFiles(root)).toEqual(['restaurants/r1/products/b.jpg']);
    });

    it('still deletes by URL what a job enqueued before decision 0013 names', async () => {
      for (const key of ['a.jpg', 'a-200.webp', 'b.jpg']) await storage.put(`restaurants/r1/products/${key}`, Buffer.from(key), 'image/jpeg');
      await deleteStoredImageFiles(storage, {
        key: '/uploads/restaurants/r1/products/a.jpg',
        variants: JSON.stringify({ 200: '/uploads/restaurants/r1/products/a-200.webp' }),
      });
      expect(await listFiles(root)).toEqual(['restaurants/r1/products/b.jpg']);
    });
  });
});

describe('sanitiseImageName', () => {
  it('keeps the name a person gave, without folders, control or direction characters, as .jpg', () => {
    expect(sanitiseImageName('Ciorbă de burtă.png')).toBe('Ciorbă de burtă.jpg');
    expect(sanitiseImageName('../../etc/passwd')).toBe('passwd.jpg');
    expect(sanitiseImageName('C:\\Users\\ana\\poză.jpeg')).toBe('poză.jpg');
    expect(sanitiseImageName('factura\u202Egpj.exe')).toBe('facturagpj.jpg');
    expect(sanitiseImageName('a\u0000b\nc.gif')).toBe('abc.jpg');
    expect(sanitiseImageName('.htaccess')).toBe('image.jpg');
    expect(sanitiseImageName('')).toBe('image.jpg');
    expect(sanitiseImageName(`${'x'.repeat(300)}.png`)).toBe(`${'x'.repeat(100)}.jpg`);
  });
});
