import { mkdirSync, writeFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { buildLocation } from '#tests/factories/builders.ts';
import { buildOrderingSettings, insertDiningTable, insertOrder, PIZZA_ORDER, placeOrder } from '#tests/factories/orders.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { browserCookies, registerOwner } from './accounts.ts';

/**
 * Issue 35 item 5: an order with a large pizza, extra cheese and a note, from a guest who declared
 * milk and peanut allergies, reaches the board live: the options are indented under the pizza, the
 * note shows, the pizza is flagged with the allergen named and the order's allergies stand first.
 * The kitchen ticket (rendered to a picture and looked at) and the guest's order page show the same.
 * Phone and desktop, Romanian and English, axe.
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

async function open(path: string, viewport: { width: number; height: number }, options: { cookie?: string; locale?: 'ro' | 'en'; hydrates?: boolean } = {}): Promise<Page> {
  const context = await openContext(browserOf(), baseUrl, { viewport, locale: options.locale ?? 'ro' });
  contexts.push(context);
  if (options.cookie) await context.addCookies(browserCookies(options.cookie, baseUrl));
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(path);
  if (options.hydrates !== false) await expect.poll(() => isHydrated(page, 'h1'), { timeout: 30_000 }).toBe(true);
  return page;
}

/** Prices are written with a no-break space before or after the currency. */
const spaced = (texts: string[]) => texts.map((text) => text.replace(/\u00a0/g, ' '));

/** Page 1 of a PDF drawn to a PNG at three times its size, with pdfjs's own canvas (no browser PDF viewer headless). */
async function pdfToPng(bytes: Uint8Array, path: string): Promise<string> {
  const loading = getDocument({ data: bytes });
  const pdf = await loading.promise;
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: 3 });
  // in Node the factory is pdfjs's NodeCanvasFactory over @napi-rs/canvas, whose canvas writes PNG
  const factory = pdf.canvasFactory as {
    create(width: number, height: number): { canvas: HTMLCanvasElement & { toBuffer(type: 'image/png'): Buffer }; context: CanvasRenderingContext2D };
  };
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  writeFileSync(path, canvas.toBuffer('image/png'));
  const text = (await page.getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
  await loading.destroy();
  return text;
}

