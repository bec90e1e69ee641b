import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { addDishes, ownerWithCategories, registerOwner, sharedSessionCookie } from './accounts.ts';
import { isHydrated, nextClientIp, seriousAxeViolations, useBrowser } from './browser.ts';
import { openOwnerPage, pickUpWithKeyboard, statusMessage } from './owner-session.ts';

/**
 * The editor of a long menu draws less up front (session 6, bench:admin): an open category's
 * first dishes with the page and the rest just after, folded categories' dishes when unfolded,
 * edit forms when opened, and drag and drop armed after the page is interactive. Everything
 * must still work, by keyboard too.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const publicMenu = async (slug: string) => (await fetch(`${baseUrl}/${slug}`)).text();

/** A restaurant with a location "Salon", categories "Ciorbe" and "Deserturi" of 41 dishes each (PRO, past the folding threshold of 80). */
async function longMenu(name: string): Promise<{ cookie: string; slug: string }> {
  const { cookie, slug, categoryIds, post } = await ownerWithCategories(baseUrl, name, ['Ciorbe', 'Deserturi']);
  const admin = await sharedSessionCookie(baseUrl, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
  const found = await (await fetch(`${baseUrl}/admin/restaurants?q=${encodeURIComponent(`${name}-`)}`, { headers: { cookie: admin } })).text();
  const restaurantId = /href="\/admin\/restaurants\/([^"?]+)"/.exec(found)?.[1];
  expect(restaurantId).toBeTruthy();
  const granted = await fetch(`${baseUrl}/admin/restaurants/${restaurantId}`, {
    method: 'POST',
    headers: { cookie: admin, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
    body: new URLSearchParams({ intent: 'grant-pro', months: '12' }),
  });
  expect(granted.status).toBe(200);
  const numbered = (dish: string) => Array.from({ length: 41 }, (_, i) => `${dish} ${i + 1}`);
  await addDishes(post, slug, categoryIds[0]!, numbered('Ciorbă'));
  await addDishes(post, slug, categoryIds[1]!, numbered('Desert'));
  return { cookie, slug };
}

/** The owner's editor in a desktop browser, hydrated (one-click buttons work only then). */
function openEditor(cookie: string, slug: string): Promise<{ context: BrowserContext; page: Page }> {
  return openOwnerPage(browserOf(), baseUrl, cookie, `/${slug}/admin`);
}

