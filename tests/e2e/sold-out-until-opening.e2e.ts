import { describe, expect, inject, it } from 'vitest';
import { ownerWithDishes, browserCookies } from './accounts.ts';
import { nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 35 item 8: a dish sold out "until we open again" from the editor on a phone (before React,
 * the page's own script), and the guest menu at the opening. The guest's clock is the X-Test-Now
 * header the e2e server honours (loopback, TEST_CLOCK_HEADER; never on a public server, env.server.ts
 * `isTestClockEnabled`); the editor marks at the server's real clock, so the opening is read back
 * from the row and the guest is put a minute before it and a minute after it.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const HOURS = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));
const MINUTE = 60_000;

/** The guest menu's HTML and its render-cache answer at an instant. */
async function menuAt(slug: string, instant: number) {
  const response = await fetch(`${baseUrl}/${slug}`, { headers: { 'X-Test-Now': new Date(instant).toISOString(), 'X-Forwarded-For': nextClientIp() } });
  return { html: await response.text(), cache: response.headers.get('x-menu-cache') };
}

describe('sold out until we open again', () => {
  it('a waiter marks it on a phone; guests see it sold out until the opening and back at it, with the menu cache warm', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'epuizat-redeschidere', ['Papanași']);
    const db = openServerDatabase();
    await db.updateTable('restaurant').set({ openingHours: HOURS }).where('slug', '=', slug).execute();

    // the editor on a phone, before React: the row's "until we open" button
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`/${slug}/admin`);
    const row = page.locator('[data-product-id]', { hasText: 'Papanași' });
    await row.screenshot({ path: 'test-results/screenshots/sold-out-until-opening-row-available-ro-phone.png' });
    // every button of the owner's row on the phone's screen, "until we open" included
    expect(await row.getByRole('button', { name: 'Șterge produsul' }).evaluate((button) => button.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width);
    await row.getByRole('button', { name: 'Până la redeschidere; marchează epuizat până la redeschidere: Papanași' }).click();
    // the server's answer says when it comes back (a loaded machine may take a while to answer)
    await toast(page, 'Revine la deschidere, ', 30_000);
    const { soldOutUntil } = await db
      .selectFrom('product')
      .select('soldOutUntil')
      .where('nameRo', '=', 'Papanași')
      .where('restaurantId', '=', db.selectFrom('restaurant').select('id').where('slug', '=', slug))
      .executeTakeFirstOrThrow();
    const opening = Date.parse(soldOutUntil!);
    // the opening is 12:00 in Bucharest, after now
    expect(opening).toBeGreaterThan(Date.now());
    expect(new Date(opening).toLocaleTimeString('ro-RO', { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit' })).toBe('12:00');
    expect(await row.getByRole('button', { name: /^Epuizat; marchează disponibil/ }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: /^Până la redeschidere/ }).isVisible()).toBe(false);
    expect(await row.textContent()).toMatch(/Revine la deschidere, (lun\.|mar\.|mie\.|joi|vin\.|sâm\.|dum\.)\u00a012:00/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await row.screenshot({ path: 'test-results/screenshots/sold-out-until-opening-row-ro-phone.png' });
    await page.screenshot({ path: 'test-results/screenshots/sold-out-until-opening-editor-ro-phone.png' });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // in English, as the server draws the row again
    await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    await page.reload();
    expect(await row.textContent()).toMatch(/Back when we open, (Mon|Tue|Wed|Thu|Fri|Sat|Sun)\u00a012:00/);
    await row.screenshot({ path: 'test-results/screenshots/sold-out-until-opening-row-en-phone.png' });
    await context.close();

    // a minute before the opening: sold out, and the page is cached (a second guest gets it from the cache)
    const before = await menuAt(slug, opening - MINUTE);
    expect(before.html).toContain('Indisponibil momentan');
    expect((await menuAt(slug, opening - MINUTE)).cache).toBe('hit');
    // a minute after it: the cached page has expired at the opening and the dish is back, though no one touched it
    const after = await menuAt(slug, opening + MINUTE);
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('Papanași');
    expect(after.html).not.toContain('Indisponibil momentan');

    // as a guest sees it in the browser at the opening
    const guest = await browserOf().newContext({
      viewport: PHONE,
      locale: 'ro-RO',
      baseURL: baseUrl,
      extraHTTPHeaders: { 'X-Test-Now': new Date(opening + MINUTE).toISOString(), 'X-Forwarded-For': nextClientIp() },
    });
    const guestPage = await guest.newPage();
    await guestPage.goto(`/${slug}`);
    expect(await guestPage.getByText('Papanași').first().isVisible()).toBe(true);
    expect(await guestPage.getByText('Indisponibil momentan').count()).toBe(0);
    await guest.close();
  });
});
