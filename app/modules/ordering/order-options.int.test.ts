import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { insertDishOptions, insertPizzaOptions } from '#tests/factories/dish-options.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { readCart, encodeCart } from './cart-cookie.ts';
import { getDishChoicePage } from './dish-choice.service.server.ts';
import { addDishToCart } from './guest-cart.service.server.ts';
import { placeGuestOrder, type PlaceOrderInput } from './order-placement.service.server.ts';
import { updateOrderingSettings } from './ordering-settings.service.server.ts';
import { orderingSettingsForm } from '#tests/factories/orders.ts';

/**
 * Issue 35 items 2-4, the guest's side: a line's options priced by the server alone (a size that
 * sets the price, extras that add), every refusal naming the dish and the group with nothing
 * placed, another dish's and another restaurant's options refused, a changed option price asked to
 * confirm, the chosen options and the allergies written with the order.
 */
useFileWorld();

/** 12:00 in Bucharest on a Friday */
const NOW = Date.parse('2026-11-27T10:00:00.000Z');
let seq = 0;

async function world() {
  const slug = `optiuni-${testDialect}-${++seq}`;
  const restaurant = await insertRestaurant(db, { slug, name: `Pizzeria ${seq}` }, {});
  const id = restaurant.id!;
  const location = buildLocation(id);
  const category = buildCategory(id, location.id);
  const pizza = buildProduct(id, category.id, { nameRo: 'Pizza Margherita', nameEn: 'Margherita pizza', priceMinor: 3900, allergens: '["gluten"]' });
  const coffee = buildProduct(id, category.id, { nameRo: 'Cafea cu lapte', nameEn: 'White coffee', priceMinor: 1200, allergens: '[]' });
  const soup = buildProduct(id, category.id, { nameRo: 'Ciorbă', nameEn: 'Soup', priceMinor: 2000, allergens: '[]', traces: '["celery"]' });
  await db.insertInto('location').values(location).execute();
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values([pizza, coffee, soup]).execute();
  const table = {
    id: newId(),
    restaurantId: id,
    locationId: location.id,
    label: 'Masa 2',
    code: `p${seq}${testDialect}`.slice(0, 12),
    sortOrder: 1,
    createdAt: new Date().toISOString(),
  };
  await db.insertInto('diningTable').values(table).execute();
  await updateOrderingSettings(scopes.owner(id), storage, orderingSettingsForm(location.id));
  const pizzaOptions = await insertPizzaOptions(db, id, [pizza.id!]);
  // every milk of the coffee contains milk: hiding milk hides the coffee
  const milk = await insertDishOptions(db, id, [coffee.id!], {
    nameRo: 'Lapte',
    nameEn: 'Milk',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { nameRo: 'Integral', allergens: '["milk"]' },
      { nameRo: 'Fără lactoză', allergens: '["milk"]', priceMinor: 200 },
    ],
  });
  return { id, slug, location: location.id, pizza: pizza.id!, coffee: coffee.id!, soup: soup.id!, table, ...pizzaOptions, milk };
}
type World = Awaited<ReturnType<typeof world>>;

let keys = 0;
const newKey = () => `options-key-${testDialect}-${++keys}-abcdefghijkl`;
const order = (w: World, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  slug: w.slug,
  locationId: w.location,
  kind: 'dineIn',
  tableCode: w.table.code,
  lines: [{ productId: w.pizza, quantity: 2, note: 'bine făcută', options: [w.large, w.cheese] }],
  idempotencyKey: newKey(),
  seenTotalMinor: 2 * (4500 + 500),
  locale: 'ro',
  ...overrides,
});
const client = { clientKey: 'guest', now: NOW };
const orderCount = async (w: World) => (await db.selectFrom('guestOrder').select('id').where('restaurantId', '=', w.id).execute()).length;

