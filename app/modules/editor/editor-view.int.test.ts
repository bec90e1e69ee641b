import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getI18n } from '#app/i18n/i18n.ts';
import { createCategory } from '#app/modules/category/category.service.server.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { createProduct } from '#app/modules/product/product.service.server.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { category, location, newRestaurant, product, scopes, storage, useFileWorld } from '#tests/support/menu-editor-harness.ts';
import { runMenuIntent } from './menu-editor.intents.server.ts';
import { getEditorMenu } from './menu-editor.service.server.ts';
import { expandRowIntent, rowIntent } from './menu-intents.ts';

useFileWorld();

const { t } = getI18n('ro');

/** Locations A and B, a category and a dish in each. */
async function twoLocations() {
  const restaurantId = await newRestaurant();
  const owner = scopes.owner(restaurantId);
  const a = await createLocation(owner, storage, location('A'));
  const b = await createLocation(owner, storage, location('B'));
  const ca = await createCategory(owner, storage, category(a));
  const cb = await createCategory(owner, storage, category(b));
  const pa = await createProduct(owner, storage, product(ca));
  const pb = await createProduct(owner, storage, product(cb));
  return { restaurantId, a, b, ca, cb, pa, pb };
}

describe(`the editor's page data and its rows' buttons on ${testDialect} (issue 26)`, () => {
  it("sends the shown location's categories and dishes only, every category by name, and the whole menu without a view", async () => {
    const { restaurantId, a, b, ca, cb, pa, pb } = await twoLocations();
    const owner = scopes.owner(restaurantId);
    const first = await getEditorMenu(owner, {});
    expect(first).toMatchObject({ locationId: a, categories: [{ id: ca }], products: [{ id: pa }] });
    expect(first.locations.map((l) => l.id)).toEqual([a, b]);
    expect(first.categoryChoices.map((c) => [c.id, c.locationId]).sort()).toEqual(
      [
        [ca, a],
        [cb, b],
      ].sort(),
    );
    expect(await getEditorMenu(owner, { location: b })).toMatchObject({ locationId: b, categories: [{ id: cb }], products: [{ id: pb }] });
    // back from a dish's form: the location of the dish just saved
    expect((await getEditorMenu(owner, { saved: pb })).locationId).toBe(b);
    // another restaurant's location or dish is not a way in: the first location
    const other = await twoLocations();
    const stranger = await getEditorMenu(owner, { location: other.b, saved: other.pb });
    expect(stranger).toMatchObject({ locationId: a, products: [{ id: pa }] });
    const whole = await getEditorMenu(owner);
    expect(whole.locationId).toBeUndefined();
    expect(whole.products.map((p) => p.id).sort()).toEqual([pa, pb].sort());
    // a restaurant with no location yet
    expect(await getEditorMenu(scopes.owner(await newRestaurant()), {})).toMatchObject({ locationId: undefined, categories: [], products: [] });
  });

  it("runs a row button's operation with its intent's permission, and refuses a bad argument", async () => {
    const { restaurantId, pa } = await twoLocations();
    const staff = scopes.member(restaurantId, 'staff');
    const dish = async () => (await getEditorMenu(scopes.owner(restaurantId))).products.find((p) => p.id === pa);
    await runMenuIntent(staff, { intent: rowIntent('set-product-available', pa, 'false') }, { storage, t });
    await runMenuIntent(staff, { intent: rowIntent('set-product-visible', pa, 'false') }, { storage, t });
    expect(await dish()).toMatchObject({ available: false, visible: false });
    await expect(runMenuIntent(staff, { intent: rowIntent('move-product', pa, 'down') }, { storage, t })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(runMenuIntent(staff, { intent: rowIntent('delete-product', pa) }, { storage, t })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(runMenuIntent(scopes.owner(restaurantId), { intent: `set-product-available:${pa}:maybe` }, { storage, t })).rejects.toBeInstanceOf(z.ZodError);
    expect(await dish()).toMatchObject({ available: false, visible: false });
  });

  it("splits a button's value into the fields its intent reads, and leaves any other post as it came", () => {
    expect(expandRowIntent({ intent: 'move-product:p1:up' })).toEqual({ intent: 'move-product', id: 'p1', direction: 'up' });
    expect(expandRowIntent({ intent: 'set-category-visible:c1:true' })).toEqual({ intent: 'set-category-visible', id: 'c1', value: 'true' });
    expect(expandRowIntent({ intent: 'duplicate-product:p1' })).toEqual({ intent: 'duplicate-product', id: 'p1' });
    // a posted id or value never survives beside a button's own
    expect(expandRowIntent({ intent: 'delete-product:p1', id: 'p2', value: 'x' })).toMatchObject({ intent: 'delete-product', id: 'p1' });
    const plain = { intent: 'set-product-visible', id: 'p1', value: 'true' };
    expect(expandRowIntent(plain)).toBe(plain);
  });
});