describe('options, notes and allergy flags on the board, the ticket and the order page', () => {
  let slug: string;
  let cookie: string;
  let order: Awaited<ReturnType<typeof placeOrder>>['order'];

  it('reach a board on a phone live: options under the pizza, the note, the flagged line naming milk, the allergies first', async () => {
    db = openServerDatabase();
    const owner = await registerOwner(baseUrl, 'optiuni-bucatarie');
    ({ slug, cookie } = owner);
    const restaurantId = (await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const location = buildLocation(restaurantId, { nameRo: 'Salon', nameEn: 'Dining room' });
    await db.insertInto('location').values(location).execute();
    const table = await insertDiningTable(db, restaurantId, location.id, 'Masa 7');
    await db.insertInto('orderingSettings').values(buildOrderingSettings(restaurantId, location.id)).execute();
    // an order without declared allergies beside it: nothing of it is flagged
    await insertOrder(db, { restaurantId, locationId: location.id, table, lines: PIZZA_ORDER });

    const board = await open(`/${slug}/admin/orders`, PHONE, { cookie });
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected'), { timeout: 30_000 }).toBe('true');
    ({ order } = await placeOrder(db, {
      restaurantId,
      locationId: location.id,
      table,
      lines: PIZZA_ORDER,
      allergies: ['milk', 'peanuts'],
      allergyNote: 'alergie severă la lapte',
    }));
    if (databaseUrl) await sql`select pg_notify('bucate_live', ${`${restaurantId}:orders`})`.execute(db);
    const card = board.getByTestId('board-order').filter({ hasText: `Comanda #${order.number}` });
    await card.waitFor({ timeout: 30_000 });

    await expect.poll(() => card.getByTestId('order-allergies').innerText()).toContain('Alergii declarate de client: Lactate, Arahide');
    expect(await card.getByTestId('order-allergies').innerText()).toContain('Nota clientului: alergie severă la lapte');
    const pizza = card.getByTestId('board-line').filter({ hasText: 'Pizza Margherita' });
    expect(spaced(await pizza.getByTestId('board-line-option').allInnerTexts())).toEqual(['Mărime: Mare (42,00 RON)', 'Extra: Mozzarella (+5,00 RON)']);
    expect(await pizza.innerText()).toContain('» bine coaptă');
    expect(await pizza.getByTestId('board-line-flag').innerText()).toContain('Conține alergia declarată: Lactate');
    expect(await pizza.getAttribute('data-flagged')).toBe('');
    // the lemonades contain none of them; the order without declared allergies has no flag and no allergy box
    expect(await card.getByTestId('board-line').filter({ hasText: 'Limonadă' }).getByTestId('board-line-flag').count()).toBe(0);
    expect(await board.getByTestId('board-line-flag').count()).toBe(1);
    expect(await board.getByTestId('order-allergies').count()).toBe(1);
    // the options are indented under their line
    const [lineBox, optionBox] = [await pizza.boundingBox(), await pizza.getByTestId('board-line-option').first().boundingBox()];
    expect(optionBox!.x).toBeGreaterThan(lineBox!.x + 10);
    expect(await seriousAxeViolations(board)).toEqual([]);
    await card.screenshot({ path: `${shots}/order-options-board-ro-390-card.png` });
    await board.screenshot({ path: `${shots}/order-options-board-ro-390.png`, fullPage: true });
  });

  it('reads the same on a desktop in English (axe)', async () => {
    const board = await open(`/${slug}/admin/orders`, DESKTOP, { cookie, locale: 'en' });
    const card = board.getByTestId('board-order').filter({ hasText: `Order #${order.number}` });
    await card.waitFor();
    expect(await card.getByTestId('order-allergies').innerText()).toContain('Allergies the guest declared: Dairy, Peanuts');
    const pizza = card.getByTestId('board-line').filter({ hasText: 'Margherita pizza' });
    expect(spaced(await pizza.getByTestId('board-line-option').allInnerTexts())).toEqual(['Size: Large (RON 42.00)', 'Extras: Mozzarella (+RON 5.00)']);
    expect(await pizza.getByTestId('board-line-flag').innerText()).toContain('Contains a declared allergy: Dairy');
    expect(await seriousAxeViolations(board)).toEqual([]);
    await board.screenshot({ path: `${shots}/order-options-board-en-1280.png`, fullPage: true });
  });

  it('prints the ticket with the allergies first in capitals, options indented, the note and the flag', async () => {
    const response = await fetch(`${baseUrl}/${slug}/admin/orders/${order.id}/ticket.pdf?lang=ro`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const text = await pdfToPng(new Uint8Array(await response.arrayBuffer()), `${shots}/order-options-ticket-ro.png`);
    for (const part of ['ALERGII: LACTATE, ARAHIDE', 'ALERGIE SEVERĂ LA LAPTE', '+ Mărime: Mare', '+ Extra: Mozzarella', '» bine coaptă', '!! ATENȚIE, ALERGIE: LACTATE'])
      expect(text).toContain(part);
  });

  it("shows the guest the options, the declared allergies and the flagged pizza on the order's page (axe)", async () => {
    const page = await open(`/${slug}/comanda/${order.token}`, PHONE, { hydrates: false });
    await page.getByRole('heading', { name: `Comanda nr. ${order.number}` }).waitFor();
    expect(await page.getByTestId('order-allergies').innerText()).toContain('Alergii declarate pentru bucătărie: Lactate, Arahide');
    expect(spaced([await page.getByRole('list', { name: 'Opțiunile alese' }).innerText()])[0]).toContain('Extra: Mozzarella (+5,00 RON)');
    expect(await page.getByTestId('order-line-flag').allInnerTexts()).toEqual([expect.stringContaining('Conține alergia declarată: Lactate')]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/order-options-guest-ro-390.png`, fullPage: true });
  });

  it('counts the options in the insights beside the dishes ordered, once three orders chose them (axe)', async () => {
    const { restaurantId, locationId } = await db.selectFrom('guestOrder').select(['restaurantId', 'locationId']).where('id', '=', order.id).executeTakeFirstOrThrow();
    // two orders so far chose a large pizza with mozzarella: below k; the third names them
    const page = await open(`/${slug}/admin/insights?range=7`, PHONE, { cookie });
    const options = page.getByTestId('insights-chosen-options');
    expect(await options.innerText()).toContain('Nimic în această perioadă.');
    await insertOrder(db, { restaurantId, locationId, table: null, lines: PIZZA_ORDER });
    await page.reload();
    await expect.poll(() => options.innerText()).toContain('Mărime: Mare');
    expect(await options.getByRole('row').allInnerTexts()).toEqual([
      expect.stringContaining('De câte ori'),
      expect.stringMatching(/Extra: Mozzarella\s+3/),
      expect.stringMatching(/Mărime: Mare\s+3/),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await options.screenshot({ path: `${shots}/order-options-insights-ro-390.png` });
  });
});
