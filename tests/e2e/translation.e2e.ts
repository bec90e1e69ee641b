import { describe, expect, inject, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { registerOwner } from './accounts.ts';
import { isHydrated, nextClientIp, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { openOwnerPage, statusMessage } from './owner-session.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/**
 * Issue 16 in a browser: the owner enables German, runs "translate everything missing" (a fake
 * LibreTranslate stands in for the provider, see global-setup.ts), watches it finish and edits a
 * dish; a German guest gets the German menu with German labels and allergen names, and switches
 * to Romanian.
 */
describe('a menu in the guest’s language', () => {
  it('owner enables German and translates; a German guest reads it; Romanian is one click away', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'traduceri');
    const db = openServerDatabase();
    const productId = await (async () => {
      const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      const location = buildLocation(restaurant.id, { nameRo: 'Salon', nameEn: null });
      const category = buildCategory(restaurant.id, location.id, { nameRo: 'Ciorbe', nameEn: null });
      const soup = buildProduct(restaurant.id, category.id, { nameRo: 'Ciorbă de burtă', nameEn: null, descriptionRo: 'Cu smântână', allergens: JSON.stringify(['milk']) });
      const dumplings = buildProduct(restaurant.id, category.id, { nameRo: 'Papanași', nameEn: null, allergens: JSON.stringify(['eggs', 'gluten']) });
      await db.insertInto('location').values(location).execute();
      await db.insertInto('category').values(category).execute();
      for (const product of [soup, dumplings]) await db.insertInto('product').values(product).execute();
      return dumplings.id;
    })();
    await db.destroy();

    const { context: owner, page } = await openOwnerPage(browserOf(), baseUrl, cookie, `/${slug}/admin/settings`);
    await page.getByLabel('Germană').check();
    await page.getByLabel('Nu traduce').fill('papanași');
    await page.getByRole('button', { name: 'Salvează limbile' }).click();
    await statusMessage(page, 'Limbile meniului au fost salvate.');

    await page.getByRole('button', { name: 'Tradu tot ce lipsește' }).click();
    // the progress bar, read from the run, ends at "finished"
    const progress = page.getByTestId('translation-progress');
    await progress.waitFor();
    await expect.poll(() => progress.textContent(), { timeout: 15_000 }).toMatch(/Traducerea s-a încheiat\. Texte traduse: \d+\./);
    expect(await page.locator('progress').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the owner edits one dish's English name: their text from now on
    await page.goto(`/${slug}/admin/products/${productId}`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    expect(await page.getByLabel('Nume (engleză)').inputValue()).toBe('en: Papanași');
    await page.getByLabel('Nume (engleză)').fill('Papanași (cheese doughnuts)');
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await statusMessage(page, 'a fost salvat');

    // and its German name: marked "tradus automat" until the owner edits and approves it
    await page.goto(`/${slug}/admin/products/${productId}`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    expect(await page.getByTestId('machine-mark').allTextContents()).toEqual(['tradus automat']);
    await page.getByLabel('Nume în germană', { exact: true }).fill('Papanași mit Schmand');
    await page.getByRole('button', { name: 'Aprobă traducerea' }).click();
    await statusMessage(page, 'Traducerea a fost salvată.');
    await expect.poll(() => page.getByTestId('machine-mark').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await owner.close();

    // a German guest on a phone, first visit: no cookie, the browser says German
    const guest = await browserOf().newContext({
      viewport: PHONE,
      baseURL: baseUrl,
      locale: 'de-DE',
      extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp(), 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    const menu = await guest.newPage();
    await menu.goto(`/${slug}`);
    expect(await menu.locator('html').getAttribute('lang')).toBe('de');
    await menu.getByRole('heading', { name: 'de: CIORBĂ DE BURTĂ' }).waitFor();
    // the owner's German; the machine kept the protected term as written (see the English below)
    expect(await menu.getByRole('heading', { name: 'Papanași mit Schmand' }).count()).toBe(1);
    expect(await menu.getByText('de: CU SMÂNTÂNĂ').count()).toBe(1);
    expect(await menu.getByText('Allergene:').count()).toBe(2);
    expect(await menu.getByText('Milch').count()).toBeGreaterThan(0);
    expect(await menu.getByPlaceholder('Gericht suchen…').count()).toBe(1);
    expect(await menu.locator('link[rel="alternate"][hreflang="de"]').count()).toBe(1);
    expect(await seriousAxeViolations(menu)).toEqual([]);

    await menu.getByRole('link', { name: 'Română' }).click();
    await menu.getByRole('heading', { name: 'Ciorbă de burtă' }).waitFor();
    expect(await menu.locator('html').getAttribute('lang')).toBe('ro');
    expect(await menu.getByText('Alergeni:').count()).toBe(2);
    expect(await menu.getByText('Lactate').count()).toBeGreaterThan(0);
    await menu.getByRole('link', { name: 'English' }).click();
    await menu.getByRole('heading', { name: 'Papanași (cheese doughnuts)' }).waitFor();
    await guest.close();
  });
});
