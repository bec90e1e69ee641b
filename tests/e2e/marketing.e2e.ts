import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { buildMenuPreview } from '#app/ui/marketing/menu-preview.ts';
import { DESKTOP, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const openDb = openServerDatabase;

/** The home page's HTML as the server sends it, before any script runs. */
async function homeHtml(locale: 'ro' | 'en'): Promise<{ status: number; html: string }> {
  const response = await fetch(`${baseUrl}/`, { headers: { cookie: `lang=${locale}` } });
  return { status: response.status, html: await response.text() };
}

/** Text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** Prices are written with non-breaking spaces; compare them as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('home page: live preview of the demo menu', () => {
  it.each(['ro', 'en'] as const)('server-renders demo dishes read from the database (%s)', async (locale) => {
    const db = openDb();
    const expected = buildMenuPreview(await getPublicMenu(db, DEMO_RESTAURANT_SLUG), locale);
    await db.destroy();
    const names = expected?.categories.flatMap((category) => category.dishes.map((dish) => dish.name)) ?? [];
    expect(names.length).toBeGreaterThanOrEqual(2);
    const { status, html } = await homeHtml(locale);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="demo-preview"');
    for (const name of names) expect(html).toContain(escapeHtml(name));
    expect(html).toContain(locale === 'ro' ? 'Ciorbă de burtă' : 'Tripe sour soup');
  });

  it('follows an edit of a demo dish on the next request', async () => {
    const db = openDb();
    const soup = await db.selectFrom('product').select(['id', 'nameRo']).where('nameRo', '=', 'Ciorbă de burtă').executeTakeFirstOrThrow();
    try {
      await db.updateTable('product').set({ nameRo: 'Ciorbă de burtă a casei' }).where('id', '=', soup.id).execute();
      expect((await homeHtml('ro')).html).toContain('Ciorbă de burtă a casei');
    } finally {
      await db.updateTable('product').set({ nameRo: soup.nameRo }).where('id', '=', soup.id).execute();
      await db.destroy();
    }
  });

  it('leaves the preview out, and still answers, when the demo restaurant is missing or switched off', async () => {
    const db = openDb();
    const demo = await db.selectFrom('restaurant').select(['id', 'slug']).where('slug', '=', DEMO_RESTAURANT_SLUG).executeTakeFirstOrThrow();
    try {
      await db.updateTable('restaurant').set({ slug: 'demo-renamed-for-test' }).where('id', '=', demo.id).execute();
      const missing = await homeHtml('ro');
      expect(missing.status).toBe(200);
      expect(missing.html).toContain('Meniul tău, pe telefonul fiecărui client');
      expect(missing.html).not.toContain('data-testid="demo-preview"');

      await db.updateTable('restaurant').set({ slug: demo.slug, active: 0 }).where('id', '=', demo.id).execute();
      const inactive = await homeHtml('en');
      expect(inactive.status).toBe(200);
      expect(inactive.html).not.toContain('data-testid="demo-preview"');
    } finally {
      await db.updateTable('restaurant').set({ slug: demo.slug, active: 1 }).where('id', '=', demo.id).execute();
      await db.destroy();
    }
    expect((await homeHtml('ro')).html).toContain('data-testid="demo-preview"');
  });

  it('links to registration and to the demo menu, and they open', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    // the home page is plain HTML (decision 0026): its links are links from the first paint
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Creează meniu' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?register=true');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Creează meniul restaurantului');

    await page.goto('/');
    await main.getByRole('link', { name: 'Deschide meniul complet' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${DEMO_RESTAURANT_SLUG}`);
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Ciorbă de burtă', exact: true }).count()).toBe(1);

    await page.goto('/');
    await main.getByRole('link', { name: 'Vezi un meniu demonstrativ' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${DEMO_RESTAURANT_SLUG}`);
    await context.close();
  });
});

describe('pricing page', () => {
  it.each([
    { locale: 'ro' as const, monthly: '57,30 RON', yearly: 'sau 573,00 RON pe an', saving: 'Economisești 114,60 RON', trial: '60 de zile' },
    { locale: 'en' as const, monthly: 'RON 57.30', yearly: 'or RON 573.00 a year', saving: 'You save RON 114.60', trial: '60 days' },
  ])('shows the PRO prices from configuration, formatted for $locale', async ({ locale, monthly, yearly, saving, trial }) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale });
    const page = await context.newPage();
    await page.goto('/pricing');
    expect(plain(await page.getByTestId('pro-monthly').textContent())).toContain(monthly);
    expect(plain(await page.getByTestId('pro-yearly').textContent())).toBe(yearly);
    expect(plain(await page.getByRole('main').textContent())).toContain(saving);
    expect(plain(await page.getByRole('main').textContent())).not.toMatch(/49[.,]00/); // the built-in default
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toHaveLength(3);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(trial);
    await context.close();
  });
});

describe('features page', () => {
  it('groups the features for owners and for guests, and switches language in place', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/detalii');
    expect(await page.title()).toBe('Funcționalități · Bucate');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Pentru proprietari', 'Pentru clienți', 'Vezi cum arată pentru clienți']);
    const owners = page.getByRole('region', { name: 'Pentru proprietari' });
    expect(await owners.getByRole('heading', { level: 3 }).count()).toBe(12);
    expect(await owners.getByRole('heading', { level: 3, name: 'Cei 14 alergeni din UE' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Pentru clienți' }).getByRole('heading', { level: 3 }).count()).toBe(6);

    await page.getByRole('button', { name: 'Schimbă limba în engleză' }).first().click();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    expect(new URL(page.url()).pathname).toBe('/detalii');
    expect(await page.title()).toBe('Features · Bucate');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['For owners', 'For guests', 'See what guests see']);
    await context.close();
  });
});

describe('accessibility of the marketing pages', () => {
  const pages = ['/', '/detalii', '/pricing'];
  it.each(pages.flatMap((path) => (['ro', 'en'] as const).map((locale) => ({ path, locale }))))(
    '$path in $locale has no serious or critical axe finding at phone and desktop width',
    async ({ path, locale }) => {
      for (const viewport of [PHONE, DESKTOP]) {
        const context = await openContext(browserOf(), baseUrl, { viewport, locale });
        const page = await context.newPage();
        await page.goto(path);
        expect(await seriousAxeViolations(page), `${path} ${locale} ${viewport.width}px`).toEqual([]);
        await context.close();
      }
    },
  );

  it.each(pages)('%s has no serious or critical axe finding in dark mode', async (path) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(path);
    expect(await seriousAxeViolations(page), path).toEqual([]);
    await context.close();
  });
});

describe('page transitions', () => {
  /**
   * The marketing pages have no React Router to start a view transition: the browser runs its own
   * cross-document one (`@view-transition`, public-layout.tsx). The new page records, when it is
   * revealed, whether a transition runs and how many animations its pseudo-elements get.
   */
  function recordViewTransitions(page: Page) {
    return page.addInitScript(() => {
      const record: (number | string)[] = [];
      Object.assign(window, { viewTransitionAnimations: record });
      window.addEventListener('pagereveal', (event) => {
        const transition = (event as Event & { viewTransition: ViewTransition | null }).viewTransition;
        if (!transition) return void record.push('none');
        transition.ready.then(
          () => record.push(document.getAnimations().filter((a) => String((a.effect as KeyframeEffect | null)?.pseudoElement).startsWith('::view-transition')).length),
          () => record.push('skipped'),
        );
      });
    });
  }
  const recorded = (page: Page) => page.evaluate(() => (window as unknown as { viewTransitionAnimations: (number | string)[] }).viewTransitionAnimations);

  it.each([
    { motion: 'no-preference' as const, animated: true },
    { motion: 'reduce' as const, animated: false },
  ])('a header link navigates with a view transition, animated only without reduced motion ($motion)', async ({ motion, animated }) => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: motion });
    await recordViewTransitions(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Prețuri' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Începi gratuit, continui cu PRO');
    await expect.poll(() => recorded(page).then((list) => list.length)).toBe(1);
    const [animations] = await recorded(page);
    if (animated) expect(animations).toBeGreaterThan(0);
    else expect(animations).toBe(0);
    await context.close();
  });
});
