import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { createCategory } from '#app/modules/category/category.service.server.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { listDishOptionGroups } from '#app/modules/options/options.repo.server.ts';
import { markOptionSoldOutUntilOpening, sweepSoldOutReturns } from '#app/modules/options/sold-out.server.ts';
import { priceCart } from '#app/modules/ordering/order-pricing.server.ts';
import { BulkEditInput } from '#app/modules/product/bulk-edit.ts';
import { bulkEditProducts, createProduct, markProductSoldOutUntilOpening, setProductFlag } from '#app/modules/product/product.service.server.ts';
import { nextOpening } from '#app/modules/restaurant/next-opening.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { runMenuIntent } from './menu-editor.intents.server.ts';
import { getEditorMenu, getProductForEdit } from './menu-editor.service.server.ts';
import { returnsAt, returnsLabel } from './returns-at.ts';
import { category, db, location, newRestaurant, PRO, product, refusal, scopes, storage, useFileWorld } from '#tests/support/menu-editor-harness.ts';

useFileWorld();

/** Sold out "until we open again" (issue 35 item 8): marked by staff, back by itself at the opening everywhere guests and the editor look. */

const TZ = 'Europe/Bucharest';
const HOURS = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));
const MINUTE = 60_000;

async function dishOf(restaurantId: string) {
  const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
  const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
  const productId = await createProduct(scopes.owner(restaurantId), storage, product(categoryId, { nameRo: 'Papanași' }));
  return { locationId, categoryId, productId };
}

const row = (productId: string) => db.selectFrom('product').select(['available', 'soldOutUntil']).where('id', '=', productId).executeTakeFirstOrThrow();

