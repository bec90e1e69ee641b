import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

async function waitForOfflineCopy(page: Page) {
  await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('bucate-menu-v1')).match(location.href))), { timeout: 10_000 }).toBe(true);
}

const dish = (page: Page, name: string) => page.locator('[data-dish]').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

describe.each([
  {
    locale: 'ro' as const,
    soup: 'Ciorbă de burtă',
    category: 'Ciorbe și supe',
    allergenLabel: 'Lactate',
    // a dish names it by the regulation's Annex II heading; the filter's chip keeps the short name
    dishAllergen: 'Lapte (inclusiv lactoză)',
    nutrition: 'Valori nutriționale',
    energy: 'Valoare energetică',
    search: 'Caută în meniu',
    filter: 'Filtru alergeni',
    secondLocation: 'La Bunica – Floreasca',
  },
  {
    locale: 'en' as const,
    soup: 'Tripe sour soup',
    category: 'Sour soups and soups',
    allergenLabel: 'Dairy',
    dishAllergen: 'Milk (including lactose)',
    nutrition: 'Nutritional values',
    energy: 'Energy',
    search: 'Search the menu',
    filter: 'Allergen filter',
    secondLocation: 'La Bunica – Floreasca',
  },
])('guest menu in $locale at phone width', (t) => {
  it('shows categories, a dish’s allergens and its nutrition on demand', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: t.locale });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    const nav = page.getByRole('navigation', { name: t.locale === 'ro' ? 'Categorii' : 'Categories' });
    await expect.poll(() => nav.getByRole('link').count()).toBeGreaterThan(5);
    expect(await page.getByRole('heading', { level: 2, name: new RegExp(t.category) }).count()).toBe(1);
    const hours = page.getByText(t.locale === 'ro' ? 'Program' : 'Opening hours', { exact: true });
    await hours.click();
    expect(await page.getByText(t.locale === 'ro' ? 'Luni – Joi' : 'Monday – Thursday').isVisible()).toBe(true);
    const soup = dish(page, t.soup);
    expect(await soup.textContent()).toContain(t.dishAllergen);
    expect(await soup.getByText(t.energy).isVisible()).toBe(false);
    await soup.getByText(t.nutrition).first().click();
    await expect.poll(() => soup.getByText(t.energy).isVisible()).toBe(true);
    // the table as the browser built it from rows without end tags: seven rows, each a header and a value
    const rows = soup.locator('table > tbody > tr');
    expect(await rows.count()).toBe(7);
    expect(await soup.locator('table > tbody > tr > th + td:last-child').count()).toBe(7);
    expect(await rows.first().locator('th').textContent()).toBe(t.energy);
    expect(await rows.first().locator('td').textContent()).toMatch(/kJ \/ \d+ kcal$/);
    await context.close();
  });

  it('hides dishes with a chosen allergen and finds dishes by text, without a round trip', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: t.locale });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    await waitForOfflineCopy(page); // the service worker's own fetches are done, so any request now is ours
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.getByText(t.filter).click();
    await page.getByRole('checkbox', { name: t.allergenLabel }).check();
    await expect.poll(() => dish(page, t.soup).isHidden()).toBe(true);
    const visibleWithMilk = await page.locator('[data-dish]:not([hidden])[data-allergens~="milk"]').count();
    expect(visibleWithMilk).toBe(0);
    await page.getByRole('checkbox', { name: t.allergenLabel }).uncheck();
    await page.getByRole('searchbox', { name: t.search }).fill(t.locale === 'ro' ? 'burta' : 'tripe');
    await expect.poll(() => page.locator('[data-dish]:not([hidden])').count()).toBe(1);
    expect(await dish(page, t.soup).isVisible()).toBe(true);
    expect(requests.filter((url) => !url.includes('/uploads/'))).toEqual([]);
    await context.close();
  });

  it('switches location', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: t.locale });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    // the location choice opens without a script (details), beside the language switch
    await page.locator('[data-location-choice] summary').click();
    await page.getByRole('link', { name: t.secondLocation }).click();
    await expect.poll(() => page.locator('[data-location-choice] a[aria-current=page]').textContent()).toBe(t.secondLocation);
    expect(await page.locator('[data-location-choice] summary').textContent()).toContain(t.secondLocation);
    expect(await dish(page, t.soup).count()).toBe(0);
    await context.close();
  });

  it('has no serious accessibility problem with its tools open', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: t.locale });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    await page.getByText(t.filter).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('guest menu', () => {
  it('shows an inactive restaurant’s message and a way home, never its menu', async () => {
    const db = openServerDatabase();
    // its plan no longer serves the menu (a deactivated restaurant goes to not-found instead)
    const restaurant = buildRestaurant({ name: 'Închis Temporar', publishedUntil: null, proUntil: null });
    await db.insertInto('restaurant').values(restaurant).execute();
    await db.destroy();
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/${restaurant.slug}`);
    expect(await page.getByTestId('menu-inactive').textContent()).toBe('Acest meniu nu este disponibil momentan.');
    await page.getByRole('link', { name: 'Înapoi la pagina principală' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('answers a repeated request from the render cache, and renders again after an edit', async () => {
    const cache = async () => (await fetch(`${baseUrl}/bistro-la-bunica`, { headers: { 'accept-encoding': 'br' } })).headers.get('x-menu-cache');
    await cache();
    expect(await cache()).toBe('hit');
    const db = openServerDatabase();
    const { id } = await db.selectFrom('restaurant').select('id').where('slug', '=', 'bistro-la-bunica').executeTakeFirstOrThrow();
    await bumpMenuVersion(db, id);
    await db.destroy();
    expect(await cache()).toBe('miss');
    expect(await cache()).toBe('hit');
  });

  it('shows an edit on the next request (the render cache follows the menu version)', async () => {
    const db = openServerDatabase();
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    const product = await db
      .selectFrom('product')
      .select(['id', 'restaurantId', 'nameRo'])
      .where('nameRo', '=', 'Papanași cu smântână și dulceață de afine')
      .executeTakeFirstOrThrow();
    await db.updateTable('product').set({ nameRo: 'Papanași de casă' }).where('id', '=', product.id).execute();
    await bumpMenuVersion(db, product.restaurantId);
    await page.reload();
    expect(await dish(page, 'Papanași de casă').count()).toBe(1);
    await db.updateTable('product').set({ nameRo: product.nameRo }).where('id', '=', product.id).execute();
    await bumpMenuVersion(db, product.restaurantId);
    await db.destroy();
    await context.close();
  });

  it('opens again offline once it has been opened', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    await waitForOfflineCopy(page);
    await context.setOffline(true);
    await page.reload();
    expect(await dish(page, 'Ciorbă de burtă').count()).toBe(1);
    await context.close();
  });
});
