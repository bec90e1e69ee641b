import { describe, expect, it } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { createCategory } from '#app/modules/category/category.service.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct, updateProduct } from '#app/modules/product/product.service.server.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { rowVersion } from '#tests/support/versions.ts';
import { listAuditEvents } from './audit.repo.server.ts';
import { recordAudit } from './audit.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

useFileWorld();

const product = (categoryId: string, extra: Record<string, unknown> = {}) =>
  ProductInput.parse({ categoryId, nameRo: 'Ciorbă de burtă', price: '24,50', available: 'on', visible: 'on', ...extra });

async function restaurantWithProduct() {
  const restaurant = buildRestaurant();
  await db.insertInto('restaurant').values(restaurant).execute();
  const scope = scopes.owner(restaurant.id, { id: `user-${restaurant.id}`, email: 'ana@example.com' });
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru' }));
  const categoryId = await createCategory(scope, storage, CategoryInput.parse({ locationId, nameRo: 'Ciorbe', visible: 'on' }));
  const productId = await createProduct(scope, storage, product(categoryId));
  return { scope, restaurantId: restaurant.id, categoryId, productId };
}

const auditOf = (restaurantId: string) => db.selectFrom('auditEvent').selectAll().where('restaurantId', '=', restaurantId).orderBy('createdAt').orderBy('id').execute();

describe(`the audit log on ${testDialect}`, () => {
  it('records a product update with its actor, restaurant, request and the changed fields only', async () => {
    const { scope, restaurantId, categoryId, productId } = await restaurantWithProduct();
    await updateProduct(scope, storage, productId, product(categoryId, { nameRo: 'Ciorbă de perișoare', price: '26' }), await rowVersion(db, 'product', productId));
    const rows = (await auditOf(restaurantId)).filter((row) => row.action === 'product.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: 'user',
      actorId: scope.actor.id,
      actorEmail: 'ana@example.com',
      restaurantId,
      action: 'product.update',
      targetType: 'product',
      targetId: productId,
      requestId: 'test-request',
    });
    expect(JSON.parse(rows[0]!.summary)).toEqual({
      before: { nameRo: 'Ciorbă de burtă', priceMinor: 2450 },
      after: { nameRo: 'Ciorbă de perișoare', priceMinor: 2600 },
    });
    // every step of the set-up left its own row too
    expect((await auditOf(restaurantId)).map((row) => row.action).sort()).toEqual(['category.create', 'location.create', 'product.create', 'product.update']);
  });

  it('writes nothing when the update is refused', async () => {
    const { scope, restaurantId, productId } = await restaurantWithProduct();
    const before = await auditOf(restaurantId);
    await expect(updateProduct(scope, storage, productId, product('no-such-category'), await rowVersion(db, 'product', productId))).rejects.toMatchObject({ code: 'not-found' });
    await expect(updateProduct(scope, storage, 'no-such-product', product('no-such-category'), await rowVersion(db, 'product', productId))).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await auditOf(restaurantId)).toEqual(before);
  });

  it('writes nothing when another restaurant’s owner tries the update', async () => {
    const a = await restaurantWithProduct();
    const b = await restaurantWithProduct();
    const [beforeA, beforeB] = [await auditOf(a.restaurantId), await auditOf(b.restaurantId)];
    await expect(updateProduct(b.scope, storage, a.productId, product(b.categoryId), await rowVersion(db, 'product', a.productId))).rejects.toMatchObject({ code: 'not-found' });
    expect(await auditOf(a.restaurantId)).toEqual(beforeA);
    expect(await auditOf(b.restaurantId)).toEqual(beforeB);
  });

  it('lists changes recorded one right after another newest first, in the order they happened (several share a millisecond)', async () => {
    const restaurant = buildRestaurant();
    await db.insertInto('restaurant').values(restaurant).execute();
    const scope = scopes.owner(restaurant.id);
    const targets = Array.from({ length: 20 }, (_, i) => `p-${i}`);
    for (const id of targets) await recordAudit(scope, { action: 'product.update', target: { type: 'product', id } });
    const listed = await listAuditEvents(db, { restaurantId: restaurant.id }, { limit: 50, offset: 0 });
    expect(listed.map((row) => row.targetId)).toEqual(targets.toReversed());
  });

  it('loses the row it recorded when the change rolls back after it', async () => {
    const { scope, restaurantId } = await restaurantWithProduct();
    const before = await auditOf(restaurantId);
    await expect(
      changeMenu(scope, storage, async (change) => {
        await recordAudit(change.scope, { action: 'product.update', target: { type: 'product', id: 'x' } });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await auditOf(restaurantId)).toEqual(before);
  });

  it('never keeps secret-looking keys in a summary', async () => {
    const { scope, restaurantId } = await restaurantWithProduct();
    await recordAudit(scope, { action: 'test.secret', target: { type: 'test' }, after: { password: 'p', token: 't', name: 'kept' } });
    const row = (await auditOf(restaurantId)).find((event) => event.action === 'test.secret');
    expect(JSON.parse(row!.summary)).toEqual({ before: null, after: { name: 'kept' } });
  });
});
