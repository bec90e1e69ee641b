import { describe, expect, inject, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { registerOwner } from './accounts.ts';
import { isHydrated, nextClientIp, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { openOwnerPage, statusMessage } from './owner-session.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/**
 * Issue 16's remaining lines in a browser (a fake LibreTranslate stands in for the provider, see
 * global-setup.ts): "Tradu automat" on a dish's English name, a category's translations panel in
 * the menu editor, and a guest who picked German finding it again on the next visit.
 */
describe('translations: English, categories, and the guest’s language in the address', () => {
  it('owner machine-translates English and a category; a guest who picks German gets it in the address, no cookie', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'traduceri-2');
    const db = openServerDatabase();
    const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const location = buildLocation(restaurant.id, { nameRo: 'Salon', nameEn: null });
    const category = buildCategory(restaurant.id, location.id, { nameRo: 'Desert', nameEn: null });
    const cake = buildProduct(restaurant.id, category.id, {
      nameRo: 'Tort de ciocolată',
      nameEn: null,
      descriptionRo: null,
      descriptionEn: null,
      ingredientsRo: null,
      ingredientsEn: null,
    });
    await db
      .updateTable('restaurant')
      .set({ contentLanguages: JSON.stringify(['de']) })
      .where('id', '=', restaurant.id)
      .execute();
    await db.insertInto('location').values(location).execute();
    await db.insertInto('category').values(category).execute();
    await db.insertInto('product').values(cake).execute();
    await db.destroy();

    // the dish's English name, by machine: marked, and the ordinary English field shows it too
    const { context: owner, page } = await openOwnerPage(browserOf(), baseUrl, cookie, `/${slug}/admin/products/${cake.id}`);
    await page.getByRole('button', { name: 'Tradu automat: Nume în engleză' }).click();
    await statusMessage(page, 'Textul a fost tradus automat.');
    await expect.poll(() => page.getByLabel('Nume în engleză', { exact: true }).inputValue()).toBe('en: TORT DE CIOCOLATĂ');
    expect(await page.getByTestId('machine-mark').allTextContents()).toEqual(['tradus automat']);
    await expect.poll(() => page.getByLabel('Nume (engleză)', { exact: true }).inputValue()).toBe('en: TORT DE CIOCOLATĂ');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // a category's panel in the menu editor: folded, loaded when opened, translated in place
    await page.goto(`/${slug}/admin?location=${location.id}`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Desert' }) });
    await card.locator('summary', { hasText: 'Modifică categoria' }).click();
    await card.locator('summary', { hasText: 'Traduceri' }).click();
    await card.getByRole('button', { name: 'Tradu automat: Nume în germană' }).click();
    await expect.poll(() => card.getByLabel('Nume în germană', { exact: true }).inputValue()).toBe('de: DESERT');
    await expect.poll(() => card.getByTestId('machine-mark').count()).toBe(1);
    // the owner's own English for the category, saved from the panel
    await card.getByLabel('Nume în engleză', { exact: true }).fill('Desserts');
    await card
      .locator('form', { has: page.getByLabel('Nume în engleză', { exact: true }) })
      .getByRole('button', { name: 'Salvează traducerea' })
      .click();
    await statusMessage(page, 'Traducerea a fost salvată.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await owner.close();

    // a Romanian guest on a phone picks German in the switch
    const guest = await browserOf().newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      locale: 'ro-RO',
      extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp(), 'Accept-Language': 'ro-RO,ro;q=0.9' },
    });
    const menu = await guest.newPage();
    await menu.goto(`/${slug}`);
    expect(await menu.locator('html').getAttribute('lang')).toBe('ro');
    await menu.getByRole('link', { name: 'Deutsch' }).click();
    await menu.getByRole('heading', { name: 'de: DESERT' }).waitFor();
    // the language lives in the address, and no cookie is set for the guest (issue 23: guests get none)
    expect(new URL(menu.url()).searchParams.get('lang')).toBe('de');
    expect(await guest.cookies()).toEqual([]);
    await menu.goto(`/${slug}?loc=${location.id}&lang=de`);
    expect(await menu.locator('html').getAttribute('lang')).toBe('de');
    // the bare address asks the browser (Romanian here), not a remembered choice
    const next = await menu.goto(`/${slug}`);
    expect(await menu.locator('html').getAttribute('lang')).toBe('ro');
    expect(next?.headers()['set-cookie']).toBeUndefined();
    await menu.getByRole('link', { name: 'Deutsch' }).click();
    await menu.getByRole('heading', { name: 'de: DESERT' }).waitFor();
    await menu.getByRole('link', { name: 'Română' }).click();
    await menu.getByRole('heading', { name: 'Desert' }).waitFor();
    expect(await guest.cookies()).toEqual([]);
    expect(await seriousAxeViolations(menu)).toEqual([]);
    await guest.close();
  });
});
