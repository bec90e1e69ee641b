import { describe, expect, inject, it } from 'vitest';
import { registerOwner } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, useBrowser } from './browser.ts';

/** What a walk through the admin as a new owner and a waiter found (issue 33 items 11, 16 and 18). */
const baseUrl = inject('baseUrl');
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
      const link = nav.getByRole('link', { name: tab, exact: true });
      await link.click();
      // React Router (or the new document) marks the tab once the navigation has finished
      await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
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
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: baseUrl })));
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
    await page.getByRole('navigation', { name: 'Secțiunile administrării' }).getByRole('link', { name: 'Echipă', exact: true }).click();
    await page.getByRole('heading', { name: 'Echipa' }).first().waitFor();
    await expect.poll(() => switcher.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });
});
