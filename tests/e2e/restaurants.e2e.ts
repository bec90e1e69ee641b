import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserCookies } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { openOwnerPage, statusMessage } from './owner-session.ts';

/**
 * Several restaurants per account (issue 24 items 2, 4 and 9, decision 0029): the owner switches
 * between restaurants from the admin header and adds another; a staff member sees only what the
 * role table allows and is refused the rest by the server.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

const post = (cookie: string, path: string, fields: Record<string, string>) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
  });

/** Registers an owner through the real form with a restaurant name as people write it; their cookie and slug. */
async function registerOwner(restaurantName: string): Promise<{ cookie: string; slug: string }> {
  const response = await fetch(`${baseUrl}/login?register=true`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
    body: new URLSearchParams({ intent: 'register', restaurantName, email: `owner-${crypto.randomUUID()}@example.com`, password: 'parola-buna-1' }),
  });
  expect(response.status).toBe(302);
  return {
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    slug: response.headers.get('location')!.split('/')[1]!,
  };
}

/** Where a signed-in user is sent from a guest-only page: where sign-in lands them. */
const landing = async (cookie: string) => (await fetch(`${baseUrl}/login`, { redirect: 'manual', headers: { cookie } })).headers.get('location');

/** The switcher in the admin header, opened. */
async function openSwitcher(page: Page, label = 'Schimbă restaurantul') {
  const summary = page.getByText(label, { exact: true });
  await summary.click();
  await expect.poll(() => page.locator('[data-restaurant-switcher]').evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
}

describe('several restaurants per account', () => {
  it('switches between two restaurants from the header and adds a third with "Adaugă un restaurant"', async () => {
    const { cookie, slug } = await registerOwner('Casa Veche');
    const added = await post(cookie, '/restaurants/new', { restaurantName: 'Bistro Doi' });
    expect(added.status).toBe(302);
    const second = added.headers.get('location')!.split('/')[1]!;
    expect(second).toMatch(/^bistro-doi-\d+$/);

    const { context, page } = await openOwnerPage(browserOf(), baseUrl, cookie, `/${second}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Bistro Doi' }).waitFor();
    // the switcher lists both with the role, the open one marked; by keyboard to the other one
    const summary = page.getByText('Schimbă restaurantul', { exact: true });
    await summary.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'Restaurante' });
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Bistro Doi\nProprietar · deschis acum', 'Casa Veche\nProprietar']);
    expect(await list.getByRole('link', { name: /Bistro Doi/ }).getAttribute('aria-current')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Escape closes it and gives the focus back
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-restaurant-switcher]').evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    await page.keyboard.press('Enter');
    await list.getByRole('link', { name: /Casa Veche/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Casa Veche' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${slug}/admin`);
    // the menu closed with the move
    expect(await page.locator('[data-restaurant-switcher]').evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    // each restaurant keeps its own plan: both are in the same (the person's) trial
    expect(await landing(cookie)).toBe(`/${slug}/admin`);

    // a third one, from the switcher: a bad name first, then the real one
    await openSwitcher(page);
    await page.getByRole('link', { name: 'Adaugă un restaurant' }).click();
    await page.getByRole('heading', { level: 1, name: 'Adaugă un restaurant' }).waitFor();
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    expect(await page.locator('[data-trial]').getAttribute('data-trial')).toBe('shared');
    expect(await page.locator('[data-trial]').innerText()).toContain('restaurantul nou o împarte pe a ta');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Creează restaurantul' }).click();
    const name = page.getByLabel('Numele restaurantului');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Scrie numele restaurantului (cel puțin 2 caractere).').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('restaurantName');
    await name.fill('Hanul Trei');
    await page.getByRole('button', { name: 'Creează restaurantul' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hanul Trei' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/hanul-trei-\d+\/admin$/);

    // every restaurant on the chooser, with the role and a way to add another
    await openSwitcher(page);
    await page.getByRole('link', { name: 'Toate restaurantele' }).click();
    await page.getByRole('heading', { level: 1, name: 'Restaurantele tale' }).waitFor();
    expect(await page.getByRole('main').getByRole('listitem').allInnerTexts()).toEqual([
      'Bistro Doi\nRolul tău: Proprietar',
      'Casa Veche\nRolul tău: Proprietar',
      'Hanul Trei\nRolul tău: Proprietar',
    ]);
    expect(await page.getByRole('link', { name: 'Adaugă un restaurant' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a staff member only what the role allows, lets them mark a dish sold out, and refuses the settings', async () => {
    const owner = await registerOwner('Hanul Vechi');
    const admin = `/${owner.slug}/admin`;
    expect((await post(owner.cookie, `${admin}?index`, { intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', owner.slug).executeTakeFirstOrThrow();
    const location = await db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow();
    expect((await post(owner.cookie, `${admin}?index`, { intent: 'create-category', nameRo: 'Ciorbe', locationId: location.id, visible: 'on' })).status).toBe(200);
    const category = await db.selectFrom('category').select('id').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow();
    expect((await post(owner.cookie, `${admin}/products/new`, { categoryId: category.id, nameRo: 'Ciorbă de fasole', price: '18', available: 'on', visible: 'on' })).status).toBe(
      302,
    );

    // a waiter: an account of their own, a member of the restaurant as staff
    const email = `chelner-${Date.now()}@example.com`;
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({ email, password: 'parola-buna-1', name: 'Chelner' }),
    });
    expect(signUp.status).toBe(200);
    const staffCookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const staffUser = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto('membership')
      .values({ id: crypto.randomUUID(), restaurantId: restaurant.id, userId: staffUser.id, role: 'staff', createdAt: now, updatedAt: now })
      .execute();
    // a waiter signs in to the orders board, the service they work (issue 33 item 16)
    expect(await landing(staffCookie)).toBe(`${admin}/orders`);

    const { context, page } = await openOwnerPage(browserOf(), baseUrl, staffCookie, admin);
    await page.getByRole('heading', { level: 1, name: 'Hanul Vechi' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Secțiunile administrării' });
    // 'Opțiuni': the option library, where staff mark an option sold out (issue 35), nothing else
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Meniu', 'Comenzi', 'Rezervări', 'Opțiuni', 'Echipă', 'Contul tău']);
    // the editor: the sold-out and show/hide buttons only
    const main = page.getByRole('main');
    await main.getByText('Ciorbă de fasole', { exact: true }).waitFor();
    expect(await main.getByRole('link', { name: 'Ciorbă de fasole' }).count()).toBe(0);
    for (const control of [/^Adaugă/, /^Trage pentru a muta/, /^Mută mai/, /^Copiază/, /^Șterge/, /^Modifică/]) {
      expect(await main.getByRole('button', { name: control }).count(), String(control)).toBe(0);
      expect(await main.getByRole('link', { name: control }).count(), String(control)).toBe(0);
    }
    expect(await main.getByText(/^Modifică/).count()).toBe(0);
    expect(await main.getByRole('checkbox').count()).toBe(0);
    expect(await main.getByRole('textbox').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Ascunde din meniu: Ciorbe' }).count()).toBe(1);
    expect(await main.getByRole('button', { name: 'Ascunde din meniu: Ciorbă de fasole' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/restaurants-staff-editor-ro-desktop.png`, fullPage: true });

    await main.getByRole('button', { name: 'Disponibil; marchează epuizat: Ciorbă de fasole' }).click();
    await statusMessage(page, 'Marcat epuizat.');
    await main.getByRole('button', { name: 'Epuizat; marchează disponibil: Ciorbă de fasole' }).waitFor();
    expect((await db.selectFrom('product').select('available').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow()).available).toBe(0);

    // the settings are refused by the server, whatever the page shows
    await page.goto(`${admin}/settings`);
    expect(new URL(page.url()).pathname).toBe('/unauthorized');
    expect((await fetch(`${baseUrl}${admin}/settings`, { redirect: 'manual', headers: { cookie: staffCookie } })).headers.get('location')).toMatch(/^\/unauthorized\?/);
    // the switcher offers the staff member's one restaurant and a restaurant of their own
    await page.goto(admin);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    await openSwitcher(page);
    expect(await page.getByRole('list', { name: 'Restaurante' }).innerText()).toContain('Personal · deschis acum');
    await db.destroy();
    await context.close();
  });
});

describe.each([
  { locale: 'ro' as const, switcher: 'Schimbă restaurantul', chooser: 'Restaurantele tale' },
  { locale: 'en' as const, switcher: 'Switch restaurant', chooser: 'Your restaurants' },
])('the chooser, the new-restaurant page and the switcher in $locale', ({ locale, switcher, chooser }) => {
  it.each([
    { size: 'phone', viewport: PHONE },
    { size: 'desktop', viewport: DESKTOP },
  ])('fit at $size width', async ({ size, viewport }) => {
    const { cookie, slug } = await registerOwner(`Cârciuma ${locale} ${size}`);
    expect((await post(cookie, '/restaurants/new', { restaurantName: 'Terasa de pe Lac cu un nume mai lung' })).status).toBe(302);
    const context = await openContext(browserOf(), baseUrl, { viewport, locale });
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    await page.goto('/restaurants');
    await page.getByRole('heading', { level: 1, name: chooser }).waitFor();
    await page.screenshot({ path: `${shots}/restaurants-chooser-${locale}-${size}.png`, fullPage: true });
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await page.goto('/restaurants/new');
    await page.locator('[data-trial="shared"]').waitFor();
    await page.screenshot({ path: `${shots}/restaurants-new-${locale}-${size}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await page.goto(`/${slug}/admin`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    await openSwitcher(page, switcher);
    await page.screenshot({ path: `${shots}/restaurants-switcher-${locale}-${size}.png` });
    const panel = await page.locator('[data-restaurant-switcher] > div').boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
