import { sql, type Kysely } from 'kysely';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildCategory, buildLocation, buildProduct, newId } from '#tests/factories/builders.ts';
import { buildOrderingSettings, insertDiningTable } from '#tests/factories/orders.ts';
import { browserCookies, registerOwner } from './accounts.ts';
import { isHydrated, openContext, seriousAxeViolations } from './browser.ts';

/**
 * What the staff-side browser tests of orders and the kitchen share (issues 25 and 36): a signed-in
 * page opened with a loaded machine's patience, the live wake-up a placement sends, and a restaurant
 * whose one location takes dine-in orders, with stations, a dish per station and a table.
 */

type Viewport = { width: number; height: number };
export interface OpenOptions {
  locale?: 'ro' | 'en';
  javaScriptEnabled?: boolean;
}

/**
 * `const open = signedInOpener(browserOf, baseUrl)`, then `await open(cookie, path, viewport)`: a
 * browser signed in with the cookie (consent given), at `path`, hydrated (openOwnerPage's, with the
 * patience of a machine other test runs share: a first load waited past 10 s under a load average of
 * 50). `open.closeAll()` closes every context it opened.
 */
export function signedInOpener(browserOf: () => Browser, baseUrl: string) {
  const contexts: BrowserContext[] = [];
  const open = async (cookie: string, path: string, viewport: Viewport, options: OpenOptions = {}): Promise<Page> => {
    const context = await openContext(browserOf(), baseUrl, { viewport, locale: options.locale ?? 'ro', javaScriptEnabled: options.javaScriptEnabled ?? true });
    contexts.push(context);
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(path);
    if (options.javaScriptEnabled !== false) await expect.poll(() => isHydrated(page, 'h1'), { timeout: 30_000 }).toBe(true);
    return page;
  };
  return Object.assign(open, {
    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close();
    },
  });
}

/**
 * Wakes the server's boards as the placement's publish would, after a test wrote an order itself. On
 * PostgreSQL: the NOTIFY every app process listens for; on SQLite the server is another process with
 * its own emitter, and its streams find the event at their next look at the log (every 5 s).
 */
export async function publishOrders(db: Kysely<Database>, databaseUrl: string, restaurantId: string): Promise<void> {
  if (databaseUrl) await sql`select pg_notify('bucate_live', ${`${restaurantId}:orders`})`.execute(db);
}

/** A station row of a location (warning after 10 minutes, late after 20 unless said). */
export function buildStation(restaurantId: string, locationId: string, nameRo: string, sortOrder: number, nameEn: string | null = null) {
  const now = new Date().toISOString();
  return { id: newId(), restaurantId, locationId, nameRo, nameEn, sortOrder, warnMinutes: 10, lateMinutes: 20, createdAt: now, updatedAt: now };
}

/**
 * A freshly registered owner's restaurant with a location "Salon" taking dine-in orders, a table
 * "Masa 7", the stations "Bucătărie" and "Bar", and a category per station with one dish each
 * ("Ciorbă de burtă" 24,50 to the kitchen, "Limonadă" 15,00 to the bar), the menu's guests can order from.
 */
export async function kitchenRestaurant(db: Kysely<Database>, baseUrl: string, name: string) {
  const owner = await registerOwner(baseUrl, name);
  const restaurantId = (await db.selectFrom('restaurant').select('id').where('slug', '=', owner.slug).executeTakeFirstOrThrow()).id;
  const location = buildLocation(restaurantId, { nameRo: 'Salon', nameEn: 'Dining room' });
  await db.insertInto('location').values(location).execute();
  const kitchen = buildStation(restaurantId, location.id, 'Bucătărie', 0, 'Kitchen');
  const bar = buildStation(restaurantId, location.id, 'Bar', 1);
  await db.insertInto('station').values([kitchen, bar]).execute();
  const soups = buildCategory(restaurantId, location.id, { nameRo: 'Ciorbe', nameEn: 'Soups', stationId: kitchen.id });
  const drinks = buildCategory(restaurantId, location.id, { nameRo: 'Băuturi', nameEn: 'Drinks', stationId: bar.id, sortOrder: 1 });
  await db.insertInto('category').values([soups, drinks]).execute();
  const soup = buildProduct(restaurantId, soups.id, { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', priceMinor: 2450 });
  const lemonade = buildProduct(restaurantId, drinks.id, { nameRo: 'Limonadă', nameEn: 'Lemonade', priceMinor: 1500 });
  await db.insertInto('product').values([soup, lemonade]).execute();
  await db
    .updateTable('restaurant')
    .set((eb) => ({ productsCount: 2, menuVersion: eb('menuVersion', '+', 1) }))
    .where('id', '=', restaurantId)
    .execute();
  const table = await insertDiningTable(db, restaurantId, location.id, 'Masa 7');
  await db.insertInto('orderingSettings').values(buildOrderingSettings(restaurantId, location.id)).execute();
  return { owner, slug: owner.slug, restaurantId, location, kitchen, bar, table, soups, drinks, soup, lemonade };
}

/**
 * What a person would see wrong on the page as it is: the elements of `main` wider than the screen
 * and axe's serious findings; a screenshot at `shot` to look at, of the whole page or of `part`.
 */
export async function lookAtPage(page: Page, shot: string, part?: Locator): Promise<{ wider: string[]; axe: string[] }> {
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((node) => `${node.tagName}.${node.className}`),
  );
  const axe = await seriousAxeViolations(page);
  await (part ? part.screenshot({ path: shot }) : page.screenshot({ path: shot, fullPage: true }));
  return { wider, axe };
}
