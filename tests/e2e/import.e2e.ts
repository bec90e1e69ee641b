import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { writeXlsx } from '#app/modules/import/xlsx-write.server.ts';
import { writeStoredZip } from '#app/modules/import/zip-read.server.ts';
import { menuPhoto, SMALL_MENU } from '#tests/support/menu-images.ts';
import { textPdf } from '#tests/support/text-pdfs.ts';
import { browserCookies, registerOwner } from './accounts.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { statusMessage } from './owner-session.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/** Text as Excel's Romanian "CSV (separated by ;)" writes it: Windows-1250, ș ț with a cedilla. */
function windows1250(text: string): Buffer {
  const table: Record<string, number> = { ă: 0xe3, Ă: 0xc3, â: 0xe2, Â: 0xc2, î: 0xee, Î: 0xce, ș: 0xba, Ș: 0xaa, ț: 0xfe, Ț: 0xde };
  return Buffer.from([...text].map((c) => table[c] ?? c.charCodeAt(0)));
}

/** an import's toasts come after reading a file: a longer wait */
const toast = (page: Page, text: string) => statusMessage(page, text, 8000);

async function openImport(page: Page, slug: string) {
  await page.goto(`/${slug}/admin`);
  await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
  await page.getByLabel('Numele noii locații', { exact: true }).fill('Terasă');
  await page.getByRole('button', { name: 'Adaugă o locație' }).click();
  await toast(page, 'Locația a fost salvată.');
  await page.getByRole('link', { name: 'Import și tipărire' }).click();
  await page.getByRole('heading', { name: 'Importă un meniu' }).waitFor();
  await expect.poll(() => isHydrated(page, 'form button')).toBe(true);
}

async function readFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Fișierul meniului').setInputFiles(file);
  await page.getByRole('button', { name: 'Citește fișierul' }).click();
  await page.getByRole('heading', { name: 'Verifică rândurile' }).waitFor({ timeout: 60_000 });
}

const gridRows = (page: Page) => page.locator('table tbody tr');

