import { describe, expect, inject, it } from 'vitest';
import { browserCookies, ownerWithDishes } from './accounts.ts';
import { openContext, PHONE, useBrowser } from './browser.ts';

/**
 * Issue 26: the owner's everyday edits during service work with JavaScript off (a phone whose
 * scripts have not arrived, or are blocked): the sold-out toggle is a plain form, and the product
 * form saves and comes back to the editor. Both change what guests see.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const publicMenu = async (slug: string) => (await fetch(`${baseUrl}/${slug}`)).text();

describe('the editor without JavaScript', () => {
  it('marks a dish sold out and changes its price, on a phone with scripts off', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'fara-script', ['Ciorbă de burtă']);
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro', javaScriptEnabled: false });
    await context.addCookies(browserCookies(cookie, baseUrl));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`/${slug}/admin`);

    // sold out: the row's button posts its category's one form (no form or hidden field per row,
    // issue 26); the page comes back with the dish marked
    expect(await page.locator('[data-product-id] form, [data-product-id] input[type="hidden"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Ciorbă de burtă' }).click();
    await page.getByRole('button', { name: 'Epuizat; marchează disponibil: Ciorbă de burtă' }).waitFor();
    expect(await page.getByRole('button', { name: 'Epuizat; marchează disponibil: Ciorbă de burtă' }).textContent()).toContain('Epuizat');
    expect(await publicMenu(slug)).toContain('class="dish-off"');

    // the price: the dish's link opens its form, a plain POST saves it and returns to the editor
    await page.getByRole('link', { name: 'Ciorbă de burtă' }).click();
    await page.getByLabel('Preț (RON)', { exact: true }).fill('34,50');
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/${slug}/admin`);
    expect(await page.locator(`[data-product-id]`).first().textContent()).toContain('34,50');
    expect(await publicMenu(slug)).toContain('34,50');
    await context.close();
  });
});
