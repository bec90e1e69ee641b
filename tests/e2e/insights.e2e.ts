import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { FLUSH_INTERVAL_MS } from '#app/modules/insights/insight-recorder.server.ts';
import { SEARCH_PRIVACY_K } from '#app/modules/insights/insights.types.ts';
import { browserCookies, registerOwner, sharedSessionCookie } from './accounts.ts';
import { DESKTOP, nextClientIp, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const SLUG = 'bistro-la-bunica';
// a guest's phone: a headless browser names itself so and would rightly not be counted
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const MISSING = 'caviar';

function guest(browser: Browser) {
  // a Romanian phone: the menu's language follows Accept-Language since content languages (decision 0019)
  return browser.newContext({ viewport: PHONE, baseURL: baseUrl, userAgent: PHONE_AGENT, locale: 'ro-RO', extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() } });
}

/** One guest: scans the QR code, opens two dishes, searches for something the menu does not have, leaves. */
async function guestVisit(browser: Browser, shortCode: string, openDishes: boolean, left: BrowserContext[]): Promise<string[]> {
  const context = await guest(browser);
  const page = await context.newPage();
  await page.goto(`/m/${shortCode}`);
  expect(new URL(page.url()).search).toBe(`?via=${shortCode}`);
  const opened: string[] = [];
  if (openDishes) {
    // the first two dishes that have details to open
    const withDetails = page.locator('[data-dish]').filter({ has: page.locator('summary') });
    for (const index of [0, 1]) {
      const one = withDetails.nth(index);
      opened.push((await one.getByRole('heading', { level: 3 }).textContent())!);
      await one.locator('summary').first().click();
      await expect.poll(() => one.locator('details').first().getAttribute('open')).not.toBeNull();
    }
  }
  if (openDishes) {
    await page.getByText('Filtru alergeni', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Lactate' }).check();
    await page.getByRole('checkbox', { name: 'Lactate' }).uncheck();
  }
  await page.getByRole('searchbox', { name: 'Caută în meniu' }).fill(MISSING);
  await expect.poll(() => page.locator('#menu-empty').isVisible()).toBe(true);
  await page.getByRole('searchbox', { name: 'Caută în meniu' }).blur();
  // the guest switches to another app: the page is hidden, which sends what was looked at
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/beacon'));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await beacon).status()).toBe(204);
  left.push(context);
  return opened;
}

describe('owner insights', () => {
  const db = openServerDatabase();
  afterAll(() => db.destroy());

  it('shows the owner a QR view, the dish opens and a missed search once the privacy threshold is met', async () => {
    const { shortCode } = await db.selectFrom('restaurant').select('shortCode').where('slug', '=', SLUG).executeTakeFirstOrThrow();
    const browser = browserOf();
    const left: BrowserContext[] = [];
    const opened = await guestVisit(browser, shortCode, true, left);
    expect(opened).toHaveLength(2);

    const owner = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() } });
    await owner.addCookies(browserCookies(await sharedSessionCookie(baseUrl, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password), baseUrl));
    const page = await owner.newPage();
    const views = async () => Number(await page.getByTestId('figure-views').locator('dd').first().textContent());
    // the view, the source and both dish opens, once flushed (the beacon may land a flush later than the view)
    const dishes = page.getByTestId('insights-dishes');
    const shown = async () => {
      await page.goto(`/${SLUG}/admin/insights?range=7`);
      if ((await page.getByTestId('figure-views').count()) === 0) return false;
      const counts = await Promise.all(opened.map((name) => dishes.getByRole('cell', { name, exact: true }).count()));
      return (await views()) >= 1 && counts.every((n) => n === 1);
    };
    await expect.poll(shown, { timeout: FLUSH_INTERVAL_MS * 4, interval: 1000 }).toBe(true);
    // the source: the restaurant's own code is labelled QR
    expect(await page.getByTestId('insights-via').getByRole('cell', { name: 'QR', exact: true }).count()).toBe(1);
    expect(Number(await page.getByTestId('figure-dish-opens').locator('dd').first().textContent())).toBeGreaterThanOrEqual(2);
    // one guest's search is not shown
    expect(await page.getByTestId('insights-searches').getByRole('cell', { name: MISSING }).count()).toBe(0);
    // nor stored: below the threshold the term is counted under a keyed hash only (decision 0018)
    expect(await db.selectFrom('insightCount').select('dimension').where('dimension', '=', MISSING).execute()).toEqual([]);

    for (let i = 1; i < SEARCH_PRIVACY_K; i++) await guestVisit(browser, shortCode, false, left);
    await expect
      .poll(
        async () => {
          await page.goto(`/${SLUG}/admin/insights?range=7`);
          return page.getByTestId('insights-searches').getByRole('cell', { name: MISSING, exact: true }).count();
        },
        { timeout: FLUSH_INTERVAL_MS * 4, interval: 1000 },
      )
      .toBe(1);
    expect(await page.getByTestId('insights-hints').textContent()).toContain(`„${MISSING}”`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // the CSV of the same range
    const csv = await page.request.get(`/${SLUG}/admin/insights.csv?range=7`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8')).toContain(`;${MISSING};${SEARCH_PRIVACY_K}`);
    await page.setViewportSize(PHONE);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // issue 23: the charts' axis labels are readable on a phone (they were 6–7 px): at least 11 px on screen
    const renderedLabelSizes = () =>
      page.locator('figure svg text').evaluateAll((texts) => texts.map((text) => (text as SVGTextElement).getScreenCTM()!.a * Number.parseFloat(getComputedStyle(text).fontSize)));
    await expect.poll(async () => Math.min(...(await renderedLabelSizes()))).toBeGreaterThanOrEqual(11);
    expect((await renderedLabelSizes()).length).toBeGreaterThan(10);
    // the allergen table counts the filter's uses, and says so
    expect(await page.getByTestId('insights-allergens').getByRole('columnheader').allTextContents()).toEqual(['Alergen', 'De câte ori a fost ascuns']);
    await owner.close();
    for (const context of left) await context.close();
  });

  it('refuses another owner the page and the CSV', async () => {
    const other = await registerOwner(baseUrl, 'insights-other');
    for (const path of [`/${SLUG}/admin/insights`, `/${SLUG}/admin/insights.csv`]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: other.cookie }, redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toMatch(/^\/unauthorized/);
    }
    const own = await fetch(`${baseUrl}/${other.slug}/admin/insights`, { headers: { cookie: other.cookie } });
    expect(await own.text()).toContain('Încă nu avem date');
  });
});
