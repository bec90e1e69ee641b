import { describe, expect, it } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { createCategory, duplicateCategory } from '#app/modules/category/category.service.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { applyPriceChange, BulkEditInput, parseChangeValue } from './bulk-edit.ts';
import { ProductInput } from './product.schema.ts';
import { bulkEditProducts, createProduct, duplicateProduct } from './product.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/** Issue 17, faster editing: duplicate a dish or a category; bulk actions on selected dishes. */
useFileWorld();

async function restaurant(pro = true) {
  const { id } = await insertRestaurant(db, {}, pro ? { manualProUntil: new Date(Date.now() + 86_400_000).toISOString() } : {});
  const scope = scopes.owner(id!);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Salon' }));
  const categoryId = await createCategory(scope, storage, CategoryInput.parse({ locationId, nameRo: 'Ciorbe', nameEn: 'Soups', visible: 'on' }));
  const otherCategoryId = await createCategory(scope, storage, CategoryInput.parse({ locationId, nameRo: 'Deserturi', visible: 'on' }));
  const ids: string[] = [];
  for (const [name, price] of [
    ['Ciorbă de burtă', '24,50'],
    ['Ciorbă de perișoare', '20'],
    ['Supă cremă', '18'],
  ] as const) {
    ids.push(await createProduct(scope, storage, ProductInput.parse({ categoryId, nameRo: name, price, allergens: ['milk'], available: 'on', visible: 'on' })));
  }
  return { id: id!, scope, locationId, categoryId, otherCategoryId, ids };
}
const productsOf = (categoryId: string) =>
  db
    .selectFrom('product')
    .select(['id', 'nameRo', 'priceMinor', 'available', 'visible', 'allergens', 'sortOrder'])
    .where('categoryId', '=', categoryId)
    .orderBy('sortOrder')
    .execute();
const menuVersion = async (id: string) => (await db.selectFrom('restaurant').select('menuVersion').where('id', '=', id).executeTakeFirstOrThrow()).menuVersion;

describe('price changes', () => {
  it('by a percentage or an amount, rounded to the ban, never below zero', () => {
    expect(applyPriceChange(2450, { kind: 'percent', value: 10 })).toBe(2695);
    expect(applyPriceChange(1999, { kind: 'percent', value: -5 })).toBe(1899);
    expect(applyPriceChange(2000, { kind: 'amount', value: 2.5 })).toBe(2250);
    expect(applyPriceChange(100, { kind: 'amount', value: -2 })).toBeNull();
    expect(parseChangeValue('-2,50')).toBe(-2.5);
    expect(parseChangeValue('+10')).toBe(10);
    expect(parseChangeValue('zece')).toBeNull();
    expect(BulkEditInput.safeParse({ action: 'price', ids: ['a'], kind: 'percent', value: '0' }).error?.issues[0]?.message).toBe('bulkChange');
    expect(BulkEditInput.safeParse({ action: 'hide', ids: [] }).error?.issues[0]?.message).toBe('bulkNothingSelected');
  });
});

