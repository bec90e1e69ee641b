import { describe, expect, inject, it } from 'vitest';
import { browserCookies, registerOwner } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { latestLinkTo } from './outbox.ts';
import { openOwnerPage } from './owner-session.ts';

/** What a walk through the admin as a new owner and a waiter found (issue 33 items 11, 16 and 18). */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browserOf = useBrowser();

/** A new owner's e-mail, registered through the real form with the password every test here uses. */
async function newOwner(restaurantName: string): Promise<string> {
  const email = `walk-${crypto.randomUUID()}@example.com`;
  const response = await fetch(`${baseUrl}/login?register=true`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
    body: new URLSearchParams({ intent: 'register', restaurantName, email, password: 'parola-buna-1' }),
  });
  expect(response.status).toBe(302);
  return email;
}

/** Signs in through the /login form as a person would, in a fresh browser at `viewport`. */
async function signInThroughForm(email: string, viewport: { width: number; height: number }) {
  const context = await openContext(browserOf(), baseUrl, { viewport, locale: 'ro' });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto('/login');
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Parola').first().fill('parola-buna-1');
  await page.getByRole('button', { name: 'Intră în cont' }).click();
  return { context, page };
}

const SECTIONS = { ro: 'Secțiunile administrării', en: 'Admin sections' } as const;
const MORE = { ro: 'Mai mult', en: 'More' } as const;
const TEAM = { ro: 'Echipă', en: 'Team' } as const;
const OWNER_TABS = {
  ro: [
    'Meniu',
    'Comenzi',
    'Rezervări',
    'Setări restaurant',
    'Cod QR',
    'Import și tipărire',
    'Statistici',
    'Opțiuni',
    'Mese',
    'Comenzi și rezervări',
    'Abonament',
    'Echipă',
    'Contul tău',
  ],
  en: [
    'Menu',
    'Orders',
    'Reservations',
    'Restaurant settings',
    'QR code',
    'Import & print',
    'Insights',
    'Options',
    'Tables',
    'Orders and reservations',
    'Subscription',
    'Team',
    'Your account',
  ],
} as const;

