import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, isHydrated, openContext, PHONE, useBrowser, recordWhenShown, shownAfterInteractive } from './browser.ts';

/**
 * The marketing pages are sent as HTML and CSS only (decision 0026): no React, no module script,
 * and everything a visitor does there still works through links, forms, `<details>`, `<dialog>`
 * and the small ui/site-enhance.js.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/** the marketing pages, and sign-in in its three variants (issue 26: its forms are plain posts) */
const STATIC_PAGES = ['/', '/pricing', '/detalii', '/privacy-policy', '/terms-of-service', '/login', '/login?register=true', '/login?reset=true'];

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookie-consent'));
const banner = (page: Page) => page.getByRole('region', { name: 'Consimțământ cookie-uri' });
/** the banner's element, for recordWhenShown */
const BANNER = '#cookie-banner';
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

/** The scripts of the page as the browser got them: their src, or "inline" / "module". */
function scriptsOf(page: Page): Promise<string[]> {
  return page.locator('script').evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('type') === 'module' ? 'module' : (node.getAttribute('src') ?? 'inline'))));
}

describe('marketing pages without React (decision 0026)', () => {
  it.each(STATIC_PAGES)('%s loads no module script, only the small site script', async (path) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const scripts = await scriptsOf(page);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/site-enhance-[\w-]+\.js$/);
    expect(requested).toEqual(scripts);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    expect(await page.evaluate(() => 'reactRouterManifest' in window || '__reactRouterContext' in window)).toBe(false);
    expect(await isHydrated(page, 'h1')).toBe(false);
    await context.close();
  });

  it('the contact page, whose form uses React, is still hydrated', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/contact');
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    expect(await scriptsOf(page)).toContain('module');
    await context.close();
  });

  it('the language switch posts and comes back to the same page in the other language', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Schimbă limba în engleză' }).first().click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Start free, carry on with PRO');
    await page.getByRole('button', { name: 'switch language to Romanian' }).first().click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ro');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await context.close();
  });

  it('the mobile menu works from the keyboard: opens, Escape closes it with focus on its toggle, a link goes', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    await page.goto('/detalii', { waitUntil: 'networkidle' });
    const details = page.getByTestId('mobile-menu');
    const toggle = details.locator('summary');
    const open = () => details.evaluate((node) => (node as HTMLDetailsElement).open);
    await toggle.focus();
    expect(await toggle.textContent()).toBe('Deschide meniul');
    await page.keyboard.press('Enter');
    await expect.poll(open).toBe(true);
    await expect.poll(() => toggle.textContent()).toBe('Închide meniul');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Acasă');
    await page.keyboard.press('Escape');
    await expect.poll(open).toBe(false);
    expect(await toggle.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await toggle.textContent()).toBe('Deschide meniul');

    await page.keyboard.press('Space');
    await expect.poll(open).toBe(true);
    await page.keyboard.press('Tab'); // Acasă
    await page.keyboard.press('Tab'); // Prețuri
    expect(await focusedText(page)).toBe('Prețuri');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
    expect(await open()).toBe(false);
    await context.close();
  });

  it.each([
    { button: 'Doar esențiale', value: 'essential' },
    { button: 'Accept toate', value: 'all' },
  ])('the cookie banner shows after a second on /, stores "$value" and stays away after a reload', async ({ button, value }) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await recordWhenShown(page, BANNER);
    await page.goto('/');
    await banner(page).waitFor();
    expect(await shownAfterInteractive(page)).toBeGreaterThanOrEqual(900);
    expect(await stored(page)).toBeNull();
    await banner(page).getByRole('button', { name: button }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await stored(page)).toBe(value);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => banner(page).isVisible(), { timeout: 2500, interval: 500 }).toBe(false);
    expect(await stored(page)).toBe(value);
    await context.close();
  });

  it('on /pricing no banner asks (docs/product-spec.md section 4): true is stored; the footer link asks again, from the keyboard', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    // the page's clock, so "the banner's delay has passed" is a step, not a sleep
    await page.clock.install();
    await page.goto('/pricing');
    await expect.poll(() => stored(page)).toBe('true');
    await page.clock.runFor(1300);
    expect(await banner(page).isVisible()).toBe(false);

    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Setări cookie-uri' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect(await stored(page)).toBeNull();
    // focus goes to the banner, and back to the footer's link once a choice is made
    expect(await banner(page).evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await banner(page).getByRole('button', { name: 'Doar esențiale' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await stored(page)).toBe('essential');
    expect(await focusedText(page)).toBe('Setări cookie-uri');
    await context.close();
  });

  it('the privacy modal opens from the banner and closes by keyboard, ×, Close and the overlay, focus handed back', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/detalii');
    await banner(page).waitFor();
    const opener = banner(page).getByRole('button', { name: 'Citește politica de confidențialitate' });
    const dialog = page.getByRole('dialog', { name: 'Politica de confidențialitate' });
    const openerFocused = () => opener.evaluate((node) => node === document.activeElement);

    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: 'Cine suntem' }).waitFor();
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    // the policy's own table of contents leads to the modal's copy of each section
    const href = await dialog.getByRole('link', { name: 'Cine suntem' }).getAttribute('href');
    expect(href).toMatch(/^#privacy-modal-/);
    expect(await dialog.locator(`[id="${href?.slice(1)}"]`).textContent()).toBe('Cine suntem');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await openerFocused()).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Închide', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await openerFocused()).toBe(true);

    await opener.click();
    await dialog.getByRole('button', { name: 'Închide fereastra' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await opener.click();
    await page.mouse.click(5, 5); // the overlay, outside the dialog's box
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // the banner is still there: closing the policy made no choice
    expect(await banner(page).isVisible()).toBe(true);
    expect(await stored(page)).toBeNull();
    await context.close();
  });

  it('the payment return is hydrated, so that it can refresh itself', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/?success=true&session_id=cs_test_none');
    await page.getByTestId('payment-return').waitFor();
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    await context.close();
  });
});

describe('back and forward (the back/forward cache)', () => {
  const cachingBrowserOf = useBrowser({ backForwardCache: true });

  it('a choice made on another page keeps the banner away when the page it was left showing on comes back', async () => {
    const context = await openContext(cachingBrowserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    await context.addInitScript(() => localStorage.setItem('subscription_status', 'stale'));
    const page = await context.newPage();
    await page.goto('/');
    await banner(page).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('subscription_status'))).toBeNull();
    await page.evaluate(() => Object.assign(window, { leftHere: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Funcționalități' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/detalii');
    await banner(page).getByRole('button', { name: 'Accept toate' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);

    // the load event does not fire again for a page taken from the cache
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => 'leftHere' in window)).toBe(true);
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await stored(page)).toBe('all');
    expect(await page.evaluate(() => localStorage.getItem('subscription_status'))).toBeNull();
    await page.goForward({ waitUntil: 'commit' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/detalii');
    expect(await banner(page).isVisible()).toBe(false);
    await context.close();
  });

  it('the same on a hydrated page (the React banner of /contact)', async () => {
    const context = await openContext(cachingBrowserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/contact');
    await banner(page).waitFor();
    await page.evaluate(() => Object.assign(window, { leftHere: true }));
    // /pricing asks nothing and stores true (docs/product-spec.md section 4): a choice all the same
    await page.goto('/pricing');
    await expect.poll(() => stored(page)).toBe('true');
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => 'leftHere' in window)).toBe(true);
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await context.close();
  });
});