describe('the editor of a long menu', () => {
  it('draws the open category in full and the folded ones not at all, unfolds a folded one whose rows then work, and reorders there by keyboard at once', async () => {
    const { cookie, slug } = await longMenu('editor-lazy');
    // the server's HTML holds the open category's dishes (all of them: the page works before React
    // starts, decision 0033), none of the folded ones', and no edit form
    const html = await (await fetch(`${baseUrl}/${slug}/admin`, { headers: { cookie } })).text();
    expect((html.match(/data-product-id="/g) ?? []).length).toBe(41);
    expect(html).toContain('>Ciorbă 41<');
    expect(html).not.toContain('>Desert 1<');
    expect(html.includes('name="nameRo" value="Ciorbe"') || html.includes('value="Ciorbe" name="nameRo"')).toBe(false);

    const { context, page } = await openEditor(cookie, slug);
    expect(await page.locator('[data-product-id]').count()).toBe(41);

    // a folded category's dishes appear once unfolded (by keyboard), and their controls work
    const unfold = page.getByRole('button', { name: '41 de produse în Deserturi; arată lista' });
    expect(await unfold.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Desert 1', exact: true }).count()).toBe(0);
    await unfold.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Desert 41', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Desert 5', exact: true }).click();
    await statusMessage(page, 'Marcat epuizat.');
    // a row is plain markup: its buttons belong to the category's one form (issue 26), and the
    // button pressed keeps the focus, with its new name
    expect(await page.locator('[data-product-id] form, [data-product-id] input[type="hidden"]').count()).toBe(0);
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focusedName()).toBe('Epuizat; marchează disponibil: Desert 5');
    // keyboard drag and drop on a freshly drawn row: focus the handle, Space, ArrowUp, Space
    const handle = page.getByRole('button', { name: 'Trage pentru a muta: Desert 2', exact: true });
    await pickUpWithKeyboard(handle, '„Desert 2” este acum pe poziția 2 din 41.');
    await page.keyboard.press('ArrowUp');
    await statusMessage(page, '„Desert 2” este acum pe poziția 1 din 41.');
    await page.keyboard.press('Space');
    await statusMessage(page, 'Ordinea a fost salvată.');
    const menu = await publicMenu(slug);
    expect(menu.indexOf('Desert 2<')).toBeGreaterThan(-1);
    expect(menu.indexOf('Desert 2<')).toBeLessThan(menu.indexOf('Desert 1<'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    // moved by its button from the keyboard (after the drag's toast: the same words), the row goes one down and its button still has the focus
    await page.getByRole('button', { name: 'Mută mai jos: Desert 3', exact: true }).focus();
    await page.keyboard.press('Enter');
    await statusMessage(page, 'Ordinea a fost salvată.');
    await expect
      .poll(() =>
        page.locator('[data-product-id] a').evaluateAll((links) =>
          links
            .map((a) => a.textContent)
            .filter((n) => n?.startsWith('Desert'))
            .slice(0, 4),
        ),
      )
      .toEqual(['Desert 2', 'Desert 1', 'Desert 4', 'Desert 3']);
    await expect.poll(focusedName).toBe('Mută mai jos: Desert 3');

    // back from a dish's form, the editor draws that dish's category in full and shows the dish
    const dish = page.getByRole('link', { name: 'Ciorbă 30', exact: true });
    const dishId = (await dish.getAttribute('href'))!.split('/').at(-1)!;
    await dish.click();
    await page.getByLabel('Preț (RON)', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await statusMessage(page, 'Produsul „Ciorbă 30” a fost salvat.');
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const row = document.getElementById(`product-${id}`)?.getBoundingClientRect();
          return row !== undefined && row.top >= 0 && row.bottom <= window.innerHeight;
        }, dishId),
      )
      .toBe(true);
    await context.close();
  }); // 82 products saved over HTTP before the browser part (timeout 120 s): long on a busy shared machine

  it('draws a category’s edit form when it is opened, and saves it; a reload after a stale save still offers the latest', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'editor-lazy-form');
    const { context, page } = await openEditor(cookie, slug);
    await page.getByLabel('Numele noii locații', { exact: true }).fill('Salon');
    await page.getByRole('button', { name: 'Adaugă o locație' }).click();
    await statusMessage(page, 'Locația a fost salvată.');
    await page.getByLabel('Numele noii categorii', { exact: true }).fill('Ciorbe');
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await page.getByRole('heading', { name: 'Ciorbe' }).waitFor();

    // folded: no field drawn; opened from the keyboard: the form is there, filled
    const category = page.getByRole('region', { name: 'Ciorbe' });
    expect(await category.getByLabel('Nume (română)', { exact: true }).count()).toBe(0);
    await category.getByText('Modifică categoria').focus();
    await page.keyboard.press('Enter');
    const field = category.getByLabel('Nume (română)', { exact: true });
    expect(await field.inputValue()).toBe('Ciorbe');
    await field.fill('Supe');
    // a second tab saves first: this one's save is refused as stale and offers the latest
    const other = await context.newPage();
    await other.goto(`/${slug}/admin`);
    await expect.poll(() => isHydrated(other, 'h1')).toBe(true);
    const otherCategory = other.getByRole('region', { name: 'Ciorbe' });
    await otherCategory.getByText('Modifică categoria').click();
    await otherCategory.getByLabel('Nume (română)', { exact: true }).fill('Ciorbe calde');
    await otherCategory.getByRole('button', { name: 'Salvează', exact: true }).click();
    await statusMessage(other, 'Categoria a fost salvată.');
    await other.close();

    await category.getByRole('button', { name: 'Salvează', exact: true }).click();
    await page.getByRole('link', { name: 'Reîncarcă pagina cu ultima versiune' }).waitFor();
    // folded and opened again, the form keeps what was typed
    await category.getByText('Modifică categoria').click();
    await category.getByText('Modifică categoria').click();
    expect(await category.getByLabel('Nume (română)', { exact: true }).inputValue()).toBe('Supe');
    await page.getByRole('link', { name: 'Reîncarcă pagina cu ultima versiune' }).click();
    await page.getByRole('heading', { name: 'Ciorbe calde' }).waitFor();
    await context.close();
  }, 60_000);
});
