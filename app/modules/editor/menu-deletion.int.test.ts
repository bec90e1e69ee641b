import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCategory, deleteCategoryCascade } from '#app/modules/category/category.service.server.ts';
import { sweepAbandonedUploads } from '#app/modules/image/image-cleanup.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { createLocation, deleteLocationCascade } from '#app/modules/location/location.service.server.ts';
import { createProduct, deleteProduct, updateProduct } from '#app/modules/product/product.service.server.ts';
import { rowVersion } from '#tests/support/versions.ts';
import { forRestaurant, systemScope } from '#app/modules/access/system-scope.server.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getEditorMenu, getProductForEdit } from './menu-editor.service.server.ts';
import {
  category,
  countOf,
  db,
  location,
  newRestaurant,
  product,
  restaurantRow,
  runFileJobs,
  scopes,
  storage,
  uploadedImage,
  useFileWorld,
} from '#tests/support/menu-editor-harness.ts';

useFileWorld();

describe(`deletion cascade (docs/product-spec.md section 4) on ${testDialect}`, () => {
  it('deletes a location with its categories and products, leaving no orphan and freeing only unused images', async () => {
    const restaurantId = await newRestaurant();
    const keep = await createLocation(scopes.owner(restaurantId), storage, location('Rămâne'));
    const doomed = await createLocation(scopes.owner(restaurantId), storage, location('Pleacă'));
    const onlyHere = await uploadedImage(restaurantId);
    const shared = await uploadedImage(restaurantId);
    const categoryImage = await uploadedImage(restaurantId);
    const c1 = await createCategory(scopes.owner(restaurantId), storage, category(doomed, { imageId: categoryImage.id }));
    const c2 = await createCategory(scopes.owner(restaurantId), storage, category(doomed));
    const kept = await createCategory(scopes.owner(restaurantId), storage, category(keep));
    await createProduct(scopes.owner(restaurantId), storage, product(c1, { imageId: onlyHere.id }));
    await createProduct(scopes.owner(restaurantId), storage, product(c2, { imageId: shared.id }));
    await createProduct(scopes.owner(restaurantId), storage, product(c2));
    const survivor = await createProduct(scopes.owner(restaurantId), storage, product(kept, { imageId: shared.id }));

    await deleteLocationCascade(scopes.owner(restaurantId), storage, doomed);

    expect(await countOf('location', restaurantId)).toBe(1);
    const menu = await getEditorMenu(scopes.owner(restaurantId));
    expect(menu.categories.map((c) => c.id)).toEqual([kept]);
    expect(menu.products.map((p) => p.id)).toEqual([survivor]);
    // no product or category points at a deleted parent
    const orphans = await db.selectFrom('product').leftJoin('category', 'category.id', 'product.categoryId').select('product.id').where('category.id', 'is', null).execute();
    expect(orphans).toEqual([]);
    expect((await restaurantRow(restaurantId)).productsCount).toBe(1);
    await runFileJobs();
    // exactly the images nobody else uses are gone, files and rows
    expect(existsSync(onlyHere.file)).toBe(false);
    expect(existsSync(onlyHere.variantFile)).toBe(false);
    expect(existsSync(categoryImage.file)).toBe(false);
    expect(existsSync(shared.file)).toBe(true);
    const images = await db.selectFrom('storedImage').select('id').where('restaurantId', '=', restaurantId).execute();
    expect(images.map((i) => i.id)).toEqual([shared.id]);
  });

  it('deletes a category with its products; an image still used by the logo stays', async () => {
    const restaurantId = await newRestaurant();
    const logo = await uploadedImage(restaurantId, 'logo.jpg');
    await db.updateTable('restaurant').set({ logoKey: logo.key }).where('id', '=', restaurantId).execute();
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(locationId, { imageId: logo.id }));
    await createProduct(scopes.owner(restaurantId), storage, product(categoryId));
    await createProduct(scopes.owner(restaurantId), storage, product(categoryId));
    await deleteCategoryCascade(scopes.owner(restaurantId), storage, categoryId);
    expect(await countOf('category', restaurantId)).toBe(0);
    expect(await countOf('product', restaurantId)).toBe(0);
    expect((await restaurantRow(restaurantId)).productsCount).toBe(0);
    expect(existsSync(logo.file)).toBe(true);
  });

  it('never deletes an image this storage does not own', async () => {
    const restaurantId = await newRestaurant();
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
    const productId = await createProduct(scopes.owner(restaurantId), storage, product(categoryId));
    await db.updateTable('product').set({ imageKey: 'ext:https://cdn.example.com/dish.jpg' }).where('id', '=', productId).execute();
    let deletedKeys = 0;
    const watched: FileStorage = {
      ...storage,
      delete: async (key) => {
        deletedKeys++;
        await storage.delete(key);
      },
    };
    await deleteProduct(scopes.owner(restaurantId), watched, productId);
    expect(deletedKeys).toBe(0);
  });

  it('replacing a product image frees the old file', async () => {
    const restaurantId = await newRestaurant();
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
    const before = await uploadedImage(restaurantId);
    const after = await uploadedImage(restaurantId);
    const productId = await createProduct(scopes.owner(restaurantId), storage, product(categoryId, { imageId: before.id }));
    await updateProduct(scopes.owner(restaurantId), storage, productId, product(categoryId, { imageId: 'current' }), await rowVersion(db, 'product', productId));
    expect(existsSync(before.file)).toBe(true);
    await updateProduct(scopes.owner(restaurantId), storage, productId, product(categoryId, { imageId: after.id }), await rowVersion(db, 'product', productId));
    await runFileJobs();
    expect(existsSync(before.file)).toBe(false);
    expect((await getProductForEdit(scopes.owner(restaurantId), productId)).image).toEqual({ id: after.id, url: after.url });
  });
});

describe(`abandoned uploads on ${testDialect}`, () => {
  it('are swept after a day unless something shows them', async () => {
    const restaurantId = await newRestaurant();
    const abandoned = await uploadedImage(restaurantId);
    const inUse = await uploadedImage(restaurantId);
    const fresh = await uploadedImage(restaurantId);
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    await createCategory(scopes.owner(restaurantId), storage, category(locationId, { imageId: inUse.id }));
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    // uploaded an hour before the sweep runs: too recent to be called abandoned
    await db
      .updateTable('storedImage')
      .set({ createdAt: new Date(tomorrow.getTime() - 60 * 60 * 1000).toISOString() })
      .where('id', '=', fresh.id)
      .execute();
    expect(await sweepAbandonedUploads(forRestaurant(systemScope(db, 'job:image.sweep'), restaurantId), storage, tomorrow)).toBe(1);
    await runFileJobs();
    expect(existsSync(abandoned.file)).toBe(false);
    expect(existsSync(inUse.file)).toBe(true);
    expect(existsSync(fresh.file)).toBe(true);
    const left = await db.selectFrom('storedImage').select('id').where('restaurantId', '=', restaurantId).execute();
    expect(left.map((row) => row.id).sort()).toEqual([inUse.id, fresh.id].sort());
  });
});
