import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { memberCookie } from './accounts.ts';
import { DESKTOP, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { kitchenRestaurant, signedInOpener } from './kitchen-world.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 36 item 4, on the screens: a guest orders a soup (the kitchen's) and a lemonade (the bar's)
 * from a table's QR code; the waiter takes the soup back on the board. The board strikes the line
 * through with "Anulat" and its total drops; the guest's order page strikes it too with the lower
 * total; the kitchen's screen no longer shows it, the bar's still shows its lemonade.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const open = signedInOpener(browserOf, baseUrl);

let db: Kysely<Database>;
afterAll(async () => {
  await open.closeAll();
  await db?.destroy();
});

const dish = (page: Page, name: string) => page.locator('[data-dish]').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

describe('a line taken back on the board', () => {
  it('is struck through on the board and the guest’s page, out of both totals, and off the kitchen’s screen', async () => {
    db = openServerDatabase();
    const w = await kitchenRestaurant(db, baseUrl, 'anulari-bistro');
    const staffCookie = await memberCookie(baseUrl, db, w.restaurantId, 'staff', 'Chelner');

    // the guest, from the table's QR code: a soup and a lemonade
    const guestContext = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const guest = await guestContext.newPage();
    guest.setDefaultTimeout(30_000);
    await guest.goto(`/m/${w.table.code}`);
    await guest.waitForURL(new RegExp(`/${w.slug}\\?loc=.+&via=${w.table.code}`));
    for (const name of ['Ciorbă de burtă', 'Limonadă']) {
      const count = await guest.locator('#cart-bar [data-cart-summary]').textContent();
      await dish(guest, name)
        .getByRole('button', { name: /^Adaugă/ })
        .click();
      await expect.poll(() => guest.locator('#cart-bar [data-cart-summary]').textContent()).not.toBe(count);
    }
    await guest.getByRole('link', { name: /Vezi coșul/ }).click();
    await guest.waitForURL(new RegExp(`/${w.slug}/comanda`));
    await guest.getByRole('button', { name: 'Trimite comanda' }).click();
    await guest.waitForURL(new RegExp(`/${w.slug}/comanda/[A-Za-z0-9_-]{32}`));
    const token = new URL(guest.url()).pathname.split('/').at(-1)!;
    const order = await db.selectFrom('guestOrder').select(['id', 'number', 'totalMinor']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(order.totalMinor).toBe(3950);
    const guestLines = guest.getByTestId('order-line');
    expect(await guestLines.count()).toBe(2);
    await guest.getByText('39,50').first().waitFor();
    // marks this very page: it must show the take-back below by itself, not by being loaded again
    await guest.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // the kitchen's and the bar's screens hold their lines
    const kitchen = await open(staffCookie, `/${w.slug}/admin/kitchen?station=${w.kitchen.id}`, DESKTOP);
    const kitchenTicket = kitchen.getByTestId('kitchen-ticket').filter({ hasText: `#${order.number}` });
    expect(await kitchenTicket.textContent()).toContain('1× Ciorbă de burtă');
    await expect.poll(() => kitchen.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');
    const bar = await open(staffCookie, `/${w.slug}/admin/kitchen?station=${w.bar.id}`, DESKTOP);
    const barTicket = bar.getByTestId('kitchen-ticket').filter({ hasText: `#${order.number}` });
    expect(await barTicket.textContent()).toContain('1× Limonadă');

    // the waiter takes the soup back on the board
    const board = await open(staffCookie, `/${w.slug}/admin/orders`, PHONE);
    const card = board.getByTestId('board-order').filter({ hasText: `Comanda #${order.number}` });
    expect(await card.textContent()).toContain('Total: 39,50');
    await card.getByRole('button', { name: 'Anulează 1× Ciorbă de burtă' }).click();
    await toast(board, `Linia a fost anulată din comanda #${order.number}.`);
    const struck = card.locator('[data-testid="board-line"][data-cancelled]');
    await expect.poll(() => struck.textContent()).toMatch(/1×\s*Ciorbă de burtă\s*Anulat/);
    expect(await struck.locator('s').textContent()).toContain('Ciorbă de burtă');
    await expect.poll(() => card.textContent()).toContain('Total: 15,00');
    // the lemonade can still be taken back, the soup not twice
    expect(await card.getByRole('button', { name: /^Anulează/ }).allTextContents()).toEqual(['Anulează 1× Limonadă']);
    expect(await seriousAxeViolations(board)).toEqual([]);
    expect((await db.selectFrom('guestOrder').select('totalMinor').where('id', '=', order.id).executeTakeFirstOrThrow()).totalMinor).toBe(1500);

    // the kitchen's screen drops the ticket (its one line is gone) without a reload; the bar keeps its lemonade
    await expect.poll(() => kitchenTicket.count(), { timeout: 15_000 }).toBe(0);
    expect(await kitchen.getByTestId('kitchen-all-day').textContent()).not.toContain('Ciorbă');
    await bar.reload();
    expect(await barTicket.textContent()).toContain('1× Limonadă');

    // the guest's page, live without a reload: the soup struck through with "Anulat", the total 15,00
    const cancelled = guest.locator('[data-testid="order-line"][data-cancelled]');
    await expect.poll(() => cancelled.textContent()).toContain('Anulat');
    expect(await cancelled.locator('s').first().textContent()).toBe('1 × Ciorbă de burtă');
    const total = guest.locator('p').filter({ hasText: /^Total/ });
    await expect.poll(() => total.textContent()).toMatch(/Total\s*15,00/);
    expect(await guest.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await guestContext.close();
  });
});
