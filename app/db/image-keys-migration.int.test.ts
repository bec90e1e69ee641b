import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, buildRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { migrateToLatest } from './migrate.server.ts';

/** Decision 0013: rows written as whole URLs before the migration come out as keys, or `ext:` URLs when not ours. */
describe(`the image-keys migration on ${testDialect}`, () => {
  let database: TestDatabase;
  const restaurant = buildRestaurant();
  const location = buildLocation(restaurant.id);
  const category = buildCategory(restaurant.id, location.id);
  const oldBucket = 'https://old-bucket.example/b/';
  const bucketKey = `restaurants/${restaurant.id}/images/a/image.jpg`;
  const diskKey = `restaurants/${restaurant.id}/images/b/image.jpg`;
  const products = {
    bucket: `${oldBucket}${bucketKey}`,
    // under a base a storedImage row shows, though no row names this file
    bucketNoRow: `${oldBucket}restaurants/${restaurant.id}/products/x.jpg`,
    configured: `https://configured.example/bucket/restaurants/${restaurant.id}/y.jpg`,
    disk: `/uploads/${diskKey}`,
    external: 'https://elsewhere.example/dish.jpg',
    externalLookalike: 'https://old-bucket.example/other/dish.jpg',
    empty: '',
    none: null,
  };
  const ids = Object.fromEntries(Object.keys(products).map((name) => [name, newId()])) as Record<keyof typeof products, string>;

  test.beforeAll(async ({ databases }) => {
    database = await databases.create({ upTo: '2026-11-23-0005-subscription' });
    // the shape before the migration: whole URLs
    const db = database.db as unknown as Kysely<any>;
    await db
      .insertInto('restaurant')
      .values({ ...restaurant, logoUrl: `/uploads/${diskKey}`, coverImageUrl: '/assets/cover.svg' })
      .execute();
    await db.insertInto('location').values(location).execute();
    await db
      .insertInto('category')
      .values({ ...category, imageUrl: products.bucket })
      .execute();
    const image = (id: string, path: string, base: string) => ({
      id,
      restaurantId: restaurant.id,
      path,
      url: base + path,
      name: 'image.jpg',
      size: 1,
      contentType: 'image/jpeg',
      width: 1,
      height: 1,
      variants: JSON.stringify({ 200: base + path.replace('image.jpg', '200.webp'), 400: base + path.replace('image.jpg', '400.webp') }),
      downloadToken: newId(),
      createdAt: new Date().toISOString(),
    });
    await db
      .insertInto('storedImage')
      .values([image('a', bucketKey, oldBucket), image('b', diskKey, '/uploads/')])
      .execute();
    for (const [name, url] of Object.entries(products)) {
      await db
        .insertInto('product')
        .values({ ...buildProduct(restaurant.id, category.id), id: ids[name as keyof typeof products], imageUrl: url })
        .execute();
    }
    const before = process.env.S3_PUBLIC_URL;
    process.env.S3_PUBLIC_URL = 'https://configured.example/bucket';
    try {
      await migrateToLatest(database.db);
    } finally {
      if (before === undefined) delete process.env.S3_PUBLIC_URL;
      else process.env.S3_PUBLIC_URL = before;
    }
  });

  it('turns URLs under our bases into keys and keeps every other URL as ext:', async () => {
    const rows = await database.db.selectFrom('product').select(['id', 'imageKey']).where('restaurantId', '=', restaurant.id).execute();
    const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.id === id)?.imageKey]));
    expect(byName).toEqual({
      bucket: bucketKey,
      bucketNoRow: `restaurants/${restaurant.id}/products/x.jpg`,
      configured: `restaurants/${restaurant.id}/y.jpg`,
      disk: diskKey,
      external: 'ext:https://elsewhere.example/dish.jpg',
      externalLookalike: 'ext:https://old-bucket.example/other/dish.jpg',
      empty: null,
      none: null,
    });
    expect(await database.db.selectFrom('category').select('imageKey').where('id', '=', category.id).executeTakeFirstOrThrow()).toEqual({ imageKey: bucketKey });
    expect(await database.db.selectFrom('restaurant').select(['logoKey', 'coverImageKey']).where('id', '=', restaurant.id).executeTakeFirstOrThrow()).toEqual({
      logoKey: diskKey,
      coverImageKey: 'ext:/assets/cover.svg',
    });
  });

  it('keeps storedImage keys, maps its variants to keys and drops its url', async () => {
    const rows = await database.db.selectFrom('storedImage').selectAll().where('restaurantId', '=', restaurant.id).orderBy('id').execute();
    expect(rows.map((row) => ({ id: row.id, path: row.path, variants: JSON.parse(row.variants) as unknown }))).toEqual([
      { id: 'a', path: bucketKey, variants: { 200: bucketKey.replace('image.jpg', '200.webp'), 400: bucketKey.replace('image.jpg', '400.webp') } },
      { id: 'b', path: diskKey, variants: { 200: diskKey.replace('image.jpg', '200.webp'), 400: diskKey.replace('image.jpg', '400.webp') } },
    ]);
    expect(rows[0]).not.toHaveProperty('url');
  });
});
