import { join } from 'node:path';
import { expect } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { deleteReleasedFiles } from '#app/modules/image/image-cleanup.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { buildRestaurant, buildStoredImage, insertRestaurant, type PlanOptions } from '#tests/factories/builders.ts';
import { runJobsUntilIdle } from './jobs.ts';
import { db, scopes, storage, uploads, useFileWorld } from './file-world.ts';

/**
 * The menu editor's tests' rows and checks (app/modules/editor/*.int.test.ts), over the file's own fixtures: a file
 * calls `useFileWorld()` once, at its top (tests/support/file-world.ts).
 */

// the file's own fixtures, as live bindings (tests/support/file-world.ts)
export { db, scopes, storage, uploads, useFileWorld };

/** the worker's part: released files are deleted by the `image.delete-files` job after commit */
export const runFileJobs = () => runJobsUntilIdle(db, { 'image.delete-files': ({ images }) => deleteReleasedFiles(storage, images) });
/** an admin's PRO grant for a year */
export const PRO: PlanOptions = { manualProUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString() };
export const location = (nameRo = 'Centru') => LocationInput.parse({ nameRo });
export const category = (locationId: string, extra: Record<string, string> = {}) => CategoryInput.parse({ locationId, nameRo: 'Ciorbe', visible: 'on', ...extra });
export const product = (categoryId: string, extra: Record<string, unknown> = {}) =>
  ProductInput.parse({ categoryId, nameRo: 'Ciorbă de burtă', price: '24,50', available: 'on', visible: 'on', ...extra });

export async function newRestaurant(overrides: Parameters<typeof buildRestaurant>[0] = {}, plan: PlanOptions = {}) {
  const restaurant = await insertRestaurant(db, overrides, plan);
  return restaurant.id;
}

/** A stored image with a real file on disk, as an upload leaves it. */
export async function uploadedImage(restaurantId: string, name = 'image.jpg') {
  const row = buildStoredImage(restaurantId, { name });
  const variantKey = row.path.replace(/image\.jpg$/, '200.webp');
  await storage.put(variantKey, Buffer.from('webp'), 'image/webp');
  await storage.put(row.path, Buffer.from('jpeg'), 'image/jpeg');
  await db
    .insertInto('storedImage')
    .values({ ...row, variants: JSON.stringify({ 200: variantKey }) })
    .execute();
  return { id: row.id, key: row.path, url: `/uploads/${row.path}`, file: join(uploads, row.path), variantFile: join(uploads, variantKey) };
}

export const countOf = async (table: 'location' | 'category' | 'product', restaurantId: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('restaurantId', '=', restaurantId)
        .executeTakeFirstOrThrow()
    ).n,
  );
export const restaurantRow = (id: string) => db.selectFrom('restaurant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const refusal = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ code: 'not-found' });

export function settings(overrides: Record<string, string> = {}) {
  return RestaurantSettingsInput.parse({ name: 'Bistro', slug: `bistro-${Math.random().toString(36).slice(2, 10)}`, currency: 'RON', timeZone: 'Europe/Bucharest', ...overrides });
}
