import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { openContext, seriousAxeViolations, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/**
 * Issue 23: on a common phone the demo guest sees a dish on the first screen, with every control
 * still there (language, location, search, allergen filter, categories), in both languages.
 */
describe.each([
  { width: 390, height: 844, locale: 'ro' as const },
  { width: 360, height: 740, locale: 'ro' as const },
  { width: 390, height: 844, locale: 'en' as const },
  { width: 360, height: 740, locale: 'en' as const },
])('the guest menu’s first screen at $width×$height in $locale', ({ width, height, locale }) => {
  it('shows the first dish without scrolling, and every control', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: { width, height }, locale });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica');
    const first = page.locator('[data-dish]').first();
    const box = await first.boundingBox();
    expect(box).not.toBeNull();
    // the dish's name (its first line) is on screen
    const name = await first.getByRole('heading', { level: 3 }).boundingBox();
    expect(box!.y).toBeLessThan(height);
    expect(name!.y + name!.height).toBeLessThanOrEqual(height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // nothing runs off the side
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    // the controls are all there: the languages, the other location, search, the allergen filter, the categories
    for (const language of ['Română', 'English', 'Deutsch']) expect(await page.getByRole('link', { name: language }).count()).toBe(1);
    const t =
      locale === 'ro'
        ? { search: 'Caută în meniu', filter: 'Filtru alergeni', categories: 'Categorii', allergen: 'Lactate' }
        : { search: 'Search the menu', filter: 'Allergen filter', categories: 'Categories', allergen: 'Dairy' };
    expect(await page.getByRole('searchbox', { name: t.search }).isVisible()).toBe(true);
    expect(await page.getByText(t.filter, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: t.categories }).isVisible()).toBe(true);
    await page.getByText(t.filter, { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: t.allergen }).isVisible()).toBe(true);
    // the location shown reads whole beside three languages and "Rezervă o masă" (issue 33 item 12: it was cut to "L…")
    const choice = page.locator('[data-location-choice] summary');
    const shownName = choice.getByText(locale === 'ro' ? 'La Bunica – Centrul Vechi' : 'La Bunica – Old Town', { exact: true });
    expect(await shownName.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
    expect(await page.getByRole('link', { name: locale === 'ro' ? 'Rezervă o masă' : 'Book a table' }).isVisible()).toBe(true);
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: `test-results/screenshots/menu-first-screen-${width}-${locale}.png` });
    // the other location is one tap on the location choice away
    expect(await choice.isVisible()).toBe(true);
    await choice.click();
    await page.getByRole('link', { name: 'La Bunica – Floreasca' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('loc')).not.toBeNull();
    expect(await choice.textContent()).toContain('La Bunica – Floreasca');
    expect(new URL(page.url()).searchParams.get('lang')).toBe(locale);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
