import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserCookies, registerOwner } from './accounts.ts';
import { DESKTOP, openContext, PHONE, useBrowser, recordWhenShown, shownAfterInteractive } from './browser.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookie-consent'));
const banner = (page: Page) => page.getByRole('region', { name: 'Consimțământ cookie-uri' });
/** the banner's element, for recordWhenShown */
const BANNER = '#cookie-banner';

describe('cookie consent (docs/product-spec.md section 4)', () => {
  it('shows the banner about a second after opening the home page, and stores each choice', async () => {
    for (const [button, value] of [
      ['Doar esențiale', 'essential'],
      ['Accept toate', 'all'],
    ] as const) {
      const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
      const page = await context.newPage();
      await recordWhenShown(page, BANNER);
      await page.goto('/');
      await banner(page).waitFor();
      expect(await shownAfterInteractive(page)).toBeGreaterThanOrEqual(900);
      await page.getByRole('button', { name: button }).click();
      await expect.poll(() => banner(page).count()).toBe(0);
      expect(await stored(page)).toBe(value);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      // the choice is kept: the banner does not come back (give it well over its delay)
      await expect.poll(() => banner(page).count(), { timeout: 2500, interval: 500 }).toBe(0);
      await context.close();
    }
  });

  it('never shows on a menu page, which stores true silently', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    await expect.poll(() => stored(page)).toBe('true');
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });

  it('reopens from the footer link, which clears the stored choice', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Accept toate' }).click();
    expect(await stored(page)).toBe('all');
    await page.getByRole('button', { name: 'Setări cookie-uri' }).click();
    await banner(page).waitFor();
    expect(await stored(page)).toBeNull();
    await context.close();
  });

  it('opens the privacy policy from the banner; it closes by ×, Close, the overlay and Escape', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Politica de confidențialitate' });
    const open = async () => {
      await page.getByRole('button', { name: 'Citește politica de confidențialitate' }).click();
      await dialog.waitFor();
    };
    await banner(page).waitFor();
    await open();
    await dialog.getByRole('button', { name: 'Închide fereastra' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await open();
    await dialog.getByRole('button', { name: 'Închide', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await open();
    await page.mouse.click(5, 5); // the overlay, outside the dialog's box
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await open();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  // on the public site (React) and on a guest menu (its small script, no framework)
  it.each(['/pricing', '/bistro-la-bunica'])('removes stale payment keys from local storage on start-up: %s', async (path) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('subscription_cache', 'x');
        localStorage.setItem('old_stripe_state', 'x');
        localStorage.setItem('keep-me', 'x');
        localStorage.setItem('my_subscription_', 'x'); // contains, does not start with: kept
        sessionStorage.setItem('seeded', '1');
      }
    });
    const page = await context.newPage();
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).sort())).toEqual(['cookie-consent', 'keep-me', 'my_subscription_']);
    expect(await stored(page)).toBe('true');
    await context.close();
  });

  it.each(['/privacy-policy', '/terms-of-service'])("the modal over %s repeats none of the page's ids", async (path) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(path);
    await banner(page).waitFor();
    await page.getByRole('button', { name: 'Citește politica de confidențialitate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Politica de confidențialitate' });
    await dialog.getByRole('heading', { name: 'Cine suntem' }).waitFor();
    const duplicates = await page.evaluate(() => {
      const ids = Array.from(document.querySelectorAll('[id]'), (node) => node.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    });
    expect(duplicates).toEqual([]);
    // the modal's table of contents still leads to its own sections
    const href = await dialog.getByRole('link', { name: 'Cine suntem' }).getAttribute('href');
    expect(await dialog.locator(`[id="${href?.slice(1)}"]`).textContent()).toBe('Cine suntem');
    await context.close();
  });
});

describe('cookie consent on the admin paths (docs/product-spec.md section 4)', () => {
  it('asks on every page of the restaurant admin, not only its first one', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'consent-admin');
    for (const path of [`/${slug}/admin/settings`, `/${slug}/admin/qr`]) {
      const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
      await context.addCookies(browserCookies(cookie, baseUrl));
      const page = await context.newPage();
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe(path);
      await banner(page).waitFor();
      expect(await stored(page), path).toBeNull();
      await context.close();
    }
  });
});

describe('cookie consent on a page with React (/contact): the banner comes with the HTML (issue 26)', () => {
  /** The page's own scripts refused: what the guest sees before React has hydrated, however long that takes. */
  const withoutAppScripts = (page: Page) => page.route(/\/assets\/.+\.js$/, (route) => route.abort());

  it('shows after its delay without waiting for the JavaScript, and a choice clicked before hydration is stored', async () => {
    const html = await (await fetch(`${baseUrl}/contact`)).text();
    expect(html).toMatch(/<section id="cookie-banner"[^>]* data-pending=""/);
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await withoutAppScripts(page);
    // a CSS animation turns it visible, which no DOM mutation reports: look at every frame, and keep when
    // it was first seen visible in ms after the navigation started (no earlier than the banner's 1 s)
    await page.addInitScript(() => {
      const look = () => {
        const shown = document.querySelector('#cookie-banner')?.checkVisibility({ visibilityProperty: true });
        if (shown) Object.assign(window, { bannerShownAt: performance.now() });
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/contact');
    await banner(page).waitFor();
    expect(await page.evaluate(() => (window as unknown as { bannerShownAt?: number }).bannerShownAt)).toBeGreaterThanOrEqual(1000);
    await page.getByRole('button', { name: 'Doar esențiale' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await stored(page)).toBe('essential');
    await context.close();
  });

  it('never shows once a choice is stored, hydrated or not, nor without JavaScript', async () => {
    for (const scripts of ['hydrated', 'refused', 'disabled'] as const) {
      const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, javaScriptEnabled: scripts !== 'disabled' });
      const page = await context.newPage();
      if (scripts !== 'disabled') await page.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
      if (scripts === 'refused') await withoutAppScripts(page);
      await recordWhenShown(page, BANNER);
      await page.goto('/contact');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // well over the delay: never seen visible. The page's own clock where it runs scripts; without
      // scripts nothing in the page can tell the time, so the test waits out the delay itself
      if (scripts === 'disabled') await page.waitForTimeout(2000);
      else await page.waitForFunction(() => performance.now() > 2000);
      expect({ scripts, shown: scripts === 'disabled' ? await banner(page).count() : await shownAfterInteractive(page) }).toEqual({
        scripts,
        shown: scripts === 'disabled' ? 0 : undefined,
      });
      await context.close();
    }
  });
});
