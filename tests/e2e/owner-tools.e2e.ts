import type { Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openAdminTab, ownerSessionOpener, toast } from './owner-session.ts';

/** Issue 17: per-table QR codes and faster editing, as an owner uses them. */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const ownerPage = ownerSessionOpener(browserOf, baseUrl);

async function menuWithDishes(page: Page) {
  await page.getByLabel('Numele noii locații', { exact: true }).fill('Terasă');
  await page.getByRole('button', { name: 'Adaugă o locație' }).click();
  await toast(page, 'Locația a fost salvată.');
  for (const category of ['Ciorbe', 'Deserturi']) {
    await page.getByLabel('Numele noii categorii', { exact: true }).fill(category);
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await page.getByRole('heading', { name: category }).waitFor();
  }
  for (const [name, price] of [
    ['Ciorbă de burtă', '20'],
    ['Ciorbă de fasole', '15'],
  ]) {
    await page.getByRole('link', { name: 'Adaugă un produs: Ciorbe' }).click();
    await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
    await page.getByLabel('Nume (română)', { exact: true }).fill(name!);
    await page.getByLabel('Preț (RON)', { exact: true }).fill(price!);
    await page.getByRole('button', { name: 'Salvează' }).click();
    await toast(page, `Produsul „${name}” a fost salvat.`);
  }
}

describe('per-table QR codes', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('"Terasă 1–4" on a %s: four tables, each code opens the menu at the terrace and says which table', async (_size, viewport) => {
    const { context, page, slug, cookie } = await ownerPage(`tables-${viewport.width}`, viewport);
    await menuWithDishes(page);
    await openAdminTab(page, 'Mese');
    await page.getByLabel('Mese noi în Terasă').fill('Terasă 1–4');
    await page.getByRole('button', { name: 'Adaugă' }).click();
    await toast(page, 'Am adăugat 4 mese.');
    const rows = page.getByTestId('dining-table');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const link = await rows.nth(2).getByRole('link').textContent();
    expect(link).toContain(`${baseUrl}/m/`);
    const code = link!.split('/m/')[1]!;
    const answer = await fetch(`${baseUrl}/m/${code}`, { redirect: 'manual' });
    const target = new URL(answer.headers.get('location')!, baseUrl);
    expect(target.pathname).toBe(`/${slug}`);
    expect(target.searchParams.get('via')).toBe(code);
    expect(target.searchParams.get('loc')).toBeTruthy();
    // the guest lands on the menu, dishes shown
    const guest = await context.newPage();
    await guest.goto(`/m/${code}`);
    await guest.getByText('Ciorbă de burtă').first().waitFor();

    const pdf = await fetch(`${baseUrl}/${slug}/admin/tables/cards.pdf`, { headers: { cookie } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const document = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()) }).promise;
    const text = (await (await document.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    for (const label of ['Terasă 1', 'Terasă 4', 'Scanează pentru meniu']) expect(text).toContain(label);
    await context.close();
  });
});

describe('faster editing', () => {
  it('copies a dish, then raises the price of ticked dishes by 10 % after a preview; the guest menu follows', async () => {
    const { context, page, slug } = await ownerPage('bulk-editor');
    await menuWithDishes(page);
    await page.getByRole('button', { name: 'Copiază: Ciorbă de burtă' }).click();
    await toast(page, 'Am făcut o copie a produsului');
    await page.getByRole('link', { name: 'Ciorbă de burtă (copie)' }).waitFor();

    await page.getByRole('checkbox', { name: 'Selectează: Ciorbă de burtă', exact: true }).check();
    // the keyboard shortcut ticks the dish whose row has focus
    await page.getByRole('link', { name: 'Ciorbă de fasole' }).focus();
    await page.keyboard.press('x');
    const bar = page.getByTestId('bulk-bar');
    await bar.getByRole('heading', { name: 'Produse selectate: 2' }).waitFor();
    await bar.getByLabel('Ce faci cu ele').selectOption('price');
    await bar.getByLabel('Valoarea (de exemplu 10 sau -5)').fill('10');
    const preview = (await page.getByTestId('bulk-preview').textContent())?.replace(/\s/g, ' ');
    expect(preview).toContain('20,00 RON → 22,00 RON');
    expect(preview).toContain('15,00 RON → 16,50 RON');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Aplică' }).click();
    await toast(page, 'Am modificat 2 produse.');
    await expect.poll(() => bar.count()).toBe(0);
    // the editor's own rows show the new prices (the page's data read again re-draws the rows whose price changed)
    await expect
      .poll(() => page.locator('[data-product-id]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/22,00\sRON/), expect.stringMatching(/16,50\sRON/)]));
    const html = await (await fetch(`${baseUrl}/${slug}`)).text();
    expect(html).toContain('22,00');
    expect(html).toContain('16,50');

    // Escape clears a selection; moving to another category
    await page.getByRole('checkbox', { name: 'Selectează: Ciorbă de fasole' }).check();
    await bar.getByLabel('Ce faci cu ele').selectOption('move');
    await bar.getByLabel('Categorie').selectOption({ label: 'Deserturi' });
    await bar.getByRole('button', { name: 'Aplică' }).click();
    await toast(page, 'Am modificat un produs.');
    await page.getByRole('checkbox', { name: 'Selectează: Ciorbă de burtă', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => bar.count()).toBe(0);
    await context.close();
  });
});