describe('the restaurant admin, walked as a new owner', () => {
  it.each([DESKTOP, PHONE])('signs in from /login and moves between the sections without an uncaught page error (item 18, $width px)', async (viewport) => {
    const email = await newOwner('Bistro Plimbare');
    const context = await openContext(browserOf(), baseUrl, { viewport, locale: 'ro' });
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
    // a public page's cross-document view transition into the admin's documents
    await page.goto('/login');
    await page.getByLabel('E-mail').first().fill(email);
    await page.getByLabel('Parola').first().fill('parola-buna-1');
    await page.getByRole('button', { name: 'Intră în cont' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bistro Plimbare' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Secțiunile administrării' });
    for (const tab of ['Comenzi', 'Rezervări', 'Setări restaurant', 'Meniu', 'Cod QR', 'Echipă', 'Contul tău', 'Meniu']) {
      // on a phone all but three are under "Mai mult"
      const more = nav.getByText('Mai mult', { exact: true });
      if (!(await nav.locator(`a:visible`).getByText(tab, { exact: true }).count())) await more.click();
      await nav.locator('a:visible').getByText(tab, { exact: true }).click();
      // React Router (or the new document) marks the tab once the navigation has finished
      await expect.poll(() => nav.locator('a[aria-current="page"]').first().textContent()).toBe(tab);
    }
    // and back to the public site by the header's logo
    await page.getByRole('banner').getByRole('link', { name: 'Bucate' }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/admin/);
    await page.locator('h1').first().waitFor();
    // a round trip through the page's event loop, so an error of the last reveal is in
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the restaurant switcher open when it was opened before React started (item 11)', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'walk-switcher');
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // the menu editor starts React on demand (decision 0033): until then the switcher is the browser's own <details>
    await page.goto(`/${slug}/admin`);
    const switcher = page.locator('[data-restaurant-switcher]');
    expect(await switcher.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')))).toBe(false);
    await page.getByText('Schimbă restaurantul', { exact: true }).click();
    await expect.poll(() => switcher.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => isHydrated(page, '[data-restaurant-switcher]')).toBe(true);
    // React has run its effects: still open, its links in reach
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await switcher.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    await page.getByRole('link', { name: 'Toate restaurantele' }).waitFor();
    // and a navigation still closes it
    // by keyboard: the open menu covers the tabs on a phone
    await page.getByRole('navigation', { name: 'Secțiunile administrării' }).getByRole('link', { name: 'Rezervări', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/admin/reservations`);
    await expect.poll(() => switcher.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it.each(['ro', 'en'] as const)('keeps a phone\'s section tabs to one row with the rest under "More", by keyboard too (item 16, %s)', async (lang) => {
    const { cookie, slug } = await registerOwner(baseUrl, `walk-nav-${lang}`);
    const { context, page } = await openOwnerPage(browserOf(), baseUrl, cookie, `/${slug}/admin/orders`, PHONE);
    if (lang === 'en') {
      await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
      await page.reload();
      await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    }
    const nav = page.getByRole('navigation', { name: SECTIONS[lang] });
    const shown = await nav
      .locator('a:visible, summary:visible')
      .evaluateAll((nodes) => nodes.map((node) => ({ text: (node as HTMLElement).innerText.trim(), top: node.getBoundingClientRect().top })));
    expect(shown.map((item) => item.text)).toEqual([...OWNER_TABS[lang].slice(0, 3), MORE[lang]]);
    expect(new Set(shown.map((item) => item.top)).size, 'one row').toBe(1);
    expect(await nav.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `test-results/screenshots/admin-nav-${lang}-phone.png` });
    // by keyboard: the summary opens the rest, Tab reaches them, Enter goes there
    const summary = nav.getByText(MORE[lang], { exact: true });
    await summary.focus();
    await page.keyboard.press('Enter');
    const more = page.locator('[data-admin-more]');
    await expect.poll(() => more.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(await more.getByRole('link').allInnerTexts()).toEqual(OWNER_TABS[lang].slice(3));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/admin-nav-${lang}-phone-more.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => more.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(MORE[lang]);
    await page.keyboard.press('Enter');
    await more.getByRole('link', { name: TEAM[lang], exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/admin/team`);
    await expect.poll(() => more.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    // the page shown is one of the rest: "More" is marked, the link inside says it is the current page
    expect(await more.locator(`a[href="/${slug}/admin/team"]`).getAttribute('aria-current')).toBe('page');
    expect(await summary.evaluate((node) => node.className.includes('border-primary-600'))).toBe(true);
    // on a desktop every tab is in sight and "More" is not there
    await page.setViewportSize(DESKTOP);
    expect(await nav.locator('a:visible, summary:visible').allInnerTexts()).toEqual([...OWNER_TABS[lang]]);
    await page.screenshot({ path: `test-results/screenshots/admin-nav-${lang}-desktop.png` });
    await context.close();
  });

  it('signs a waiter in to the orders board (item 16)', async () => {
    const { slug } = await registerOwner(baseUrl, 'walk-staff');
    const email = `chelner-${crypto.randomUUID()}@example.com`;
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({ email, password: 'parola-buna-1', name: 'Chelner' }),
    });
    expect(signUp.status).toBe(200);
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db.insertInto('membership').values({ id: crypto.randomUUID(), restaurantId: restaurant.id, userId: user.id, role: 'staff', createdAt: now, updatedAt: now }).execute();
    const { context, page } = await signInThroughForm(email, PHONE);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${slug}/admin/orders`);
    const nav = page.getByRole('navigation', { name: SECTIONS.ro });
    expect(await nav.getByRole('link', { name: 'Comenzi', exact: true }).getAttribute('aria-current')).toBe('page');
    // a waiter's five tabs on a phone: three in the row, the team and the account under "Mai mult"
    expect(await nav.locator('a:visible, summary:visible').allInnerTexts()).toEqual(['Meniu', 'Comenzi', 'Rezervări', 'Mai mult']);
    await context.close();
  });
});

describe('an invitation, opened by whoever has its link (item 14)', () => {
  it("opens an English invitation in English for someone who chose no language, and tells a member that it is someone else's", async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'walk-invite');
    const invitee = `invitee-${crypto.randomUUID()}@example.com`;
    const sent = await fetch(`${baseUrl}/${slug}/admin/team`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
      body: new URLSearchParams({ intent: 'invite', email: invitee, role: 'staff', locale: 'en' }),
    });
    expect(sent.status).toBe(200);
    let link: string | undefined;
    await expect.poll(() => (link = latestLinkTo(dataDir, invitee)), { timeout: 20_000 }).toBeTruthy();
    const path = new URL(link!).pathname;

    // a browser with no language chosen (Romanian, by its Accept-Language) reads the invitation in English, and so does what follows
    const stranger = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await stranger.newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Team invitation' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByText('Your role: Staff', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/take the orders/).count()).toBe(1);
    expect((await stranger.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
    await stranger.close();
    // a language chosen before wins
    const chosen = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { cookie: 'lang=ro' } });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain('Invitație în echipă');

    // the owner who sent it opens it: the role it offers, not "your role", and that it is someone else's
    const { context, page: owner } = await openOwnerPage(browserOf(), baseUrl, cookie, path, PHONE);
    await owner.getByRole('heading', { level: 1, name: 'Invitație în echipă' }).waitFor();
    expect(await owner.getByText('Rolul tău', { exact: false }).count()).toBe(0);
    expect(await owner.getByText('Rolul oferit: Personal', { exact: true }).count()).toBe(1);
    const alert = owner.getByRole('main').getByRole('alert').filter({ hasText: 'Invitația nu este pentru tine' });
    expect(await alert.innerText()).toContain(`Invitația nu este pentru tine, ci pentru ${invitee}`);
    expect(await alert.innerText()).toContain('cu rolul Proprietar');
    expect(await seriousAxeViolations(owner)).toEqual([]);
    await owner.getByRole('link', { name: 'Deschide pagina echipei' }).click();
    await expect.poll(() => new URL(owner.url()).pathname).toBe(`/${slug}/admin/team`);
    await context.close();
  });
});
