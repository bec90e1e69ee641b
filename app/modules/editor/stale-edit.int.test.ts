import { describe, expect, it } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { createCategory, updateCategory } from '#app/modules/category/category.service.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation, updateLocation } from '#app/modules/location/location.service.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct, setProductFlag, updateProduct } from '#app/modules/product/product.service.server.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getEditorMenu, getProductForEdit } from './menu-editor.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/**
 * Hardening item 7: two tabs load the same form; the first saves, then the second (stale) one.
 * The second save is refused ('stale-edit', 409) and the first one's values stay.
 */

useFileWorld();

const stale = { code: 'stale-edit', status: 409 };

async function restaurantWithMenu() {
  const { id: restaurantId } = await insertRestaurant(db, {}, {});
  const scope = scopes.owner(restaurantId);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru' }));
  const categoryId = await createCategory(scope, storage, CategoryInput.parse({ locationId, nameRo: 'Ciorbe', visible: 'on' }));
  const product = (price: string) => ProductInput.parse({ categoryId, nameRo: 'Ciorbă de burtă', price, available: 'on', visible: 'on' });
  const productId = await createProduct(scope, storage, product('12,50'));
  return { restaurantId, scope, locationId, categoryId, productId, product };
}

describe(`stale edits on ${testDialect}`, () => {
  it('refuses a product save from a form loaded before another save, keeping the first save', async () => {
    const { scope, productId, product } = await restaurantWithMenu();
    const loaded = (await getProductForEdit(scope, productId)).updatedAt;
    await updateProduct(scope, storage, productId, product('19,90'), loaded);
    await expect(updateProduct(scope, storage, productId, product('12,50'), loaded)).rejects.toMatchObject(stale);
    expect((await getProductForEdit(scope, productId)).priceMinor).toBe(1990);
    // the current version still saves
    const fresh = (await getProductForEdit(scope, productId)).updatedAt;
    await updateProduct(scope, storage, productId, product('21'), fresh);
    expect((await getProductForEdit(scope, productId)).priceMinor).toBe(2100);
  });

  it('counts a one-click change (sold out) as a newer version of the product', async () => {
    const { scope, productId, product } = await restaurantWithMenu();
    const loaded = (await getProductForEdit(scope, productId)).updatedAt;
    await setProductFlag(scope, storage, productId, 'available', false);
    await expect(updateProduct(scope, storage, productId, product('12,50'), loaded)).rejects.toMatchObject(stale);
    expect((await getProductForEdit(scope, productId)).available).toBe(0);
  });

  it('refuses a stale category save and a stale location save', async () => {
    const { scope, locationId, categoryId } = await restaurantWithMenu();
    const menu = await getEditorMenu(scope);
    const categoryVersion = menu.categories.find((c) => c.id === categoryId)!.updatedAt;
    const locationVersion = menu.locations.find((l) => l.id === locationId)!.updatedAt;
    const category = (nameRo: string) => CategoryInput.parse({ locationId, nameRo, visible: 'on' });
    await updateCategory(scope, storage, categoryId, category('Supe'), categoryVersion);
    await expect(updateCategory(scope, storage, categoryId, category('Ciorbe vechi'), categoryVersion)).rejects.toMatchObject(stale);
    await updateLocation(scope, storage, locationId, LocationInput.parse({ nameRo: 'Terasă' }), locationVersion);
    await expect(updateLocation(scope, storage, locationId, LocationInput.parse({ nameRo: 'Centru vechi' }), locationVersion)).rejects.toMatchObject(stale);
    const after = await getEditorMenu(scope);
    expect(after.categories.find((c) => c.id === categoryId)!.nameRo).toBe('Supe');
    expect(after.locations.find((l) => l.id === locationId)!.nameRo).toBe('Terasă');
  });

  it('refuses a stale settings save (a cleared phone number does not win), but a menu edit does not make the settings stale', async () => {
    const { scope, productId, product } = await restaurantWithMenu();
    const loaded = await getRestaurantSettings(scope);
    const form = (phone: string) => RestaurantSettingsInput.parse({ name: loaded.name, slug: loaded.slug, currency: loaded.currency, timeZone: loaded.timeZone, phone });
    // a dish edited in another tab moves restaurant.updatedAt, not the settings' version
    await updateProduct(scope, storage, productId, product('19,90'), (await getProductForEdit(scope, productId)).updatedAt);
    await updateRestaurantSettings(scope, storage, form('+40 721 000 000'), loaded.settingsVersion);
    await expect(updateRestaurantSettings(scope, storage, form(''), loaded.settingsVersion)).rejects.toMatchObject(stale);
    expect((await getRestaurantSettings(scope)).phone).toBe('+40 721 000 000');
  });

  it('answers a stale save with 409, the Romanian message and what was typed', async () => {
    const { scope, productId, product } = await restaurantWithMenu();
    const loaded = (await getProductForEdit(scope, productId)).updatedAt;
    await updateProduct(scope, storage, productId, product('19,90'), loaded);
    const typed = { nameRo: 'Ciorbă de burtă', price: '12,50', version: loaded };
    const answer = await runEditorAction(new Request('http://localhost/x'), typed, async () => {
      await updateProduct(scope, storage, productId, product('12,50'), loaded);
      return { message: 'saved' };
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, code: 'stale-edit', values: typed });
    expect((answer.data as { error: string }).error).toMatch(/^Altcineva a modificat între timp acest produs\. Reîncarcă pagina/);
  });
});
