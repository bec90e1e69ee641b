import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { browserCookies, sharedSessionCookie } from './accounts.ts';
import { isHydrated, openContext, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

/**
 * Issue 23 item 9: no signed-in page is wider than a phone. Every owner page and every back-office
 * page of app/routes.ts (a page added there is checked without a change here) is opened at 360
 * and 390 px, and the document must not scroll sideways: its scroll width is the viewport's.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/** Page routes (a module with a component, .tsx) with their full URL patterns, layouts and nesting resolved. */
async function pagePatterns(): Promise<string[]> {
  const { default: table } = (await import('#app/routes.ts')) as { default: RouteConfigEntry[] };
  const patterns = new Set<string>();
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${prefix}/${entry.path}` : prefix;
      const isPage = entry.file.endsWith('.tsx') && (entry.index || (entry.path !== undefined && !entry.children?.some((child) => child.index)));
      if (isPage) patterns.add(full || '/');
      if (entry.children) walk(entry.children, full);
    }
  };
  walk(table, '');
  return [...patterns];
}

const isOwnerPage = (pattern: string) =>
  pattern.startsWith('/:restaurantSlug/admin') || pattern.startsWith('/restaurant/:restaurantSlug/') || pattern === '/restaurants' || pattern.startsWith('/restaurants/');
const isBackOfficePage = (pattern: string) => pattern === '/admin' || pattern.startsWith('/admin/');

/** The pattern with the demo restaurant's values; a parameter nobody knows fails here, naming itself. */
function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${pattern}: no demo value for :${name}; add one to the values in page-widths.e2e.ts`);
    return value;
  });
}

/** How far the document scrolls sideways at the page's width, and the widest elements that make it do so. */
function measure(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const widest = [...document.body.querySelectorAll<HTMLElement>('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > viewport + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ element, right }) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')} → ${Math.round(right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
}

/**
 * Each page is loaded once, at the first width, and measured at every width in turn (the viewport
 * resized, as a phone turned or a window narrowed: the same media queries decide the layout), so a
 * page costs one load and hydration, not one per width.
 */
async function overflows(browser: Browser, login: { email: string; password: string }, paths: string[], widths: number[]): Promise<string[]> {
  const cookie = await sharedSessionCookie(baseUrl, login.email, login.password);
  const found: string[] = [];
  const context = await openContext(browser, baseUrl, { viewport: { width: widths[0]!, height: 800 }, locale: 'ro' });
  await context.addCookies(browserCookies(cookie, baseUrl));
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  for (const path of paths) {
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers`).toBe(200);
    expect(new URL(page.url()).pathname, `${path} is not redirected`).toBe(path.split('?')[0]);
    await expect.poll(() => isHydrated(page, 'h1'), { timeout: 15_000 }).toBe(true);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      // the resize has reached the page's layout once window.innerWidth reports it
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      const measured = await measure(page);
      expect(measured.innerWidth).toBe(width);
      if (measured.scrollWidth !== width) found.push(`${path} at ${width} px is ${measured.scrollWidth} px wide: ${measured.widest.join('; ')}`);
    }
  }
  await context.close();
  return found;
}

describe('no signed-in page is wider than a phone (issue 23 item 9)', () => {
  it('the route table has owner and back-office pages to check', async () => {
    const patterns = await pagePatterns();
    expect(patterns.filter(isOwnerPage)).toEqual(expect.arrayContaining(['/:restaurantSlug/admin', '/:restaurantSlug/admin/settings', '/restaurants', '/restaurants/new']));
    expect(patterns.filter(isBackOfficePage)).toEqual(expect.arrayContaining(['/admin', '/admin/restaurants/:restaurantId']));
  });

  it('every owner page, as the demo owner, at 360 and 390 px', async () => {
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    const product = await db.selectFrom('product').select('id').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow();
    await db.destroy();
    const paths = (await pagePatterns()).filter(isOwnerPage).map((pattern) => fill(pattern, { restaurantSlug: DEMO_RESTAURANT_SLUG, productId: product.id }));
    expect(await overflows(browserOf(), DEMO_LOGINS.owner, paths, [360, 390])).toEqual([]);
  });

  it('every back-office page, as the platform admin, at 360 and 390 px', async () => {
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    await db.destroy();
    const paths = (await pagePatterns()).filter(isBackOfficePage).map((pattern) => fill(pattern, { restaurantId: restaurant.id }));
    expect(await overflows(browserOf(), DEMO_LOGINS.admin, paths, [360, 390])).toEqual([]);
  });
});