describe('the menu import in the browser', () => {
  it('imports a Romanian Excel CSV (;, decimal commas, Windows-1250), then an XLSX, into the editor; a photo reaches the review grid through OCR', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'bistro-import');
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await openImport(page, slug);

      // 1. the CSV: four rows, one with a bad price
      const csv = [
        'Categorie;Denumire;Preț;Cantitate;Alergeni',
        'Ciorbe;Ciorbă de burtă;24,50;400 g;lapte, țelină',
        'Ciorbe;Ciorbă de perișoare;22,00;400 g;ouă',
        'Deserturi;Papanași;28,5;2 buc;gluten, lactate',
        'Deserturi;Clătite;ieftin;200 g;',
      ].join('\r\n');
      await readFile(page, { name: 'meniu.csv', mimeType: 'text/csv', buffer: windows1250(csv) });
      await expect.poll(() => gridRows(page).count()).toBe(4);
      await page.getByText('Rânduri citite: 4. Fără probleme: 3. Cu probleme: 1.').waitFor();
      await page.getByText('Preț greșit: „ieftin”. Scrie-l ca 24,50.').waitFor();
      await expect.poll(() => page.locator('table').innerText()).toContain('Ciorbă de perișoare');
      expect(await seriousAxeViolations(page)).toEqual([]);
      const commit = page.getByRole('button', { name: 'Importă produsele: 3' });
      expect(await commit.isDisabled()).toBe(true);
      await page.getByLabel('Importă doar rândurile fără probleme (3); cele cu probleme (1) rămân pe dinafară.').check();
      await commit.click();
      await toast(page, 'Import reușit. Produse adăugate: 3; categorii noi: 2.');
      await page.waitForURL(`**/${slug}/admin`);
      // the import page (its grid lists every row) is gone: the editor shows what was saved
      await page.getByRole('heading', { name: 'Verifică rândurile' }).waitFor({ state: 'detached' });
      for (const name of ['Ciorbă de burtă', 'Ciorbă de perișoare', 'Papanași']) await page.getByText(name, { exact: true }).first().waitFor();
      expect(await page.getByText('Clătite', { exact: true }).count()).toBe(0);

      // 2. an XLSX with English headers
      await page.getByRole('link', { name: 'Import și tipărire' }).click();
      await page.getByRole('heading', { name: 'Importă un meniu' }).waitFor();
      await expect.poll(() => isHydrated(page, 'form button')).toBe(true);
      const xlsx = await writeXlsx('Menu', [
        ['Category', 'Name', 'Price', 'Allergens'],
        ['Salate', 'Salată de vinete', 18.5, 'eggs'],
        ['Salate', 'Salată grecească', 26, 'milk'],
      ]);
      await readFile(page, { name: 'menu.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(xlsx) });
      await expect.poll(() => gridRows(page).count()).toBe(2);
      await page.getByRole('button', { name: 'Importă produsele: 2' }).click();
      await toast(page, 'Import reușit. Produse adăugate: 2; categorii noi: 1.');
      await page.waitForURL(`**/${slug}/admin`);
      // the import page (its grid lists every row) is gone: the editor shows what was saved
      await page.getByRole('heading', { name: 'Verifică rândurile' }).waitFor({ state: 'detached' });
      await page.getByText('Salată grecească', { exact: true }).first().waitFor();

      // 2b. a file with a location column: Terasă exists, Grădină is created; the grid shows the column
      await page.getByRole('link', { name: 'Import și tipărire' }).click();
      await page.getByRole('heading', { name: 'Importă un meniu' }).waitFor();
      await expect.poll(() => isHydrated(page, 'form button')).toBe(true);
      await page.getByText('dacă restaurantul nu o are, importul o creează').waitFor();
      const withLocations = ['Locație;Categorie;Denumire;Preț', 'terasa;Ciorbe;Ciorbă de fasole;19', 'Grădină;Ciorbe;Ciorbă de burtă;25'].join('\r\n');
      await readFile(page, { name: 'meniu-locatii.csv', mimeType: 'text/csv', buffer: Buffer.from(withLocations) });
      await expect.poll(() => page.locator('table thead').innerText()).toContain('Locație');
      await page.getByText('Rânduri citite: 2. Fără probleme: 2. Cu probleme: 0.').waitFor();
      await page.getByRole('button', { name: 'Importă produsele: 2' }).click();
      await toast(page, 'Import reușit. Produse adăugate: 2; categorii noi: 1; locații noi: 1.');
      await page.waitForURL(`**/${slug}/admin`);
      // the import page (its grid lists every row) is gone: the editor shows what was saved
      await page.getByRole('heading', { name: 'Verifică rândurile' }).waitFor({ state: 'detached' });
      await page.getByText('Ciorbă de fasole', { exact: true }).first().waitFor();

      // 3. headers the import does not know: the mapping step, then the grid
      await page.getByRole('link', { name: 'Import și tipărire' }).click();
      await page.getByRole('heading', { name: 'Importă un meniu' }).waitFor();
      await expect.poll(() => isHydrated(page, 'form button')).toBe(true);
      await readFile(page, { name: 'lista.csv', mimeType: 'text/csv', buffer: Buffer.from('Fel;Cât costă\nMici cu muștar;4,50\n') });
      await page.getByRole('heading', { name: 'Potrivește coloanele' }).waitFor();
      await page.getByLabel('Denumire', { exact: true }).selectOption({ label: 'Fel' });
      await page.getByLabel('Preț', { exact: true }).selectOption({ label: 'Cât costă' });
      await page.getByRole('button', { name: 'Aplică potrivirea' }).click();
      await page.getByText('Rânduri citite: 1. Fără probleme: 1. Cu probleme: 0.').waitFor();
      await expect.poll(() => page.locator('table').innerText()).toContain('Mici cu muștar');

      // 3b. a LibreOffice file: not read, and the owner is told how to save it as XLSX or CSV
      const ods = writeStoredZip(
        new Map([
          ['mimetype', Buffer.from('application/vnd.oasis.opendocument.spreadsheet')],
          ['content.xml', Buffer.from('<office:document-content/>')],
        ]),
      );
      await page.getByLabel('Fișierul meniului').setInputFiles({ name: 'meniu.ods', mimeType: 'application/vnd.oasis.opendocument.spreadsheet', buffer: ods });
      await page.getByRole('button', { name: 'Citește fișierul' }).click();
      await page.getByText('În LibreOffice alege Fișier > Salvare ca, tipul „Excel 2007-365 (.xlsx)” sau „Text CSV (.csv)”').waitFor();

      // 4. a photo of a printed menu, read on the server by the OCR job, lands in the review grid
      await readFile(page, { name: 'poza.jpg', mimeType: 'image/jpeg', buffer: await menuPhoto(SMALL_MENU, 2, { fontSize: 32 }) });
      await page.getByText('Rândurile au fost recunoscute automat din fișier').waitFor({ timeout: 60_000 });
      // options are not read from a photo or a PDF, and the page says so (issue 35 item 6)
      await page.getByText('Opțiunile produselor (mărimi, extra) nu se citesc din PDF sau din fotografii').waitFor();
      await expect.poll(() => gridRows(page).count()).toBe(2);
      const grid = await page.locator('table').innerText();
      expect(grid).toContain('24,50');
      expect(grid).toContain('Papanași cu smântână');
      // "Ciorbă de burtă" is already on the menu from the CSV: marked, not imported twice
      expect(grid).toContain('Produsul există deja în această categorie a meniului.');

      // 5. a PDF longer than 30 pages: its first 30 are read, and the page says so above the grid
      await readFile(page, { name: 'carte.pdf', mimeType: 'application/pdf', buffer: Buffer.from(textPdf(32, 32)) });
      await page.getByText('PDF-ul are 32 de pagini; am citit doar primele 30. Importă restul dintr-un fișier separat.').waitFor({ timeout: 30_000 });
      await expect.poll(() => gridRows(page).count()).toBe(30);

      // the page at phone width, and in English
      await page.setViewportSize(PHONE);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
      await page.goto(`/${slug}/admin/import`);
      await page.getByRole('heading', { name: 'Import a menu' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('imports dishes with options from the "Opțiuni" column, shown in the grid, a bad cell named on its row (issue 35 item 6)', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'bistro-optiuni');
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await openImport(page, slug);
      await page.setViewportSize(PHONE);
      // the grammar is explained on the page, folded
      await page.getByText('Cum scrii opțiunile produselor').click();
      await page.getByText('„=” înaintea lui „:” face din grup un grup de mărimi').waitFor();
      await page.screenshot({ path: 'test-results/import-options-help-phone-ro.png', fullPage: true });
      const csv = [
        'Categorie;Denumire;Preț;Opțiuni;Opțiuni (EN)',
        'Pizza;Pizza Margherita;30;"Mărime (1) =: Mică 30 | Mare 45; Extra (0-2): Cașcaval +5 [lactate] | Măsline +3";"Size: Small | Large; Extra: Cheese | Olives"',
        'Cafea;Cappuccino;16;Lapte (1): De vacă 0 [lactate] | De ovăz +3;Milk: Cow | Oat',
        'Cafea;Flat white;17;Lapte (1): De vacă 0 [lactate] | De ovăz +3;',
        'Cafea;Latte;18;Lapte (3): De vacă 0 | De ovăz +3;',
      ].join('\r\n');
      await readFile(page, { name: 'meniu.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect.poll(() => page.locator('table thead').innerText()).toContain('Opțiuni');
      await page.getByText('Rânduri citite: 4. Fără probleme: 3. Cu probleme: 1.').waitFor();
      await page.getByText('Regula grupului „Lapte” nu se poate respecta').waitFor();
      expect(await page.locator('table').innerText()).toContain('Mărime (1) =: Mică 30 | Mare 45');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: 'test-results/import-options-grid-phone-ro.png', fullPage: true });
      await page.getByLabel('Importă doar rândurile fără probleme (3); cele cu probleme (1) rămân pe dinafară.').check();
      await page.getByRole('button', { name: 'Importă produsele: 3' }).click();
      // the pizza's two groups and one milk group for both coffees
      await toast(page, 'Import reușit. Produse adăugate: 3; categorii noi: 2. Grupuri de opțiuni noi: 3.');
      await page.waitForURL(`**/${slug}/admin`);

      await page.setViewportSize(DESKTOP);
      await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
      await page.goto(`/${slug}/admin/import`);
      await page.getByRole('heading', { name: 'Import a menu' }).waitFor();
      await page.getByText('How to write dish options').click();
      await page.getByText('“=” before the “:” makes a size group').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: 'test-results/import-options-help-desktop-en.png', fullPage: true });
    } finally {
      await context.close();
    }
  }, 120_000);
});
