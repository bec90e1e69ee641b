import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { insertPizzaOptions } from '#tests/factories/dish-options.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

/**
 * Issue 35, the guest's side: a large pizza with extra cheese and a note, with JavaScript and
 * without; a missing required choice refused with the group named; a declared allergy flags the
 * line that contains it, and only that one, before sending. On a phone.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
let seq = 0;

async function pizzeria(db: Kysely<Database>) {
  const tag = `${process.pid}-${++seq}`;
  const restaurant = await insertRestaurant(db, { slug: `optiuni-e2e-${tag}`, name: `Pizzeria ${tag}` }, {});
  const id = restaurant.id!;
  const location = buildLocation(id, { nameRo: 'Centru', nameEn: 'Centre' });
  const category = buildCategory(id, location.id, { nameRo: 'Pizza', nameEn: 'Pizza' });
  const pizza = buildProduct(id, category.id, { nameRo: 'Pizza Margherita', nameEn: 'Margherita pizza', priceMinor: 3900, allergens: '["gluten"]' });
  const soup = buildProduct(id, category.id, { nameRo: 'Ciorbă de legume', nameEn: 'Vegetable soup', priceMinor: 1800, allergens: '["celery"]' });
  await db.insertInto('location').values(location).execute();
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values([pizza, soup]).execute();
  const options = await insertPizzaOptions(db, id, [pizza.id!]);
  const code = `opt${tag}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
  await db
    .insertInto('diningTable')
    .values({ id: newId(), restaurantId: id, locationId: location.id, label: 'Masa 3', code, sortOrder: 1, createdAt: new Date().toISOString() })
    .execute();
  await db.insertInto('orderingSettings').values(buildOrderingSettings(id, location.id)).execute();
  // the options are a menu change: the render cache renders afresh
  await db
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return { id, slug: restaurant.slug!, code, ...options };
}

const dish = (page: Page, name: string) => page.locator('[data-dish]').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function placedOrder(db: Kysely<Database>, restaurantId: string) {
  const order = await db.selectFrom('guestOrder').select(['id', 'totalMinor', 'allergies']).where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow();
  const lines = await db.selectFrom('guestOrderLine').select(['id', 'nameRo', 'unitPriceMinor', 'quantity', 'note']).where('orderId', '=', order.id).orderBy('position').execute();
  const options = await db.selectFrom('guestOrderLineOption').select(['nameRo', 'priceMinor', 'pricing']).where('orderId', '=', order.id).orderBy('position').execute();
  return { order, lines, options };
}

describe('a guest orders a pizza with choices (ro, phone)', () => {
  it('with JavaScript: the running price, the cart with the options, a declared allergy flags the right line', async () => {
    const db = openServerDatabase();
    const w = await pizzeria(db);
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await page.goto(`/m/${w.code}`);
    await page.waitForURL(new RegExp(`/${w.slug}\\?loc=.+&via=${w.code}`));
    // the list carries no option: only a link to the dish's page
    expect(await dish(page, 'Pizza Margherita').locator('input').count()).toBe(0);
    await dish(page, 'Ciorbă de legume')
      .getByRole('button', { name: /^Adaugă/ })
      .click();
    await expect.poll(() => page.locator('#cart-bar [data-cart-summary]').textContent()).toMatch(/^1 /);
    await dish(page, 'Pizza Margherita')
      .getByRole('link', { name: /^Alege opțiunile/ })
      .click();
    await page.waitForURL(new RegExp(`/${w.slug}/comanda/fel/.+via=${w.code}`));
    await page.getByRole('radio', { name: /Mare/ }).check();
    await page.getByRole('checkbox', { name: /Extra brânză/ }).check();
    await expect.poll(() => page.getByTestId('running-total').textContent()).toMatch(/^50,00\sRON|^50,00\slei/);
    await page.getByLabel('Cantitate').fill('2');
    await expect.poll(() => page.getByTestId('running-total').textContent()).toMatch(/^100,00/);
    await page.getByLabel('Notă pentru bucătărie (opțional)').fill('fără busuioc');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/options-add-form-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Adaugă în coș' }).click();
    await page.waitForURL(new RegExp(`/${w.slug}\\?.*#d-`));
    await page.goto(`/${w.slug}/comanda`);
    const lines = page.getByTestId('cart-line');
    expect(await lines.count()).toBe(2);
    expect(await lines.nth(1).getByTestId('line-options').textContent()).toBe('Mărime: MareExtra: Extra brânză');
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toMatch(/^118,00/);
    // the declared allergy flags the pizza (its cheese), not the soup
    await page.getByRole('checkbox', { name: 'Lactate' }).check();
    await page.getByRole('button', { name: 'Verifică coșul' }).click();
    await page.waitForLoadState();
    expect(await lines.nth(1).getByTestId('line-flag').textContent()).toContain('Lactate');
    expect(await lines.nth(0).getByTestId('line-flag').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/options-cart-flagged-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Trimite comanda' }).click();
    await page.waitForURL(new RegExp(`/${w.slug}/comanda/[A-Za-z0-9_-]{32}`));
    const placed = await placedOrder(db, w.id);
    expect(placed.order).toMatchObject({ totalMinor: 11800, allergies: '["milk"]' });
    expect(placed.lines[1]).toMatchObject({ nameRo: 'Pizza Margherita', unitPriceMinor: 5000, quantity: 2, note: 'fără busuioc' });
    expect(placed.options).toEqual([
      { nameRo: 'Mare', priceMinor: 4500, pricing: 'set' },
      { nameRo: 'Extra brânză', priceMinor: 500, pricing: 'add' },
    ]);
    await context.close();
  });

  it('without JavaScript: a missing size is refused with the group named, then the pizza is added and ordered', async () => {
    const db = openServerDatabase();
    const w = await pizzeria(db);
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/m/${w.code}`);
    await dish(page, 'Pizza Margherita')
      .getByRole('link', { name: /^Alege opțiunile/ })
      .click();
    await page.waitForURL(new RegExp(`/${w.slug}/comanda/fel/`));
    // the running price needs the script: without it the form still works
    expect(await page.getByTestId('running-total').isVisible()).toBe(false);
    await page.getByRole('checkbox', { name: /Extra brânză/ }).check();
    await page.getByRole('button', { name: 'Adaugă în coș' }).click();
    await page.waitForURL(/error=order-option-required/);
    expect(await page.getByTestId('dish-error').textContent()).toBe('Pizza Margherita: alege o opțiune la „Mărime”.');
    // the guest's choice is kept; nothing was added
    expect(await page.getByRole('checkbox', { name: /Extra brânză/ }).isChecked()).toBe(true);
    expect((await context.cookies()).some((cookie) => cookie.name === 'cart')).toBe(false);
    await page.getByRole('radio', { name: /Mare/ }).check();
    await page.getByLabel('Notă pentru bucătărie (opțional)').fill('bine făcută');
    await page.getByRole('button', { name: 'Adaugă în coș' }).click();
    await page.waitForURL(new RegExp(`/${w.slug}\\?loc=.+via=${w.code}.*#d-`));
    await page.getByRole('link', { name: /Vezi coșul/ }).click();
    expect(await page.getByTestId('line-options').textContent()).toBe('Mărime: MareExtra: Extra brânză');
    await page.getByRole('button', { name: 'Trimite comanda' }).click();
    await page.waitForURL(new RegExp(`/${w.slug}/comanda/[A-Za-z0-9_-]{32}`));
    const placed = await placedOrder(db, w.id);
    expect(placed.lines).toMatchObject([{ nameRo: 'Pizza Margherita', unitPriceMinor: 5000, quantity: 1, note: 'bine făcută' }]);
    expect(placed.options.map((option) => option.nameRo)).toEqual(['Mare', 'Extra brânză']);
    expect(placed.order.allergies).toBeNull();
    await context.close();
  });
});