describe(`sold out until we open again on ${testDialect}`, () => {
  it('a waiter marks a dish: sold out for guests until the next opening, available from then in the menu and the cart, the editor says when; the sweep writes it back', async () => {
    const restaurantId = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const { slug } = await db.selectFrom('restaurant').select('slug').where('id', '=', restaurantId).executeTakeFirstOrThrow();
    const { locationId, productId } = await dishOf(restaurantId);
    const now = Date.now();
    const opening = nextOpening(parseOpeningHours(HOURS), [], now, TZ)!;

    const { at } = await markProductSoldOutUntilOpening(scopes.member(restaurantId, 'staff'), storage, productId, now);
    expect(at.getTime()).toBe(opening);
    expect(await row(productId)).toEqual({ available: 0, soldOutUntil: new Date(opening).toISOString() });

    // the guest menu: sold out a minute before, its render valid until the opening at the latest; available at it
    const before = await getPublicMenu(db, slug, opening - MINUTE);
    const dishIn = (menu: typeof before) => (menu?.status === 'active' ? menu.locations[0]!.categories[0]!.products[0]! : undefined);
    expect(dishIn(before)?.available).toBe(false);
    expect(Date.parse(before!.validUntil!)).toBeLessThanOrEqual(opening);
    expect(dishIn(await getPublicMenu(db, slug, opening))?.available).toBe(true);
    // the render cache: a page rendered before is valid until the comeback, whatever else changes then (the hours taken away since)
    await db.updateTable('restaurant').set({ openingHours: null }).where('id', '=', restaurantId).execute();
    expect((await getPublicMenu(db, slug, opening - 60 * MINUTE))?.validUntil).toBe(new Date(opening).toISOString());

    // the cart: refused before, priced from the opening
    const restaurant = { id: restaurantId, currency: 'RON', timeZone: TZ };
    const lines = [{ productId, quantity: 1, note: null }];
    expect((await priceCart(db, restaurant, locationId, lines, opening - MINUTE, 'ro')).lines[0]!.problem).toBe('unavailable');
    expect((await priceCart(db, restaurant, locationId, lines, opening + MINUTE, 'ro')).lines[0]!.problem).toBeNull();

    // the editor: sold out, and when it comes back
    const listed = (await getEditorMenu(scopes.owner(restaurantId))).products[0]!;
    expect(listed).toMatchObject({ available: false, ...returnsAt(opening, TZ, Date.now()) });

    // the hourly sweep: nothing before the opening, written back after it
    expect(await sweepSoldOutReturns(systemScope(db, 'test:sold-out'), new Date(opening - MINUTE))).toBe(0);
    expect(await row(productId)).toMatchObject({ available: 0 });
    expect(await sweepSoldOutReturns(systemScope(db, 'test:sold-out'), new Date(opening + MINUTE))).toBeGreaterThanOrEqual(1);
    expect(await row(productId)).toEqual({ available: 1, soldOutUntil: null });
  });

  it('the editor shows a dish whose opening has come as available, before the sweep too (list and form)', async () => {
    const restaurantId = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const { productId } = await dishOf(restaurantId);
    await db
      .updateTable('product')
      .set({ available: 0, soldOutUntil: new Date(Date.now() - MINUTE).toISOString() })
      .where('id', '=', productId)
      .execute();
    expect((await getEditorMenu(scopes.owner(restaurantId))).products[0]).toMatchObject({ available: true, returnsOn: null, returnsTime: null });
    expect((await getProductForEdit(scopes.owner(restaurantId), productId)).available).toBe(1);
  });

  it("the one-click intent says when the dish comes back, in the owner's language", async () => {
    const restaurantId = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const { productId } = await dishOf(restaurantId);
    const t = getI18n('en').t;
    const { message } = await runMenuIntent(scopes.member(restaurantId, 'staff'), { intent: `sold-out-until-opening:${productId}` }, { storage, t });
    const { soldOutUntil } = await row(productId);
    expect(message).toBe(returnsLabel(t, returnsAt(Date.parse(soldOutUntil!), TZ, Date.now())));
    expect(message).toMatch(/^Back when we open, (Mon|Tue|Wed|Thu|Fri|Sat|Sun)\u00a012:00$/);
  });

  it('without opening hours: refused with its own message, nothing changed', async () => {
    const restaurantId = await newRestaurant({ openingHours: null }, PRO);
    const { productId } = await dishOf(restaurantId);
    await expect(markProductSoldOutUntilOpening(scopes.owner(restaurantId), storage, productId)).rejects.toMatchObject({ code: 'no-next-opening' });
    expect(await row(productId)).toEqual({ available: 1, soldOutUntil: null });
    expect(getI18n('ro').t('appErrors.no-next-opening')).toContain('Setări');
  });

  it('sold out or available by hand (one click or the bulk bar) forgets "until we open again"', async () => {
    const restaurantId = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const { productId } = await dishOf(restaurantId);
    await markProductSoldOutUntilOpening(scopes.owner(restaurantId), storage, productId);
    await setProductFlag(scopes.owner(restaurantId), storage, productId, 'available', false);
    expect(await row(productId)).toEqual({ available: 0, soldOutUntil: null });
    await markProductSoldOutUntilOpening(scopes.owner(restaurantId), storage, productId);
    await bulkEditProducts(scopes.owner(restaurantId), storage, BulkEditInput.parse({ action: 'available', ids: [productId] }));
    expect(await row(productId)).toEqual({ available: 1, soldOutUntil: null });
  });

  it("another restaurant's dish or option is not found, and stays as it was", async () => {
    const mine = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const theirs = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const { productId } = await dishOf(theirs);
    await refusal(markProductSoldOutUntilOpening(scopes.owner(mine), storage, productId));
    await refusal(markOptionSoldOutUntilOpening(scopes.owner(mine), storage, newId()));
    expect(await row(productId)).toEqual({ available: 1, soldOutUntil: null });
  });

  it("an option: sold out until the opening, back by itself then; the guest menu's render is valid until then", async () => {
    const restaurantId = await newRestaurant({ openingHours: HOURS, timeZone: TZ }, PRO);
    const { slug } = await db.selectFrom('restaurant').select('slug').where('id', '=', restaurantId).executeTakeFirstOrThrow();
    const { productId } = await dishOf(restaurantId);
    const stamp = new Date().toISOString();
    const [groupId, optionId] = [newId(), newId()];
    await db
      .insertInto('optionGroup')
      .values({ id: groupId, restaurantId, nameRo: 'Lapte', minChoices: 0, maxChoices: 1, pricing: 'add', sortOrder: 0, createdAt: stamp, updatedAt: stamp })
      .execute();
    await db
      .insertInto('optionItem')
      .values({ id: optionId, groupId, restaurantId, nameRo: 'Lapte de ovăz', priceMinor: 300, sortOrder: 0, createdAt: stamp, updatedAt: stamp })
      .execute();
    await db.insertInto('productOptionGroup').values({ productId, groupId, restaurantId, position: 0 }).execute();
    const now = Date.now();
    const { at } = await markOptionSoldOutUntilOpening(scopes.member(restaurantId, 'staff'), storage, optionId, now);
    const opening = at.getTime();
    const optionAt = async (instant: number) => (await listDishOptionGroups(db, restaurantId, [productId], instant)).get(productId)![0]!.options[0]!.available;
    expect(await optionAt(opening - MINUTE)).toBe(false);
    expect(await optionAt(opening)).toBe(true);
    // the render cache waits for the option too (the hours taken away, so nothing else changes then)
    await db.updateTable('restaurant').set({ openingHours: null }).where('id', '=', restaurantId).execute();
    expect((await getPublicMenu(db, slug, opening - 60 * MINUTE))?.validUntil).toBe(new Date(opening).toISOString());
  });
});
