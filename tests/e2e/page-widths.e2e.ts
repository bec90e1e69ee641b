import type { RouteConfigEntry } from '@react-router/dev/routes';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { buildCategory, buildLocation, buildProduct, newId } from '#tests/factories/builders.ts';
import { browserCookies, registerOwner, sharedSessionCookie } from './accounts.ts';
import { isHydrated, nextClientIp, openContext, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

/**
 * Issue 23 item 9: no signed-in page is wider than a phone. Every owner page and every back-office
 * page of app/routes.ts (a page added there is checked without a change here) is opened at 360
 * and 390 px, and the document must not scroll sideways: its scroll width is the viewport's. The
 * owner pages are checked on a tablet too (768 px, upright, and 1024 px, turned), where the signed-in
 * header and the admin's restaurant switcher, its menu open, must fit beside the rest, in Romanian
 * (the longer words) and in English, for an owner of several restaurants with long names.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';

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

const switcher = (page: Page) => page.locator('[data-restaurant-switcher]');
const switcherOpen = (page: Page) => switcher(page).evaluate((node) => (node as HTMLDetailsElement).open);

/**
 * Each page is loaded once, at the first width, and measured at every width in turn (the viewport
 * resized, as a phone turned or a window narrowed: the same media queries decide the layout), so a
 * page costs one load and hydration, not one per width. With `withSwitcherOpen`, a page with the
 * restaurant switcher is measured again at each width with its menu open.
 */
async function overflows(
  browser: Browser,
  cookie: string,
  paths: string[],
  widths: number[],
  { locale = 'ro', withSwitcherOpen = false }: { locale?: 'ro' | 'en'; withSwitcherOpen?: boolean } = {},
): Promise<string[]> {
  const found: string[] = [];
  const context = await openContext(browser, baseUrl, { viewport: { width: widths[0]!, height: 800 }, locale });
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
      if (withSwitcherOpen && (await switcher(page).count()) > 0) {
        await switcher(page).locator('summary').click();
        await expect.poll(() => switcherOpen(page)).toBe(true);
        const open = await measure(page);
        if (open.scrollWidth !== width) found.push(`${path} at ${width} px, the switcher open, is ${open.scrollWidth} px wide: ${open.widest.join('; ')}`);
        await page.keyboard.press('Escape');
        await expect.poll(() => switcherOpen(page)).toBe(false);
      }
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

  it('every owner page, as the demo owner, at 360 and 390 px, and on a tablet at 768 and 1024 px', { timeout: 120_000 }, async () => {
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    const product = await db.selectFrom('product').select('id').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow();
    // the demo's option groups (issue 35): a group's page is an owner page too
    const group = await db.selectFrom('optionGroup').select('id').where('restaurantId', '=', restaurant.id).executeTakeFirstOrThrow();
    await db.destroy();
    const paths = (await pagePatterns()).filter(isOwnerPage).map((pattern) => fill(pattern, { restaurantSlug: DEMO_RESTAURANT_SLUG, productId: product.id, groupId: group.id }));
    const cookie = await sharedSessionCookie(baseUrl, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    expect(await overflows(browserOf(), cookie, paths, [360, 390, 768, 1024])).toEqual([]);
  });

  it('every back-office page, as the platform admin, at 360 and 390 px', async () => {
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    await db.destroy();
    const paths = (await pagePatterns()).filter(isBackOfficePage).map((pattern) => fill(pattern, { restaurantId: restaurant.id }));
    const cookie = await sharedSessionCookie(baseUrl, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    expect(await overflows(browserOf(), cookie, paths, [360, 390])).toEqual([]);
  });
});

describe('on a tablet, the admin of an owner with three long-named restaurants (issue 24 item 2)', () => {
  const names = ['Hanul Boierului și Grădina de Vară', 'Cofetăria Bunicii din Centrul Vechi'];
  let owner: Promise<{ cookie: string; slug: string; paths: string[] }> | undefined;
  /** Registered once for both languages: two more restaurants, the open one the first long-named, with a dish for the product page. */
  const ownerOfThree = () =>
    (owner ??= (async () => {
      const { cookie } = await registerOwner(baseUrl, 'latime-tableta');
      const slugs: string[] = [];
      for (const restaurantName of names) {
        const added = await fetch(`${baseUrl}/restaurants/new`, {
          method: 'POST',
          redirect: 'manual',
          body: new URLSearchParams({ restaurantName }),
          headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
        });
        expect(added.status).toBe(302);
        slugs.push(added.headers.get('location')!.split('/')[1]!);
      }
      const db = openServerDatabase();
      const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slugs[0]!).executeTakeFirstOrThrow();
      const location = buildLocation(restaurant.id);
      const category = buildCategory(restaurant.id, location.id);
      const product = buildProduct(restaurant.id, category.id);
      await db.insertInto('location').values(location).execute();
      await db.insertInto('category').values(category).execute();
      await db.insertInto('product').values(product).execute();
      const groupId = newId();
      const now = new Date().toISOString();
      await db
        .insertInto('optionGroup')
        .values({
          id: groupId,
          restaurantId: restaurant.id,
          nameRo: 'Mărimea porției pentru grupuri mari',
          nameEn: null,
          minChoices: 1,
          maxChoices: 1,
          pricing: 'set',
          sortOrder: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db.destroy();
      const paths = (await pagePatterns()).filter(isOwnerPage).map((pattern) => fill(pattern, { restaurantSlug: slugs[0]!, productId: product.id!, groupId }));
      return { cookie, slug: slugs[0]!, paths };
    })());

  it.each(['ro', 'en'] as const)(
    'no owner page is wider than 768 or 1024 px in %s, the switcher open or closed',
    async (locale) => {
      const { cookie, paths } = await ownerOfThree();
      expect(await overflows(browserOf(), cookie, paths, [768, 1024], { locale, withSwitcherOpen: true })).toEqual([]);
    },
    180_000,
  );

  it.each(['ro', 'en'] as const)('the header at 768 px in %s, photographed with the switcher closed and open; axe finds nothing serious', async (locale) => {
    const { cookie, slug } = await ownerOfThree();
    mkdirSync(shots, { recursive: true });
    const context = await openContext(browserOf(), baseUrl, { viewport: { width: 768, height: 1024 }, locale });
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    await page.goto(`/${slug}/admin`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    await page.screenshot({ path: `${shots}/admin-header-768-${locale}.png` });
    await switcher(page).locator('summary').click();
    await expect.poll(() => switcherOpen(page)).toBe(true);
    const listed = await switcher(page).getByRole('list').getByRole('link').allInnerTexts();
    expect(listed.map((text) => text.split('\n')[0])).toEqual(expect.arrayContaining(names));
    await page.screenshot({ path: `${shots}/admin-header-768-${locale}-switcher.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
