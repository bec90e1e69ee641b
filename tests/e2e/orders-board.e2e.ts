import { mkdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildLocation } from '#tests/factories/builders.ts';
import { buildOrderingSettings, insertDiningTable, insertOrder, placeOrder } from '#tests/factories/orders.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { browserCookies, memberCookie, registerOwner } from './accounts.ts';
import { publishOrders, signedInOpener } from './kitchen-world.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 25 item 4: a staff member runs the orders board on a phone. An order placed meanwhile (the
 * order, its lines and its live event written as the placement service writes them) appears without
 * a reload and counts in the tab's title; accepting it with minutes clears the count. The board in
 * both languages at 390, 768 and 1280 px passes axe; without JavaScript its forms still work; an
 * editor is refused the board and does not see its tab.
 */
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

let db: Kysely<Database>;
const openAs = signedInOpener(browserOf, baseUrl);
// the contexts a test opens itself (one needs a script in place before its page loads)
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await openAs.closeAll();
  for (const context of contexts) await context.close();
  await db?.destroy();
});

const publish = (restaurantId: string) => publishOrders(db, databaseUrl, restaurantId);
const cards = (page: Page) => page.getByTestId('board-order');

describe('the orders board', () => {
  let slug: string;
  let restaurantId: string;
  let locationId: string;
  let table: { id: string; label: string };
  let staffCookie: string;
  let board: Page;

  it('shows a staff member on a phone an order placed meanwhile, without a reload, counted in the title; accepting it with minutes', async () => {
    db = openServerDatabase();
    const owner = await registerOwner(baseUrl, 'comenzi-bistro');
    slug = owner.slug;
    restaurantId = (await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const location = buildLocation(restaurantId, { nameRo: 'Salon', nameEn: 'Dining room' });
    await db.insertInto('location').values(location).execute();
    locationId = location.id;
    table = await insertDiningTable(db, restaurantId, locationId, 'Masa 7');
    await db
      .insertInto('orderingSettings')
      .values(buildOrderingSettings(restaurantId, locationId, { pickup: 1 }))
      .execute();
    staffCookie = await memberCookie(baseUrl, db, restaurantId, 'staff');

    board = await openAs(staffCookie, `/${slug}/admin/orders`, PHONE);
    await board.getByRole('heading', { name: 'Comenzile de azi' }).waitFor();
    await expect.poll(() => isHydrated(board, 'h2')).toBe(true);
    await board.getByText('Nicio comandă azi deocamdată.').waitFor();
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    expect(await board.title()).toBe('Comenzi · Bucate');
    // the sound needs a gesture: the button gives it
    await board.getByRole('button', { name: 'Activează sunetul' }).click();
    await board.getByRole('button', { name: /^Sunet activ/ }).waitFor();

    // the page must not reload: a mark on its window survives only if it does not
    await board.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    // nor read the whole board again (issue 26): the event's order alone is read, with the day's totals
    const reads = { board: [] as string[], rows: [] as string[] };
    board.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === `/${slug}/admin/orders.data` || (pathname === `/${slug}/admin/orders` && request.resourceType() === 'document')) reads.board.push(request.url());
      if (pathname === `/${slug}/admin/orders/rows`) reads.rows.push(request.url());
    });
    const { order } = await placeOrder(db, {
      restaurantId,
      locationId,
      table,
      lines: [{ nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', unitPriceMinor: 2450, quantity: 2, note: 'fără ardei' }],
    });
    await publish(restaurantId);
    const card = cards(board).filter({ hasText: `Comanda #${order.number}` });
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.textContent()).toContain('2× Ciorbă de burtă');
    expect(await card.textContent()).toContain('» fără ardei');
    await expect.poll(() => board.title()).toBe('(1) Comenzi · Bucate');
    // the totals follow the row: one order, 49,00 lei, received
    expect(await board.getByTestId('board-totals').textContent()).toMatch(/Total1 · 49,00/);
    expect(await board.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(reads.board).toEqual([]);
    expect(reads.rows).toHaveLength(1);
    expect(new URL(reads.rows[0]!).searchParams.getAll('id')).toEqual([order.id]);
    // the page's catalogue held every text it drew: no key sent it for a whole language (page-catalogue.ts)
    expect(
      await board.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /\/assets\/(ro|en)-[\w-]+\.js$/.test(name)),
      ),
    ).toEqual([]);

    await card.getByLabel('Minute până e gata').fill('25');
    await card.getByRole('button', { name: 'Acceptă' }).click();
    await toast(board, `Comanda #${order.number} a fost acceptată.`);
    await expect.poll(() => card.getAttribute('data-status')).toBe('accepted');
    await expect.poll(() => board.title()).toBe('Comenzi · Bucate');
    expect(await db.selectFrom('guestOrder').select(['status', 'etaMinutes']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ status: 'accepted', etaMinutes: 25 });
    expect(await seriousAxeViolations(board)).toEqual([]);
  });

  it("refuses bad minutes with its message and changes nothing; a colleague's earlier move is a clear 409", async () => {
    const { order } = await placeOrder(db, { restaurantId, locationId, table });
    await publish(restaurantId);
    const card = cards(board).filter({ hasText: `Comanda #${order.number}` });
    await card.waitFor({ timeout: 15_000 });
    // the browser's own check would stop 999 before sending: the server's answer is what is tested
    await card.getByLabel('Minute până e gata').evaluate((input: HTMLInputElement) => input.removeAttribute('max'));
    await card.getByLabel('Minute până e gata').fill('999');
    await card.getByRole('button', { name: 'Acceptă' }).click();
    await board.getByRole('alert').filter({ hasText: 'între 1 și 240' }).waitFor();
    expect((await db.selectFrom('guestOrder').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('received');

    // a colleague accepts it first; this board still shows it as new
    await db.updateTable('guestOrder').set({ status: 'accepted', etaMinutes: 5 }).where('id', '=', order.id).execute();
    await card.getByLabel('Minute până e gata').fill('10');
    await card.getByRole('button', { name: 'Acceptă' }).click();
    await toast(board, `Comanda #${order.number} a fost schimbată între timp de un coleg`);
    expect((await db.selectFrom('guestOrder').select('etaMinutes').where('id', '=', order.id).executeTakeFirstOrThrow()).etaMinutes).toBe(5);
  });

  // one language per test: six page loads with axe outlast a test's minute on a loaded machine
  for (const locale of ['ro', 'en'] as const)
    it(`looks right at 390, 768 and 1280 px in ${locale} (axe)`, async () => {
      if (locale === 'ro') {
        // a fuller day to look at: a pickup, one ready, one declined
        await insertOrder(db, { restaurantId, locationId, table: null, customerName: 'Ioana Ștefănescu', pickupTime: '14:15' });
        await insertOrder(db, { restaurantId, locationId, table, status: 'ready' });
        await insertOrder(db, { restaurantId, locationId, table, status: 'declined' });
      }
      const page = await openAs(staffCookie, `/${slug}/admin/orders`, PHONE, { locale });
      for (const [name, viewport] of [
        ['390', PHONE],
        ['768', { width: 768, height: 1024 }],
        ['1280', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/${slug}/admin/orders`);
        await page.getByRole('heading', { name: locale === 'ro' ? 'Comenzile de azi' : "Today's orders" }).waitFor();
        await expect.poll(() => isHydrated(page, 'h2'), { timeout: 30_000 }).toBe(true);
        // the board itself (the site header's menu drawer is measured by page-widths.e2e.ts)
        const wider = await page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 3)
            .map((node) => `${node.tagName}.${node.className}`),
        );
        expect(wider, `nothing of the page wider than the screen at ${name}`).toEqual([]);
        expect(await seriousAxeViolations(page), `${locale} ${name}`).toEqual([]);
        await page.screenshot({ path: `${shots}/orders-board-${locale}-${name}.png`, fullPage: true });
      }
    });

  it("sounds for a new order of the location it shows, not for another location's", async () => {
    const terrace = buildLocation(restaurantId, { nameRo: 'Terasă', nameEn: 'Terrace' });
    await db.insertInto('location').values(terrace).execute();
    await db.insertInto('orderingSettings').values(buildOrderingSettings(restaurantId, terrace.id)).execute();
    const terraceTable = await insertDiningTable(db, restaurantId, terrace.id, 'Masa T1');
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    contexts.push(context);
    await context.addCookies(browserCookies(staffCookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    // every beep is one oscillator the page creates
    await context.addInitScript(() => {
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        Object.assign(window, { beeps: ((window as unknown as { beeps?: number }).beeps ?? 0) + 1 });
        return create.call(this);
      };
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`/${slug}/admin/orders?loc=${locationId}`);
    await expect.poll(() => isHydrated(page, 'h2'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    await page.getByRole('button', { name: 'Activează sunetul' }).click();
    const beeps = () => page.evaluate(() => (window as unknown as { beeps?: number }).beeps ?? 0);
    await expect.poll(beeps).toBe(1);
    // the terrace's order first, then the dining room's: once the second is on the board, the first was heard of
    await placeOrder(db, { restaurantId, locationId: terrace.id, table: terraceTable });
    await publish(restaurantId);
    const { order } = await placeOrder(db, { restaurantId, locationId, table });
    await publish(restaurantId);
    await cards(page)
      .filter({ hasText: `Comanda #${order.number}` })
      .waitFor({ timeout: 15_000 });
    expect(await beeps()).toBe(2);
  });

  it('works without JavaScript: plain forms move an order and pause the location', async () => {
    // no JavaScript: a plain form post marks the ready order served
    const page = await openAs(staffCookie, `/${slug}/admin/orders`, PHONE, { javaScriptEnabled: false });
    const ready = cards(page)
      .filter({ has: page.getByText('Gata', { exact: true }) })
      .first();
    const number = Number(/#(\d+)/.exec((await ready.getByRole('heading').textContent()) ?? '')?.[1]);
    await ready.getByRole('button', { name: 'Servită' }).click();
    await page.getByRole('heading', { name: 'Comenzile de azi' }).waitFor();
    await expect
      .poll(async () => (await db.selectFrom('guestOrder').select('status').where('restaurantId', '=', restaurantId).where('number', '=', number).executeTakeFirstOrThrow()).status)
      .toBe('served');
    // and the pause switch
    await page.getByRole('button', { name: 'Oprește comenzile în Salon' }).click();
    await page.getByRole('button', { name: 'Reia comenzile în Salon' }).waitFor();
    expect((await db.selectFrom('orderingSettings').select('paused').where('locationId', '=', locationId).executeTakeFirstOrThrow()).paused).toBe(1);
  });

  it('refuses the board to an editor, who does not see its tab', async () => {
    const editorCookie = await memberCookie(baseUrl, db, restaurantId, 'editor', 'Editor');
    for (const path of [`/${slug}/admin/orders`, `/${slug}/admin/orders/live`]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { cookie: editorCookie } });
      expect(response.headers.get('location'), path).toMatch(/^\/unauthorized\?/);
    }
    const page = await openAs(editorCookie, `/${slug}/admin`, PHONE);
    const nav = page.getByRole('navigation', { name: 'Secțiunile administrării' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Comenzi' }).count()).toBe(0);
  });
});
