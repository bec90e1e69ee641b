import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { openOwnerPage, toast, type OwnerSession } from './owner-session.ts';
import { browserCookies, registerOwner } from './accounts.ts';

/**
 * Issue 25 items 1 and 7: an owner turns on ordering and reservations for a location, a bad number
 * is refused with its rule, a second tab that never saw the save is refused and writes nothing,
 * the pause switch works; the staff cannot open the page; the page passes axe in both languages at
 * phone and desktop width; the privacy policy says how long guests' contact details stay.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
/** A freshly registered owner's browser, consent given; generous waits: the first load of a busy machine's build is slow. */
async function openOwner(name: string): Promise<OwnerSession> {
  const { cookie, slug } = await registerOwner(baseUrl, name);
  const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
  await context.addCookies(browserCookies(cookie, baseUrl));
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page, slug, cookie };
}
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

const post = (cookie: string, path: string, fields: Record<string, string>) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
  });

async function openOrdering(page: Page, slug: string) {
  await page.goto(`/${slug}/admin/ordering`);
  await expect.poll(() => isHydrated(page, 'h2'), { timeout: 30_000 }).toBe(true);
}

const db = openServerDatabase();
let owner: OwnerSession;
let locationId: string;
const settingsRow = () => db.selectFrom('orderingSettings').selectAll().where('locationId', '=', locationId).executeTakeFirst();
afterAll(async () => {
  await owner?.context.close();
  await db.destroy();
});

describe('ordering and reservation settings', () => {
  it('an owner saves a location’s settings; a bad number is refused with its rule; the pause switch', async () => {
    owner = await openOwner('comenzi-bistro');
    const { page, slug, cookie } = owner;
    expect((await post(cookie, `/${slug}/admin?index`, { intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    locationId = (await db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow()).id;

    await page.goto(`/${slug}/admin`);
    await expect.poll(() => isHydrated(page, 'h1'), { timeout: 30_000 }).toBe(true);
    await page.getByRole('navigation', { name: 'Secțiunile administrării' }).getByRole('link', { name: 'Comenzi și rezervări' }).click();
    await page.getByRole('heading', { name: 'Comenzi și rezervări', level: 2 }).waitFor();
    await expect.poll(() => isHydrated(page, 'h2'), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('ordering-tables').textContent()).toContain('Nicio masă încă');
    expect(await page.getByTestId('ordering-retention').textContent()).toContain('30 de zile');

    await page.getByLabel('Primește comenzi din meniu').check();
    await page.getByLabel('Primește cereri de rezervare din meniu').check();
    await page.getByLabel('Durata unui interval (minute)').fill('5');
    await page.getByRole('button', { name: 'Salvează: Salon' }).click();
    await page.getByText('Alege un număr între 15 și 240.').waitFor();
    expect(await settingsRow()).toBeUndefined();

    await page.getByLabel('Durata unui interval (minute)').fill('30');
    await page.getByLabel('Mesajul în română').fill('Comenzile la pachet sunt gata în 20 de minute.');
    await page.getByRole('button', { name: 'Salvează: Salon' }).click();
    await toast(page, 'Setările pentru Salon au fost salvate.');
    expect(await settingsRow()).toMatchObject({
      ordersEnabled: 1,
      dineIn: 1,
      reservationsEnabled: 1,
      slotMinutes: 30,
      guestNoteRo: 'Comenzile la pachet sunt gata în 20 de minute.',
      version: 1,
    });

    await page.getByRole('button', { name: 'Oprește comenzile acum' }).click();
    await toast(page, 'Comenzile sunt oprite în Salon.');
    await page.getByRole('button', { name: 'Reia comenzile' }).waitFor();
    expect((await settingsRow())?.paused).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 120_000);

  it('refuses the save of a second tab that never saw the first, and writes nothing', async () => {
    const { page, slug, context } = owner;
    await openOrdering(page, slug);
    const second = await context.newPage();
    second.setDefaultTimeout(30_000);
    await openOrdering(second, slug);

    await page.getByLabel('Numărul maxim de persoane la o rezervare').fill('10');
    await page.getByRole('button', { name: 'Salvează: Salon' }).click();
    await toast(page, 'Setările pentru Salon au fost salvate.');

    await second.getByLabel('Numărul maxim de persoane la o rezervare').fill('40');
    await second.getByRole('button', { name: 'Salvează: Salon' }).click();
    await second.getByTestId('ordering-location').getByRole('alert').filter({ hasText: 'Altcineva a modificat între timp' }).waitFor();
    // what was typed stays in the form
    expect(await second.getByLabel('Numărul maxim de persoane la o rezervare').inputValue()).toBe('40');
    expect(await settingsRow()).toMatchObject({ maxPartySize: 10, version: 2 });
    await second.close();
  }, 120_000);

  it('looks right in both languages at phone and desktop width, and passes axe', async () => {
    const { page, slug, context } = owner;
    for (const locale of ['ro', 'en'] as const) {
      await context.addCookies([{ name: 'lang', value: locale, url: baseUrl }]);
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await openOrdering(page, slug);
        await page.getByRole('heading', { name: locale === 'ro' ? 'Comenzi și rezervări' : 'Orders and reservations', level: 2 }).waitFor();
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `${shots}/ordering-settings-${locale}-${size}.png`, fullPage: true });
        if ((locale === 'ro') === (size === 'phone')) expect(await seriousAxeViolations(page), `${locale} ${size}`).toEqual([]);
      }
    }
    await context.addCookies([{ name: 'lang', value: 'ro', url: baseUrl }]);
    await page.setViewportSize(DESKTOP);
  }, 180_000);

  it('is not open to the staff, nor linked for them', async () => {
    const { slug } = owner;
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const email = `ospatar-${Date.now()}@example.com`;
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({ email, password: 'parola-buna-1', name: 'Ospătar' }),
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

    const { context, page } = await openOwnerPage(browserOf(), baseUrl, staffCookie, `/${slug}/admin`, PHONE);
    expect(await page.getByRole('navigation', { name: 'Secțiunile administrării' }).getByRole('link', { name: 'Comenzi și rezervări' }).count()).toBe(0);
    await page.goto(`/${slug}/admin/ordering`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/unauthorized');
    expect(await page.getByTestId('page-message').textContent()).toBe('Nu aveți permisiunea de a accesa această pagină.');
    // and a post straight to the action changes nothing
    const before = await settingsRow();
    expect((await post(staffCookie, `/${slug}/admin/ordering`, { intent: 'resume', locationId })).status).toBe(302);
    expect(await settingsRow()).toEqual(before);
    await context.close();
  }, 120_000);

  it('the privacy policy says how long guests’ contact details stay, in Romanian and in English', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    const ro = await page.getByRole('main').textContent();
    expect(ro).toContain('Comenzile și rezervările din meniu: numele, telefonul, adresa de e-mail și notițele clientului, 30 de zile de la comandă');
    expect(ro).toContain('nu există cont de client');
    expect(ro).toContain('Cookie-ul coșului');
    await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    await page.goto('/privacy-policy');
    const en = await page.getByRole('main').textContent();
    expect(en).toContain('Orders and reservations from the menu: the guest’s name, phone number, e-mail address and notes, 30 days from the order');
    expect(en).toContain('there are no guest accounts');
    expect(en).toContain('The cart cookie');
    await context.close();
  }, 60_000);
});
