import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserCookies, ownerWithDishes } from './accounts.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openAdminTab, toast } from './owner-session.ts';

/**
 * Issue 35 item 1: on a phone, an owner builds a "Lapte" group in the options library (exactly
 * one; "Lapte de vacă" at no cost, "Lapte de ovăz" +3 lei) and puts it on two dishes, the second
 * from the keyboard. The library, the group's page and a dish's section are looked at in both
 * languages at phone and desktop width, and checked with axe.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

let page: Page;
let close: (() => Promise<void>) | undefined;
afterAll(async () => close?.());

async function ready(path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
  await expect.poll(() => isHydrated(page, 'h2'), { timeout: 30_000 }).toBe(true);
}

describe('dish options in the owners’ editor', () => {
  it('builds a group on a phone and puts it on two dishes, in both languages at both widths, axe clean', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'optiuni-bistro', ['Cappuccino', 'Latte macchiato']);
    const html = await (await fetch(`${baseUrl}/${slug}/admin`, { headers: { cookie } })).text();
    const dishes = [...new Set([...html.matchAll(/\/admin\/products\/([0-9a-f-]{36})/g)].map((match) => match[1]!))];
    expect(dishes).toHaveLength(2);
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    close = () => context.close();
    await context.addCookies(browserCookies(cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    page = await context.newPage();
    // the shared 2 cores run several suites at once: a page's load may take more than the usual 10 s
    page.setDefaultTimeout(30_000);
    await page.goto(`/${slug}/admin/settings`);
    await expect.poll(() => isHydrated(page, 'h1'), { timeout: 30_000 }).toBe(true);

    // the library, from the admin's tabs ("Mai mult" on a phone)
    await openAdminTab(page, 'Opțiuni');
    await page.getByRole('heading', { name: 'Opțiuni', level: 2 }).waitFor();
    await page.getByLabel('Numele grupului (română)', { exact: true }).fill('Lapte');
    await page.getByLabel('Numele grupului (engleză)', { exact: true }).fill('Milk');
    await expect.poll(() => page.getByLabel('Exact una (obligatoriu)').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Adaugă grupul' }).click();
    await page.getByRole('heading', { name: 'Lapte', level: 2 }).waitFor();
    await page.getByText('Am adăugat grupul. Adaugă-i acum opțiunile.').waitFor();

    for (const [name, price] of [
      ['Lapte de vacă', '0'],
      ['Lapte de ovăz', '3'],
    ] as const) {
      await page.getByLabel('Numele opțiunii (română)', { exact: true }).fill(name);
      await page.getByLabel('Diferența de preț (RON)', { exact: true }).fill(price);
      await page.getByRole('button', { name: 'Adaugă opțiunea' }).click();
      await toast(page, 'Am adăugat opțiunea.', 30_000);
      await page.getByTestId('option-row').filter({ hasText: name }).waitFor();
    }
    const rows = page.getByTestId('option-row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(/Lapte de vacă\s+fără cost/), expect.stringMatching(/Lapte de ovăz\s+\+3,00\sRON/)]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the first dish by a tap, the second from the keyboard
    await ready(`/${slug}/admin/products/${dishes[0]}`, 'Modifică produsul: Cappuccino');
    await page.getByLabel('Grup din bibliotecă', { exact: true }).selectOption({ label: 'Lapte (Exact una)' });
    await page.getByRole('button', { name: 'Pune pe preparat' }).click();
    await toast(page, 'Grupul este acum pe preparat.', 30_000);
    await expect.poll(() => page.getByTestId('dish-option-group').allInnerTexts()).toEqual([expect.stringContaining('Lapte de vacă, Lapte de ovăz')]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await ready(`/${slug}/admin/products/${dishes[1]}`, 'Modifică produsul: Latte macchiato');
    await page.getByLabel('Grup din bibliotecă', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Pune pe preparat');
    await page.keyboard.press('Enter');
    await toast(page, 'Grupul este acum pe preparat.', 30_000);
    await page.getByTestId('dish-option-group').filter({ hasText: 'Lapte' }).waitFor();

    // the library counts the two dishes; each page looked at in both languages at both widths
    for (const locale of ['ro', 'en'] as const) {
      await context.addCookies([{ name: 'lang', value: locale, url: baseUrl }]);
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        await ready(`/${slug}/admin/options`, locale === 'ro' ? 'Opțiuni' : 'Options');
        await expect.poll(() => page.getByTestId('option-group').innerText()).toContain(locale === 'ro' ? 'pe 2 preparate' : 'on 2 dishes');
        await page.screenshot({ path: `${shots}/options-library-${locale}-${size}.png`, fullPage: true });
        await page.getByTestId('option-group').getByRole('link').click();
        await page.getByTestId('option-row').first().waitFor();
        await page.screenshot({ path: `${shots}/options-group-${locale}-${size}.png`, fullPage: true });
        if (locale === 'en' && size === 'phone') expect(await seriousAxeViolations(page), `${locale} ${size}`).toEqual([]);
        await ready(`/${slug}/admin/products/${dishes[1]}`, locale === 'ro' ? 'Modifică produsul: Latte macchiato' : 'Edit product: Latte macchiato');
        await page.getByTestId('dish-option-group').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/options-dish-${locale}-${size}.png` });
      }
    }
  }, 180_000);
});
