import type { Browser } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoRestaurant } from '#app/modules/demo/demo-menu.data.ts';
import { registerOwner } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { openOwnerPage, toast } from './owner-session.ts';

/**
 * Issue 17: a breakfast category served until 11:00 and a Christmas closure, as the owner sets them
 * and as guests see them at a given moment. The guest's clock is the X-Test-Now header, which the
 * e2e server (loopback, TEST_CLOCK_HEADER) honours; the menu cache renders again across boundaries.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/** A Romanian guest at a given moment (an ISO instant). */
async function guestAt(browser: Browser, slug: string, instant: string, viewport = PHONE) {
  const context = await browser.newContext({
    viewport,
    locale: 'ro-RO',
    baseURL: baseUrl,
    extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp(), 'X-Test-Now': instant },
  });
  const page = await context.newPage();
  await page.goto(`/${slug}`);
  return { context, page };
}

describe('time-based categories and closed days', () => {
  it('breakfast until 11:00: the owner sets it (bad times refused), guests see it marked after 11:00, then not at all; a closure shows', async () => {
    const { cookie, slug } = await registerOwner(baseUrl, 'program-mic-dejun');
    const { context: owner, page } = await openOwnerPage(browserOf(), baseUrl, cookie, `/${slug}/admin`);
    await page.getByLabel('Numele noii locații', { exact: true }).fill('Centru');
    await page.getByRole('button', { name: 'Adaugă o locație' }).click();
    await toast(page, 'Locația a fost salvată.');
    await page.getByLabel('Numele noii categorii', { exact: true }).fill('Mic dejun');
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await page.getByRole('heading', { name: 'Mic dejun' }).waitFor();
    await page.getByRole('link', { name: 'Adaugă un produs: Mic dejun' }).click();
    await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
    await page.getByLabel('Nume (română)', { exact: true }).fill('Omletă');
    await page.getByLabel('Preț (RON)', { exact: true }).fill('22');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await toast(page, 'Produsul „Omletă” a fost salvat.');

    // the schedule: same start and end is refused, and nothing is saved
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Mic dejun' }) });
    await card.getByText('Modifică categoria').click();
    await card.getByLabel('Se servește doar în anumite zile și ore').check();
    await card.getByLabel('De la ora').fill('11:00');
    await card.getByLabel('Până la ora').fill('11:00');
    await card.getByRole('button', { name: 'Salvează' }).click();
    await expect.poll(() => card.getByText('Ora de sfârșit trebuie să fie diferită de ora de început.').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card.getByLabel('De la ora').fill('07:00');
    await card.getByRole('button', { name: 'Salvează' }).click();
    await toast(page, 'Categoria a fost salvată.');

    // Monday 7 December, 08:30 in Bucharest: served, with its hours said
    const morning = await guestAt(browserOf(), slug, '2026-12-07T06:30:00Z');
    const section = morning.page.locator('section', { has: morning.page.getByRole('heading', { name: 'Mic dejun' }) });
    expect(await section.getByText('Se servește: Luni – Duminică, 07:00–11:00').isVisible()).toBe(true);
    expect(await section.getByText('Nu se servește acum').count()).toBe(0);
    await morning.context.close();

    // 12:00: past the boundary the cached page is rendered again, marked in words
    const noon = await guestAt(browserOf(), slug, '2026-12-07T10:00:00Z', DESKTOP);
    const marked = noon.page.locator('section', { has: noon.page.getByRole('heading', { name: 'Mic dejun' }) });
    expect(await marked.getByText('Nu se servește acum').isVisible()).toBe(true);
    expect(await marked.getByText('Omletă').isVisible()).toBe(true);
    expect(await seriousAxeViolations(noon.page)).toEqual([]);
    await noon.context.close();

    // the owner picks "hide" in the form, still open after its save: outside its hours the category is not there at all
    await card.getByLabel('clienții nu o văd').check();
    await card.getByRole('button', { name: 'Salvează' }).click();
    await toast(page, 'Categoria a fost salvată.');
    const hidden = await guestAt(browserOf(), slug, '2026-12-07T10:00:00Z');
    await hidden.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await hidden.page.getByRole('heading', { name: 'Mic dejun' }).count()).toBe(0);
    await hidden.context.close();

    // Christmas closed, set in the settings' closed days
    await page.goto(`/${slug}/admin/settings`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    const firstRow = page.getByTestId('opening-exception').first();
    await firstRow.getByLabel('Prima zi').fill('2026-12-25');
    await firstRow.getByLabel('Ultima zi (opțional)').fill('2026-12-26');
    await firstRow.getByLabel('Motiv (opțional)').fill('Crăciun');
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await toast(page, 'Setările au fost salvate.');

    const before = await guestAt(browserOf(), slug, '2026-12-21T10:00:00Z');
    expect(await before.page.getByTestId('opening-status').textContent()).toContain('25–26 decembrie: închis (Crăciun)');
    await before.context.close();
    const christmas = await guestAt(browserOf(), slug, '2026-12-25T10:00:00Z', DESKTOP);
    expect(await christmas.page.getByTestId('opening-status').textContent()).toContain('Azi închis: Crăciun');
    expect(await seriousAxeViolations(christmas.page)).toEqual([]);
    await christmas.context.close();
    await owner.close();
  });

  it("the demo's hours (Friday and Saturday until 24:00, New Year's Eve until midnight) save untouched and stay as they were", async () => {
    // issue 23 item 10: a time input cannot show 24:00, and an untouched save answered "Verifică câmpurile marcate."
    const { cookie, slug } = await registerOwner(baseUrl, 'program-miezul-noptii');
    const exceptions = [{ from: '2026-12-31', to: '2026-12-31', note: 'Revelion', hours: [['18:00', '24:00']] }];
    const db = openServerDatabase();
    const row = () => db.selectFrom('restaurant').select(['openingHours', 'openingExceptions', 'settingsVersion']).where('slug', '=', slug).executeTakeFirstOrThrow();
    try {
      await db
        .updateTable('restaurant')
        .set({ openingHours: JSON.stringify(demoRestaurant.openingHours), openingExceptions: JSON.stringify(exceptions) })
        .where('slug', '=', slug)
        .execute();
      const before = await row();
      const { context, page } = await openOwnerPage(browserOf(), baseUrl, cookie, `/${slug}/admin/settings`);
      await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
      expect(await page.getByLabel('Vineri: închide la', { exact: true }).inputValue()).toBe('00:00');
      await page.getByRole('button', { name: 'Salvează', exact: true }).click();
      await toast(page, 'Setările au fost salvate.');
      const saved = await row();
      expect(JSON.parse(saved.openingHours!)).toEqual(demoRestaurant.openingHours);
      expect(JSON.parse(saved.openingExceptions!)).toEqual(exceptions);
      expect(saved.settingsVersion).toBe(before.settingsVersion + 1);
      await context.close();
    } finally {
      await db.destroy();
    }
  });
});
