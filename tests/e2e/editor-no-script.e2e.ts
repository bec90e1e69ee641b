import { describe, expect, inject, it } from 'vitest';
import { browserCookies, registerOwner } from './accounts.ts';
import { openContext, PHONE, useBrowser } from './browser.ts';

/**
 * Issue 26: the owner's everyday edits during service work with JavaScript off (a phone whose
 * scripts have not arrived, or are blocked): the sold-out toggle is a plain form, and the product
 * form saves and comes back to the editor. Both change what guests see.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const publicMenu = async (slug: string) => (await fetch(`${baseUrl}/${slug}`)).text();

/** A fresh owner with a location "Salon", a category "Ciorbe" and one dish "Ciorbă de burtă" at 30 RON. */
async function ownerWithOneDish(): Promise<{ cookie: string; slug: string }> {
  const { cookie, slug } = await registerOwner(baseUrl, 'fara-script');
  const post = (fields: Record<string, string>, path = `/${slug}/admin?index`) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', redirect: 'manual', body: new URLSearchParams(fields), headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' } });
  expect((await post({ intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
  const locationId = /\?location=([0-9a-f-]{36})/.exec(await (await fetch(`${baseUrl}/${slug}/admin`, { headers: { cookie } })).text())?.[1];
  expect(locationId).toBeTruthy();
  expect((await post({ intent: 'create-category', nameRo: 'Ciorbe', locationId: locationId!, visible: 'on' })).status).toBe(200);
  const categoryId = /<option value="([0-9a-f-]{36})"/.exec(await (await fetch(`${baseUrl}/${slug}/admin/products/new`, { headers: { cookie } })).text())?.[1];
  expect(categoryId).toBeTruthy();
  const saved = await post({ categoryId: categoryId!, nameRo: 'Ciorbă de burtă', price: '30', available: 'on', visible: 'on' }, `/${slug}/admin/products/new`);
  expect(saved.status).toBe(302);
  return { cookie, slug };
}

describe('the editor without JavaScript', () => {
  it('marks a dish sold out and changes its price, on a phone with scripts off', async () => {
    const { cookie, slug } = await ownerWithOneDish();
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
