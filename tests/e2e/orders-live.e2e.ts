import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { browserCookies } from './accounts.ts';
import { isHydrated, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 25's acceptance, across processes (decision 0031): a guest on a phone orders from a table's
 * QR code through this worker's app process; the staff's board, served by a SECOND app process on
 * the same database, shows the order without a reload; the staff accept it with minutes and the
 * guest's order page (on the first process) changes live. On PostgreSQL the wake-ups cross by
 * NOTIFY/LISTEN; on SQLite both processes share the file but not their emitters, so the streams
 * find the events at their next look at the log (every 5 s): the waits below allow for it.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

let db: Kysely<Database>;
let second: BuiltServer;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  db = openServerDatabase();
  const databaseUrl = inject('databaseUrl');
  second = await startBuiltServer({
    databaseUrl: databaseUrl || undefined,
    sqlitePath: join(inject('dataDir'), 'bucate.sqlite'),
    env: { TRUST_PROXY: '1', WORKER: 'off', LOG_LEVEL: 'warn' },
  });
}, 90_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await second?.stop();
  await db?.destroy();
});

/** A published restaurant whose one location takes dine-in orders, with a dish and a table. */
async function orderingRestaurant() {
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const restaurant = await insertRestaurant(db, { slug: `comenzi-live-${tag}`, name: `Bistro Două Procese ${tag}` }, {});
  const id = restaurant.id!;
  const location = buildLocation(id, { nameRo: 'Salon', nameEn: 'Dining room' });
  const category = buildCategory(id, location.id, { nameRo: 'Ciorbe', nameEn: 'Soups' });
  const soup = buildProduct(id, category.id, { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', priceMinor: 2450 });
  await db.insertInto('location').values(location).execute();
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values([soup]).execute();
  const code = `live${tag}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
  await db
    .insertInto('diningTable')
    .values({ id: newId(), restaurantId: id, locationId: location.id, label: 'Masa 3', code, sortOrder: 1, createdAt: new Date().toISOString() })
    .execute();
  await db.insertInto('orderingSettings').values(buildOrderingSettings(id, location.id)).execute();
  await db
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return { id, slug: restaurant.slug!, code };
}

/** A staff member signed up on the second process and made a member of the restaurant; their session cookie there. */
async function staffOnSecond(restaurantId: string): Promise<string> {
  const email = `chelner-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signUp = await fetch(`${second.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: second.baseUrl, 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({ email, password: 'parola-buna-1', name: 'Chelner' }),
  });
  expect(signUp.status).toBe(200);
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db.insertInto('membership').values({ id: newId(), restaurantId, userId: user.id, role: 'staff', createdAt: now, updatedAt: now }).execute();
  return signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const dish = (page: Page, name: string) => page.locator('[data-dish]').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

describe('an order from a table’s QR code reaches a board held by another app process', () => {
  it('shows on the board without a reload; accepting it with minutes changes the guest’s page live', async () => {
    const w = await orderingRestaurant();
    const staffCookie = await staffOnSecond(w.id);

    // the kitchen's tablet: the board, served by the second process
    const staffContext = await openContext(browserOf(), second.baseUrl, { viewport: PHONE, locale: 'ro' });
    contexts.push(staffContext);
    await staffContext.addCookies(browserCookies(staffCookie, second.baseUrl));
    await staffContext.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const board = await staffContext.newPage();
    board.setDefaultTimeout(30_000);
    await board.goto(`/${w.slug}/admin/orders`);
    await board.getByRole('heading', { name: 'Comenzile de azi' }).waitFor();
    await expect.poll(() => isHydrated(board, 'h2'), { timeout: 30_000 }).toBe(true);
    await board.getByText('Nicio comandă azi deocamdată.').waitFor();
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected'), { timeout: 30_000 }).toBe('true');
    // the board must not reload: a mark on its window survives only if it does not
    await board.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // the guest, on a phone, scans the table's QR code: the first process serves the menu and takes the order
    const guestContext = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    contexts.push(guestContext);
    const guest = await guestContext.newPage();
    guest.setDefaultTimeout(30_000);
    await guest.goto(`/m/${w.code}`);
    await guest.waitForURL(new RegExp(`/${w.slug}\\?loc=.+&via=${w.code}`));
    await dish(guest, 'Ciorbă de burtă')
      .getByRole('button', { name: /^Adaugă/ })
      .click();
    await expect.poll(() => guest.locator('#cart-bar [data-cart-summary]').textContent()).toContain('24');
    await guest.getByRole('link', { name: /Vezi coșul/ }).click();
    await guest.waitForURL(new RegExp(`/${w.slug}/comanda`));
    expect(await guest.getByTestId('table-info').textContent()).toContain('Masa 3');
    await guest.getByRole('button', { name: 'Trimite comanda' }).click();
    await guest.waitForURL(new RegExp(`/${w.slug}/comanda/[A-Za-z0-9_-]{32}`));
    await expect.poll(() => guest.getByTestId('order-status').textContent()).toContain('Comanda a ajuns la bucătărie');
    const token = new URL(guest.url()).pathname.split('/').at(-1)!;
    const order = await db.selectFrom('guestOrder').select(['id', 'number']).where('token', '=', token).executeTakeFirstOrThrow();

    // the board of the other process shows it, live
    const card = board.getByTestId('board-order').filter({ hasText: `Comanda #${order.number}` });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain('Ciorbă de burtă');
    await expect.poll(() => board.title()).toBe('(1) Comenzi · Bucate');
    expect(await board.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    // the staff accept it with minutes; the guest's page, on the first process, follows without a reload
    await guest.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await card.getByLabel('Minute până e gata').fill('15');
    await card.getByRole('button', { name: 'Acceptă' }).click();
    await toast(board, `Comanda #${order.number} a fost acceptată.`);
    await expect.poll(() => guest.getByTestId('order-status').textContent(), { timeout: 20_000 }).toContain('e gata în aproximativ 15 minute');
    expect(await guest.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(await db.selectFrom('guestOrder').select(['status', 'etaMinutes']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ status: 'accepted', etaMinutes: 15 });
    expect(await seriousAxeViolations(guest)).toEqual([]);
  });
});
