import { describe, expect, inject, it } from 'vitest';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { isHydrated, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { ownerSessionOpener } from './owner-session.ts';

/**
 * Issue 23 item 18: markup or script in a translation (typed by an owner, or whatever a provider
 * sent) is text wherever a person sees it: the guest menu in that language (names, descriptions,
 * the dish's fold, the structured data) and the owner's translations panel. Nothing runs.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const ownerContext = ownerSessionOpener(browserOf, baseUrl);

describe('markup in a translation', () => {
  it('is shown as text on the guest menu and in the editor, and runs nothing', async () => {
    const { context, page, slug } = await ownerContext('markup-translation');
    const db = openServerDatabase();
    const { id } = await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    await db.updateTable('restaurant').set({ contentLanguages: '["de"]' }).where('id', '=', id).execute();
    const location = buildLocation(id);
    const category = buildCategory(id, location.id);
    const german = 'Suppe <img src=x onerror="window.__hit=1">';
    const english = '<script>window.__hit=2</script>Soup';
    const dish = buildProduct(id, category.id, {
      nameRo: 'Ciorbă',
      nameEn: english,
      ingredientsRo: 'apă',
      translations: JSON.stringify({ de: { name: german, description: '</script><script>window.__hit=3</script>', ingredients: '<b>Wasser</b>' } }),
    });
    await db.insertInto('location').values(location).execute();
    await db.insertInto('category').values(category).execute();
    await db.insertInto('product').values(dish).execute();
    await bumpMenuVersion(db, id);
    await db.destroy();

    const guest = await context.newPage();
    const hit = () => guest.evaluate(() => (window as unknown as { __hit?: number }).__hit);
    await guest.goto(`/${slug}?lang=de`);
    const item = guest.locator('[data-dish]').first();
    expect(await item.getByRole('heading', { level: 3 }).textContent()).toBe(german);
    expect(await item.textContent()).toContain('</script><script>window.__hit=3</script>');
    await item.locator('summary').first().click();
    expect(await item.locator('details').first().textContent()).toContain('<b>Wasser</b>');
    expect(await guest.locator('img[src="x"], b:text("Wasser")').count()).toBe(0);
    expect(await hit()).toBeUndefined();
    await guest.goto(`/${slug}?lang=en`);
    expect(await guest.locator('[data-dish] h3').first().textContent()).toBe(english);
    expect(await hit()).toBeUndefined();

    // the owner's translations panel shows the same text in its fields
    await page.goto(`/${slug}/admin/products/${dish.id}`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    expect(await page.getByLabel('Nume în germană', { exact: true }).inputValue()).toBe(german);
    expect(await page.getByLabel('Nume în engleză', { exact: true }).inputValue()).toBe(english);
    expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await context.close();
  });
});
