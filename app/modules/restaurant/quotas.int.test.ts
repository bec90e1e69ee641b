import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, updateCategory } from '#app/modules/category/category.service.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { saveUploadedImage } from '#app/modules/image/image.service.server.ts';
import { createLocalDiskStorage, type FileStorage } from '#app/modules/image/storage.server.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { buildCategory, buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { rowVersion } from '#tests/support/versions.ts';
import { listFiles, photoJpeg } from '#tests/support/test-images.ts';
import type { RestaurantQuotas } from '#app/env.types.ts';

const quotas: RestaurantQuotas = { locationsPerRestaurant: 3, categoriesPerLocation: 2, uploadsPerHour: 2, storageBytes: 10 * 1024 * 1024 };
const location = { nameRo: 'Terasă', nameEn: '', address: '' };

async function refusal(promise: Promise<unknown>): Promise<{ code: string; params: unknown }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, params: (error as AppError).params };
}

describe(`restaurant quotas on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let root: string;
  let storage: FileStorage;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bucate-quotas-'));
    storage = createLocalDiskStorage(root);
    return () => rm(root, { recursive: true, force: true });
  });

  const countRows = async (table: 'location' | 'category' | 'storedImage', restaurantId: string) =>
    (await database.db.selectFrom(table).select('id').where('restaurantId', '=', restaurantId).execute()).length;

  it('refuses a location past the limit, naming it, and counts per restaurant', async () => {
    const restaurant = await insertRestaurant(database.db);
    const neighbour = await insertRestaurant(database.db);
    await database.db
      .insertInto('location')
      .values([buildLocation(neighbour.id), buildLocation(neighbour.id), buildLocation(neighbour.id)])
      .execute();
    const scope = scopes.owner(restaurant.id);
    for (let i = 0; i < 3; i++) await createLocation(scope, storage, location, quotas);
    expect(await refusal(createLocation(scope, storage, location, quotas))).toEqual({ code: 'location-limit-reached', params: { limit: 3 } });
    expect(await countRows('location', restaurant.id)).toBe(3);
    // the refused create left no audit row and did not bump the menu version
    const audits = await database.db.selectFrom('auditEvent').select('id').where('restaurantId', '=', restaurant.id).where('action', '=', 'location.create').execute();
    expect(audits).toHaveLength(3);
  });

  it('20 concurrent creates at a limit of 5 store exactly 5', async () => {
    const restaurant = await insertRestaurant(database.db);
    const scope = scopes.owner(restaurant.id);
    const limits = { ...quotas, locationsPerRestaurant: 5 };
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => createLocation(scope, storage, { ...location, nameRo: `Sala ${i}` }, limits)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(reasons.every((reason) => reason instanceof AppError && reason.code === 'location-limit-reached')).toBe(true);
    expect(await countRows('location', restaurant.id)).toBe(5);
  });

  it('refuses a category past the limit of its location, on create and on a move there', async () => {
    const restaurant = await insertRestaurant(database.db);
    const full = buildLocation(restaurant.id);
    const other = buildLocation(restaurant.id);
    await database.db.insertInto('location').values([full, other]).execute();
    const stranger = buildCategory(restaurant.id, other.id);
    await database.db.insertInto('category').values(stranger).execute();
    const scope = scopes.owner(restaurant.id);
    const category = { locationId: full.id, nameRo: 'Ciorbe', nameEn: '', descriptionRo: '', descriptionEn: '', imageId: null, visible: true };
    await createCategory(scope, storage, category, quotas);
    await createCategory(scope, storage, category, quotas);
    expect(await refusal(createCategory(scope, storage, category, quotas))).toEqual({ code: 'category-limit-reached', params: { limit: 2 } });
    expect(await refusal(updateCategory(scope, storage, stranger.id, { ...category, nameRo: 'Mutată' }, await rowVersion(database.db, 'category', stranger.id), quotas))).toEqual({
      code: 'category-limit-reached',
      params: { limit: 2 },
    });
    // the other location still has room, and editing in place is never refused
    await createCategory(scope, storage, { ...category, locationId: other.id }, quotas);
    await updateCategory(scope, storage, stranger.id, { ...category, locationId: other.id, nameRo: 'Redenumită' }, await rowVersion(database.db, 'category', stranger.id), quotas);
    expect(await countRows('category', restaurant.id)).toBe(4);
  });

  it('refuses uploads past the hourly number, and concurrent uploads store only as many', async () => {
    const restaurant = await insertRestaurant(database.db);
    const scope = scopes.owner(restaurant.id);
    const file = await photoJpeg(64, 64);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => saveUploadedImage(scope, storage, { kind: 'other', file, name: 'p.jpg' }, quotas)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await refusal(saveUploadedImage(scope, storage, { kind: 'other', file, name: 'p.jpg' }, quotas))).toEqual({ code: 'upload-limit-reached', params: { limit: 2 } });
    expect(await countRows('storedImage', restaurant.id)).toBe(2);
    // the refused uploads' files were removed
    expect(new Set((await listFiles(root)).map((path) => path.split('/').slice(0, 3).join('/'))).size).toBe(2);
    // an hour later the window has room again
    await database.db
      .updateTable('storedImage')
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000).toISOString() })
      .where('restaurantId', '=', restaurant.id)
      .execute();
    await saveUploadedImage(scope, storage, { kind: 'other', file, name: 'p.jpg' }, quotas);
  });

  it('refuses an upload that would pass the storage limit', async () => {
    const restaurant = await insertRestaurant(database.db);
    const scope = scopes.owner(restaurant.id);
    const file = await photoJpeg(64, 64);
    const saved = await saveUploadedImage(scope, storage, { kind: 'other', file, name: 'p.jpg' }, quotas);
    const row = await database.db.selectFrom('storedImage').select('size').where('id', '=', saved.id).executeTakeFirstOrThrow();
    const limits = { ...quotas, uploadsPerHour: 100, storageBytes: 2 * 1024 * 1024 };
    await database.db
      .updateTable('storedImage')
      .set({ size: limits.storageBytes - row.size + 1 })
      .where('id', '=', saved.id)
      .execute();
    expect(await refusal(saveUploadedImage(scope, storage, { kind: 'other', file, name: 'q.jpg' }, limits))).toEqual({ code: 'storage-limit-reached', params: { limitMb: 2 } });
    expect(await countRows('storedImage', restaurant.id)).toBe(1);
    await database.db
      .updateTable('storedImage')
      .set({ size: limits.storageBytes - 2 * row.size })
      .where('id', '=', saved.id)
      .execute();
    await saveUploadedImage(scope, storage, { kind: 'other', file, name: 'q.jpg' }, limits);
  });
});