describe(`a line's options on ${testDialect}`, () => {
  it("prices a size as the price and an extra as a change, and writes what the guest confirmed with the order's allergies", async () => {
    const w = await world();
    const placed = await placeGuestOrder(db, order(w, { allergies: ['milk', 'celery'], allergyNote: ' fără   nuci, vă rog ' }), client);
    if (placed.status !== 'placed') throw new Error('expected the order placed');
    const stored = await db.selectFrom('guestOrder').select(['totalMinor', 'allergies', 'allergyNote']).where('id', '=', placed.orderId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ totalMinor: 10000, allergies: '["milk","celery"]', allergyNote: 'fără   nuci, vă rog' });
    const line = await db
      .selectFrom('guestOrderLine')
      .select(['id', 'unitPriceMinor', 'quantity', 'note', 'allergens'])
      .where('orderId', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ unitPriceMinor: 5000, quantity: 2, note: 'bine făcută', allergens: '["gluten","milk"]' });
    const options = await db
      .selectFrom('guestOrderLineOption')
      .select(['lineId', 'optionId', 'groupNameRo', 'nameRo', 'nameEn', 'priceMinor', 'pricing', 'position'])
      .where('orderId', '=', placed.orderId)
      .orderBy('position')
      .execute();
    expect(options).toEqual([
      { lineId: line.id, optionId: w.large, groupNameRo: 'Mărime', nameRo: 'Mare', nameEn: 'Large', priceMinor: 4500, pricing: 'set', position: 0 },
      { lineId: line.id, optionId: w.cheese, groupNameRo: 'Extra', nameRo: 'Extra brânză', nameEn: 'Extra cheese', priceMinor: 500, pricing: 'add', position: 1 },
    ]);
    // a dish's traces count for the flags too; no options, no option rows
    const soup = await placeGuestOrder(db, order(w, { lines: [{ productId: w.soup, quantity: 1, note: null }], seenTotalMinor: 2000 }), client);
    if (soup.status !== 'placed') throw new Error('expected the order placed');
    expect(await db.selectFrom('guestOrderLine').select('allergens').where('orderId', '=', soup.orderId).executeTakeFirstOrThrow()).toEqual({ allergens: '["celery"]' });
    expect(await db.selectFrom('guestOrderLineOption').select('id').where('orderId', '=', soup.orderId).execute()).toEqual([]);
  });

  it('refuses every wrong choice by the dish and the group, and places nothing', async () => {
    const w = await world();
    const other = await world();
    const refused = (options: string[], locale: 'ro' | 'en' = 'ro') =>
      placeGuestOrder(db, order(w, { lines: [{ productId: w.pizza, quantity: 1, note: null, options }], seenTotalMinor: 4500, locale }), client);
    await expect(refused([])).rejects.toMatchObject({ code: 'order-option-required', params: { dish: 'Pizza Margherita', group: 'Mărime' } });
    await expect(refused([], 'en')).rejects.toMatchObject({ code: 'order-option-required', params: { dish: 'Margherita pizza', group: 'Size' } });
    await expect(refused([w.small, w.large])).rejects.toMatchObject({ code: 'order-option-too-many', params: { dish: 'Pizza Margherita', group: 'Mărime', max: 1 } });
    await expect(refused([w.large, w.cheese, w.olives, w.milk.optionIds[0]!])).rejects.toMatchObject({ code: 'order-option-unknown', params: { dish: 'Pizza Margherita' } });
    await db.updateTable('optionItem').set({ available: 1 }).where('id', '=', w.ham).execute();
    await expect(refused([w.large, w.cheese, w.olives, w.ham])).rejects.toMatchObject({ code: 'order-option-too-many', params: { group: 'Extra', max: 2 } });
    await db.updateTable('optionItem').set({ available: 0 }).where('id', '=', w.ham).execute();
    await expect(refused([w.large, w.ham])).rejects.toMatchObject({ code: 'order-option-unavailable', params: { dish: 'Pizza Margherita', group: 'Extra', option: 'Șuncă' } });
    // hidden, another dish's, another restaurant's: not an option of this dish
    await expect(refused([w.large, w.truffles])).rejects.toMatchObject({ code: 'order-option-unknown' });
    await expect(refused([w.large, w.milk.optionIds[0]!])).rejects.toMatchObject({ code: 'order-option-unknown' });
    // the coffee's milk in the same cart is still not the pizza's
    const both = [
      { productId: w.pizza, quantity: 1, note: null, options: [w.large, w.milk.optionIds[0]!] },
      { productId: w.coffee, quantity: 1, note: null, options: [w.milk.optionIds[0]!] },
    ];
    await expect(placeGuestOrder(db, order(w, { lines: both, seenTotalMinor: 4500 + 1200 }), client)).rejects.toMatchObject({
      code: 'order-option-unknown',
      params: { dish: 'Pizza Margherita' },
    });
    await expect(refused([other.large])).rejects.toMatchObject({ code: 'order-option-unknown' });
    await expect(refused([w.large, other.cheese])).rejects.toMatchObject({ code: 'order-option-unknown' });
    await expect(refused([w.large, w.large])).rejects.toMatchObject({ code: 'order-option-unknown' });
    await expect(refused(["x' OR 1=1 --"])).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(placeGuestOrder(db, order(w, { allergies: ['peanut-butter'] }), client)).rejects.toMatchObject({ code: 'order-allergies' });
    await expect(placeGuestOrder(db, order(w, { allergyNote: 'x'.repeat(141) }), client)).rejects.toMatchObject({ code: 'order-note-too-long', field: 'allergyNote' });
    expect(await orderCount(w)).toBe(0);
    expect(await db.selectFrom('guestOrderLineOption').select('id').where('restaurantId', '=', w.id).execute()).toEqual([]);
  });

  it("asks to confirm an option's changed price as a dish's, then keeps the price confirmed", async () => {
    const w = await world();
    await db.updateTable('optionItem').set({ priceMinor: 800 }).where('id', '=', w.cheese).execute();
    const input = order(w);
    expect(await placeGuestOrder(db, input, client)).toMatchObject({ status: 'price-changed', totalMinor: 2 * (4500 + 800) });
    expect(await orderCount(w)).toBe(0);
    const confirmed = await placeGuestOrder(db, { ...input, seenTotalMinor: 2 * (4500 + 800) }, client);
    if (confirmed.status !== 'placed') throw new Error('expected the order placed');
    // the size sets the price: a change of the dish's own price does not move it
    await db.updateTable('product').set({ priceMinor: 9900 }).where('id', '=', w.pizza).execute();
    expect(await placeGuestOrder(db, order(w), client)).toMatchObject({ status: 'price-changed', totalMinor: 2 * (4500 + 800) });
    expect((await db.selectFrom('guestOrderLineOption').select('priceMinor').where('optionId', '=', w.cheese).executeTakeFirstOrThrow()).priceMinor).toBe(800);
  });

  it('adds to the cart with its choices: a refusal names the group, identical lines merge, the filter pre-fills the allergies once', async () => {
    const w = await world();
    const context = { tableCode: w.table.code, locale: 'ro' as const, filtered: ['milk' as const] };
    await expect(addDishToCart(db, w.slug, { productId: w.pizza, options: [w.cheese] }, null, context, NOW)).rejects.toMatchObject({
      code: 'order-option-required',
      params: { dish: 'Pizza Margherita', group: 'Mărime' },
      field: `group-${w.sizeGroup}`,
    });
    const first = await addDishToCart(db, w.slug, { productId: w.pizza, options: [w.cheese, w.large], note: 'fără busuioc', quantity: 2 }, null, context, NOW);
    expect(first.cart.allergies).toEqual(['milk']);
    const again = await addDishToCart(db, w.slug, { productId: w.pizza, options: [w.large, w.cheese], note: 'fără busuioc' }, first.cart, { ...context, filtered: ['eggs'] }, NOW);
    expect(again.cart.lines).toEqual([{ productId: w.pizza, quantity: 3, note: 'fără busuioc', options: [w.cheese, w.large].sort() }]);
    expect(again.cart.allergies).toEqual(['milk']);
    const plain = await addDishToCart(db, w.slug, { productId: w.pizza, options: [w.large] }, again.cart, context, NOW);
    expect(plain.cart.lines).toHaveLength(2);
    // the cookie keeps it all and reads back the same
    expect(readCart(`cart=${encodeCart(plain.cart)}`)).toEqual({ ...plain.cart, allergyNote: null });
    await expect(addDishToCart(db, w.slug, { productId: w.pizza, options: [w.large], quantity: 21 }, null, context, NOW)).rejects.toMatchObject({ code: 'order-quantity' });
  });

  it('shows the groups on the dish page (hidden left out, sold out marked, the filter marked) and lets the filter hide a dish no choice makes safe', async () => {
    const w = await world();
    const page = await getDishChoicePage(
      db,
      w.slug,
      w.pizza,
      { locale: 'en', filtered: ['milk'], refusal: { code: 'order-option-required', groupId: w.sizeGroup, chosen: [] } },
      NOW,
    );
    expect(page?.groups.map((group) => [group.name, group.rule, group.options.map((option) => [option.name, option.available, option.filtered])])).toEqual([
      [
        'Size',
        'exactly-one',
        [
          ['Small', true, []],
          ['Large', true, []],
        ],
      ],
      [
        'Extras',
        'up-to',
        [
          ['Extra cheese', true, ['milk']],
          ['Olives', true, []],
          ['Ham', false, []],
        ],
      ],
    ]);
    expect(page?.refusal).toMatchObject({ code: 'order-option-required', params: { dish: 'Margherita pizza', group: 'Size' } });
    // a code the address was given by hand, not by the add route, names nothing
    for (const code of ['toString', '__proto__', 'no-such-code']) {
      const tampered = await getDishChoicePage(db, w.slug, w.pizza, { locale: 'ro', filtered: [], refusal: { code, groupId: null, chosen: [] } }, NOW);
      expect(tampered?.refusal).toBeNull();
    }
    const other = await world();
    expect(await getDishChoicePage(db, w.slug, other.pizza, { locale: 'ro', filtered: [], refusal: null }, NOW)).toBeUndefined();
    const menu = await getPublicMenu(db, w.slug, NOW);
    if (menu?.status !== 'active') throw new Error('expected the menu');
    const dishes = new Map(menu.locations[0]!.categories[0]!.products.map((product) => [product.id, product]));
    expect(dishes.get(w.coffee)).toMatchObject({ hasOptions: true, optionAllergens: ['milk'] });
    expect(dishes.get(w.pizza)).toMatchObject({ hasOptions: true });
    expect(dishes.get(w.pizza)?.optionAllergens).toBeUndefined();
    expect(dishes.get(w.soup)?.hasOptions).toBeUndefined();
  });
});
