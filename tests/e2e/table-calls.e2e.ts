import { mkdirSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { buildOrderingSettings, insertDiningTable } from '#tests/factories/orders.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { browserCookies, memberCookie, registerOwner } from './accounts.ts';

/**
 * Issue 36 item 5: a guest whose menu a table's QR code opened calls the waiter or asks for the
 * bill, in their language; the staff's board shows the call live with the table's name, in theirs,
 * and a tap clears it. Without JavaScript the menu's link still leads to the call page, which reads
 * the table from the menu's address; a second call within two minutes is refused in words.
 */
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

let db: Kysely<Database>;
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  await db?.destroy();
});

async function open(path: string, viewport: { width: number; height: number }, options: { locale: 'ro' | 'en'; cookie?: string; javaScriptEnabled?: boolean }): Promise<Page> {
  const context = await openContext(browserOf(), baseUrl, { viewport, locale: options.locale, javaScriptEnabled: options.javaScriptEnabled ?? true });
  contexts.push(context);
  if (options.cookie) await context.addCookies(browserCookies(options.cookie, baseUrl));
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(path);
  return page;
}

describe('calls from the table', () => {
  it('reach the board live from a guest with JavaScript, in each one’s language, and are cleared with a tap; without JavaScript a second call is refused', async () => {
    db = openServerDatabase();
    const owner = await registerOwner(baseUrl, 'chemari-bistro');
    const restaurant = await db.selectFrom('restaurant').select(['id', 'name']).where('slug', '=', owner.slug).executeTakeFirstOrThrow();
    const location = buildLocation(restaurant.id, { nameRo: 'Salon', nameEn: 'Dining room' });
    await db.insertInto('location').values(location).execute();
    const category = buildCategory(restaurant.id, location.id, { nameRo: 'Ciorbe', nameEn: 'Soups' });
    await db.insertInto('category').values(category).execute();
    await db
      .insertInto('product')
      .values(buildProduct(restaurant.id, category.id, { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', priceMinor: 2450 }))
      .execute();
    await db.updateTable('restaurant').set({ productsCount: 1 }).where('id', '=', restaurant.id).execute();
    const table = await insertDiningTable(db, restaurant.id, location.id, 'Masa 7');
    await db.insertInto('orderingSettings').values(buildOrderingSettings(restaurant.id, location.id)).execute();

    const board = await open(`/${owner.slug}/admin/orders`, DESKTOP, { locale: 'ro', cookie: await memberCookie(baseUrl, db, restaurant.id, 'staff') });
    await expect.poll(() => isHydrated(board, 'h2'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');

    // the guest, in English on a phone, from the table's QR code
    const guest = await open(`/m/${table.code}?lang=en`, PHONE, { locale: 'en' });
    const link = guest.getByRole('link', { name: 'Call the waiter' });
    await link.waitFor();
    await link.click();
    await guest.getByRole('heading', { name: 'Call the waiter' }).waitFor();
    await guest.getByText(`Masa 7 at ${restaurant.name}`).waitFor();
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guest.getByRole('button', { name: 'Ask for the bill, paying by card' }).click();
    await guest.getByTestId('call-sent').filter({ hasText: 'We asked for your bill. The waiter brings it with the card terminal.' }).waitFor();
    await guest.screenshot({ path: `${shots}/table-call-phone-en.png`, fullPage: true });
    if (databaseUrl) await sql`select pg_notify('bucate_live', ${`${restaurant.id}:orders`})`.execute(db);

    // the staff, in Romanian: the table's name and what it asks for, without a reload
    const call = board.getByTestId('table-call');
    await call.filter({ hasText: 'Masa 7 cere nota (card)' }).waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(board)).toEqual([]);
    await board.screenshot({ path: `${shots}/table-call-board-desktop-ro.png` });
    await board.getByRole('button', { name: 'Rezolvat: Masa 7, cere nota (card)' }).click();
    await expect.poll(() => call.count(), { timeout: 15_000 }).toBe(0);
    expect(await db.selectFrom('tableCall').select('clearedAt').where('restaurantId', '=', restaurant.id).execute()).toEqual([{ clearedAt: expect.any(String) }]);

    // without JavaScript: the link shows, the page finds the table through the menu's address, the second call is too soon
    const plain = await open(`/m/${table.code}`, PHONE, { locale: 'ro', javaScriptEnabled: false });
    await plain.getByRole('link', { name: 'Cheamă ospătarul' }).click();
    await plain.getByText(`Masa 7, ${restaurant.name}`).waitFor();
    await plain.getByRole('button', { name: 'Cheamă ospătarul' }).click();
    await plain
      .getByTestId('call-error')
      .filter({ hasText: /Ai chemat deja de la această masă\. Poți chema din nou peste \d+ de secunde\./ })
      .waitFor();
    expect(await db.selectFrom('tableCall').select('kind').where('restaurantId', '=', restaurant.id).execute()).toEqual([{ kind: 'bill-card' }]);
    await plain.screenshot({ path: `${shots}/table-call-phone-ro-noscript.png`, fullPage: true });
  });
});
