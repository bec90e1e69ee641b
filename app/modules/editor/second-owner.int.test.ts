import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { createCategory } from '#app/modules/category/category.service.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct } from '#app/modules/product/product.service.server.ts';
import { getQrData } from '#app/modules/qr/qr.service.server.ts';
import { getRestaurantAdminSummary, getRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { runMenuIntent } from './menu-editor.intents.server.ts';
import { getEditorMenu, getProductFormChoices } from './menu-editor.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/**
 * The services the editor's other test file does not hold to it: the intents dispatcher, the
 * editor's and the settings' reads, and the QR data. A second restaurant's owner sees only their
 * own restaurant and is refused (not-found) on the first one's rows, which do not change.
 */

useFileWorld();

const { t } = getI18n('ro');

async function restaurantWithMenu(name: string) {
  const restaurant = buildRestaurant({ name });
  await db.insertInto('restaurant').values(restaurant).execute();
  const scope = scopes.owner(restaurant.id);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: `Centru ${name}` }));
  const categoryId = await createCategory(scope, storage, CategoryInput.parse({ locationId, nameRo: `Ciorbe ${name}`, visible: 'on' }));
  const productId = await createProduct(scope, storage, ProductInput.parse({ categoryId, nameRo: `Ciorbă ${name}`, price: '20', available: 'on', visible: 'on' }));
  return { scope, restaurantId: restaurant.id, locationId, categoryId, productId };
}

describe(`a second restaurant's owner on ${testDialect}`, () => {
  it('is refused by every one-click intent on the first restaurant, and nothing there changes or is audited', async () => {
    const a = await restaurantWithMenu('A');
    const b = await restaurantWithMenu('B');
    const snapshot = async () => [
      await getEditorMenu(a.scope),
      await db.selectFrom('restaurant').select('menuVersion').where('id', '=', a.restaurantId).executeTakeFirstOrThrow(),
      await db.selectFrom('auditEvent').select('id').where('restaurantId', '=', a.restaurantId).execute(),
    ];
    const before = await snapshot();
    const intents: Record<string, unknown>[] = [
      { intent: 'update-location', id: a.locationId, nameRo: 'Furat' },
      { intent: 'delete-location', id: a.locationId },
      { intent: 'set-location-visible', id: a.locationId, value: 'false' },
      { intent: 'move-location', id: a.locationId, direction: 'up' },
      { intent: 'reorder-locations', order: a.locationId },
      { intent: 'create-category', locationId: a.locationId, nameRo: 'Furat' },
      { intent: 'update-category', id: a.categoryId, locationId: b.locationId, nameRo: 'Furat' },
      { intent: 'delete-category', id: a.categoryId },
      { intent: 'set-category-visible', id: a.categoryId, value: 'false' },
      { intent: 'move-category', id: a.categoryId, direction: 'down' },
      { intent: 'reorder-categories', parentId: a.locationId, order: a.categoryId },
      { intent: 'delete-product', id: a.productId },
      { intent: 'set-product-visible', id: a.productId, value: 'false' },
      { intent: 'set-product-available', id: a.productId, value: 'false' },
      { intent: 'move-product', id: a.productId, direction: 'up' },
      { intent: 'reorder-products', parentId: a.categoryId, order: a.productId },
    ];
    for (const values of intents) {
      await expect(runMenuIntent(b.scope, values, { storage, t }), String(values.intent)).rejects.toMatchObject({ code: 'not-found' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reads only their own restaurant: editor menu, product form, settings, admin frame and QR data', async () => {
    const a = await restaurantWithMenu('A');
    const b = await restaurantWithMenu('B');
    const menu = await getEditorMenu(b.scope);
    expect(menu.locations.map((row) => row.id)).toEqual([b.locationId]);
    expect(menu.categories.map((row) => row.id)).toEqual([b.categoryId]);
    expect(menu.products.map((row) => row.id)).toEqual([b.productId]);
    expect((await getProductFormChoices(b.scope)).categories.map((row) => row.id)).toEqual([b.categoryId]);
    expect((await getRestaurantSettings(b.scope)).name).toBe('B');
    expect((await getRestaurantAdminSummary(b.scope)).restaurant.name).toBe('B');
    expect((await getQrData(b.scope)).name).toBe('B');
    expect((await getQrData(a.scope)).name).toBe('A');
  });
});