describe(`faster editing on ${testDialect}`, () => {
  it('duplicates a dish right after the original, every field copied, as a menu change', async () => {
    const r = await restaurant();
    const before = await menuVersion(r.id);
    const copy = await duplicateProduct(r.scope, storage, r.ids[0]!);
    const rows = await productsOf(r.categoryId);
    expect(rows.map((row) => row.nameRo)).toEqual(['Ciorbă de burtă', 'Ciorbă de burtă (copie)', 'Ciorbă de perișoare', 'Supă cremă']);
    expect(rows[1]).toMatchObject({ id: copy, priceMinor: 2450, allergens: '["milk"]' });
    expect(await menuVersion(r.id)).toBeGreaterThan(before);
    expect((await db.selectFrom('restaurant').select('productsCount').where('id', '=', r.id).executeTakeFirstOrThrow()).productsCount).toBe(4);
  });

  it('duplicates a whole category with its dishes, at the end of the location', async () => {
    const r = await restaurant();
    const copy = await duplicateCategory(r.scope, storage, r.categoryId);
    const category = await db.selectFrom('category').select(['nameRo', 'nameEn', 'sortOrder']).where('id', '=', copy).executeTakeFirstOrThrow();
    expect(category).toMatchObject({ nameRo: 'Ciorbe (copie)', nameEn: 'Soups (copy)', sortOrder: 2 });
    expect((await productsOf(copy)).map((row) => row.nameRo)).toEqual(['Ciorbă de burtă', 'Ciorbă de perișoare', 'Supă cremă']);
    expect((await db.selectFrom('restaurant').select('productsCount').where('id', '=', r.id).executeTakeFirstOrThrow()).productsCount).toBe(6);
  });

  it('applies one action to the selected dishes: sold out, hide, move, price', async () => {
    const r = await restaurant();
    const [a, b, c] = r.ids as [string, string, string];
    expect(await bulkEditProducts(r.scope, storage, BulkEditInput.parse({ action: 'sold-out', ids: [a, b] }))).toBe(2);
    expect((await productsOf(r.categoryId)).map((row) => row.available)).toEqual([0, 0, 1]);
    await bulkEditProducts(r.scope, storage, BulkEditInput.parse({ action: 'hide', ids: [c] }));
    expect((await productsOf(r.categoryId)).map((row) => row.visible)).toEqual([1, 1, 0]);
    await bulkEditProducts(r.scope, storage, BulkEditInput.parse({ action: 'price', ids: [a, b, c], kind: 'percent', value: '10' }));
    expect((await productsOf(r.categoryId)).map((row) => row.priceMinor)).toEqual([2695, 2200, 1980]);
    await bulkEditProducts(r.scope, storage, BulkEditInput.parse({ action: 'move', ids: [c, a], categoryId: r.otherCategoryId }));
    expect((await productsOf(r.otherCategoryId)).map((row) => row.nameRo)).toEqual(['Ciorbă de burtă', 'Supă cremă']);
    // a price that would go below zero refuses the whole change
    await expect(bulkEditProducts(r.scope, storage, BulkEditInput.parse({ action: 'price', ids: [a, b], kind: 'amount', value: '-25' }))).rejects.toMatchObject({
      code: 'invalid-input',
    });
    expect((await productsOf(r.categoryId)).map((row) => row.priceMinor)).toEqual([2200]);
  });

  it('refuses a second restaurant’s owner: no copying, no bulk change of another’s dishes, nothing changes', async () => {
    const a = await restaurant();
    const intruder = await restaurant();
    await expect(duplicateProduct(intruder.scope, storage, a.ids[0]!)).rejects.toMatchObject({ code: 'not-found' });
    await expect(duplicateCategory(intruder.scope, storage, a.categoryId)).rejects.toMatchObject({ code: 'not-found' });
    await expect(bulkEditProducts(intruder.scope, storage, BulkEditInput.parse({ action: 'hide', ids: [a.ids[0]!, intruder.ids[0]!] }))).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(bulkEditProducts(intruder.scope, storage, BulkEditInput.parse({ action: 'move', ids: [intruder.ids[0]!], categoryId: a.categoryId }))).rejects.toMatchObject({
      code: 'not-found',
    });
    expect((await productsOf(a.categoryId)).map((row) => [row.nameRo, row.visible])).toEqual([
      ['Ciorbă de burtă', 1],
      ['Ciorbă de perișoare', 1],
      ['Supă cremă', 1],
    ]);
    expect((await productsOf(intruder.categoryId)).map((row) => row.visible)).toEqual([1, 1, 1]);
  });

  it('keeps the free plan’s product limit when copying', async () => {
    const r = await restaurant(false);
    await db.updateTable('restaurant').set({ productsCount: 50 }).where('id', '=', r.id).execute();
    await expect(duplicateProduct(r.scope, storage, r.ids[0]!)).rejects.toMatchObject({ code: 'product-limit-reached' });
    await expect(duplicateCategory(r.scope, storage, r.categoryId)).rejects.toMatchObject({ code: 'product-limit-reached' });
    expect(await productsOf(r.categoryId)).toHaveLength(3);
  });
});
