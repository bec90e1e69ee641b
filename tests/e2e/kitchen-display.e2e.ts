import { mkdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildLocation, newId } from '#tests/factories/builders.ts';
import { buildOrderingSettings, insertDiningTable, placeOrder } from '#tests/factories/orders.ts';
import { PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { memberCookie, registerOwner } from './accounts.ts';
import { buildStation, publishOrders, signedInOpener } from './kitchen-world.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 36 item 2: the kitchen display on a wall tablet. An order placed meanwhile (its lines routed
 * to the kitchen and the bar, its live event written as the placement writes them) appears on the
 * kitchen's screen without a reload, with its table, its lines and the wait; a line and the ticket
 * are bumped, the ticket recalled; the bar's screen shows only its own line. The screen at 1280×800,
 * 1024×600 and 390 px, in ro and en, passes axe; the board links to it.
 */
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

let db: Kysely<Database>;
const open = signedInOpener(browserOf, baseUrl);
afterAll(async () => {
  await open.closeAll();
  await db?.destroy();
});

const publish = (restaurantId: string) => publishOrders(db, databaseUrl, restaurantId);
const tickets = (page: Page) => page.getByTestId('kitchen-ticket');
const openAs = open;

const TABLET = { width: 1280, height: 800 };
const SMALL_TABLET = { width: 1024, height: 600 };

describe('the kitchen display', () => {
  it('shows a new order on the kitchen screen without a reload, bumps a line and the ticket, recalls it; the bar sees its own line', async () => {
    db = openServerDatabase();
    const owner = await registerOwner(baseUrl, 'bucatarie-bistro');
    const slug = owner.slug;
    const restaurantId = (await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const location = buildLocation(restaurantId, { nameRo: 'Salon', nameEn: 'Dining room' });
    await db.insertInto('location').values(location).execute();
    const table = await insertDiningTable(db, restaurantId, location.id, 'Masa 7');
    await db.insertInto('orderingSettings').values(buildOrderingSettings(restaurantId, location.id)).execute();
    const kitchen = buildStation(restaurantId, location.id, 'Bucătărie', 0, 'Kitchen');
    const bar = buildStation(restaurantId, location.id, 'Bar', 1);
    await db.insertInto('station').values([kitchen, bar]).execute();
    const staffCookie = await memberCookie(baseUrl, db, restaurantId, 'staff', 'Bucătar');

    const screen = await openAs(staffCookie, `/${slug}/admin/kitchen?station=${kitchen.id}`, TABLET);
    await screen.getByRole('heading', { name: 'Bucătărie · Salon' }).waitFor();
    await screen.getByText('Niciun bon de pregătit.').waitFor();
    await expect.poll(() => screen.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    await screen.getByRole('button', { name: 'Activează sunetul' }).click();
    await screen.getByRole('button', { name: /^Sunet activ/ }).waitFor();
    await screen.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const { order } = await placeOrder(db, {
      restaurantId,
      locationId: location.id,
      table,
      lines: [
        { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', unitPriceMinor: 2450, quantity: 2, note: 'fără ardei', stationId: kitchen.id },
        { nameRo: 'Mici', unitPriceMinor: 1800, quantity: 3, stationId: null },
        { nameRo: 'Limonadă', unitPriceMinor: 1500, quantity: 1, stationId: bar.id },
      ],
    });
    await publish(restaurantId);
    const ticket = tickets(screen).filter({ hasText: `#${order.number}` });
    await ticket.waitFor({ timeout: 15_000 });
    const text = await ticket.textContent();
    expect(text).toContain('Masa 7');
    expect(text).toContain('2× Ciorbă de burtă');
    expect(text).toContain('» fără ardei');
    expect(text).toContain('3× Mici');
    expect(text).not.toContain('Limonadă');
    expect(text).toMatch(/Așteaptă de \d+ min/);
    expect(await screen.getByTestId('kitchen-all-day').textContent()).toContain('3 Mici');
    expect(await screen.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(await seriousAxeViolations(screen)).toEqual([]);
    await screen.screenshot({ path: `${shots}/kitchen-1280x800-ro.png` });

    await ticket.getByRole('button', { name: /^Gata: 3× Mici/ }).click();
    await toast(screen, `O linie din comanda #${order.number} e gata.`);
    await expect.poll(() => ticket.textContent()).not.toContain('Mici');
    await ticket.getByRole('button', { name: `Bon gata #${order.number}` }).click();
    await toast(screen, `Bonul #${order.number} e gata.`);
    await screen.getByText('Niciun bon de pregătit.').waitFor();
    await screen.getByRole('button', { name: `Readu ultimul bon (#${order.number})` }).click();
    await toast(screen, `Bonul #${order.number} a revenit pe ecran.`);
    await ticket.waitFor();
    expect(await ticket.textContent()).toContain('2× Ciorbă de burtă');

    // a call from the table (issue 36 item 5) waits on every screen of its location, in the screen's language
    await db
      .insertInto('tableCall')
      .values({
        id: newId(),
        restaurantId,
        locationId: location.id,
        tableId: table.id,
        tableLabel: 'Masa 7',
        kind: 'bill-cash',
        locale: 'ro',
        createdAt: new Date().toISOString(),
        clearedAt: null,
        clearedBy: null,
      })
      .execute();
    // the bar's screen: its own line only; in English on the smaller tablet
    const barScreen = await openAs(staffCookie, `/${slug}/admin/kitchen?station=${bar.id}&lang=en`, SMALL_TABLET, { locale: 'en' });
    await barScreen.getByTestId('table-call').filter({ hasText: 'Masa 7 asks for the bill (cash)' }).waitFor();
    const barTicket = tickets(barScreen).filter({ hasText: `#${order.number}` });
    await barTicket.waitFor();
    expect(await barTicket.textContent()).toContain('1× Limonadă');
    expect(await barTicket.textContent()).not.toContain('Ciorbă');
    expect(await seriousAxeViolations(barScreen)).toEqual([]);
    await barScreen.screenshot({ path: `${shots}/kitchen-1024x600.png` });
    await barScreen.getByRole('button', { name: 'Done: Masa 7, asks for the bill (cash)' }).click();
    await expect.poll(() => barScreen.getByTestId('table-call').count(), { timeout: 15_000 }).toBe(0);

    // a phone: the chooser of screens, then one screen; the board links to the display
    const phone = await openAs(staffCookie, `/${slug}/admin/kitchen`, PHONE);
    await phone.getByRole('link', { name: 'Bar · Salon' }).click();
    await phone.getByRole('heading', { name: 'Bar · Salon' }).waitFor();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: `${shots}/kitchen-390.png`, fullPage: true });
    await phone.goto(`/${slug}/admin/orders`);
    await phone.getByTestId('kitchen-link').click();
    await phone.getByRole('heading', { name: 'Alege ecranul acestei stații' }).waitFor();
  });
});
