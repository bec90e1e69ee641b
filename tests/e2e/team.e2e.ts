import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { latestLinkTo } from './outbox.ts';
import { ownerSessionOpener, toast } from './owner-session.ts';

/**
 * Issue 24 items 3 and 9: an owner invites an editor by e-mail, the editor registers from the
 * link, lands in the restaurant and changes a dish's price; the team's management is refused to
 * them; once removed, their open tab's next save is refused. The team page is looked at in both
 * languages at phone and desktop width, and checked with axe.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browserOf = useBrowser();
const ownerPage = ownerSessionOpener(browserOf, baseUrl);
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

/** The newest e-mail to `to` in the server's outbox, as written (headers and both parts). */
function latestMessageTo(to: string): string {
  const dir = join(dataDir, 'outbox');
  const newest = readdirSync(dir)
    .filter((name) => name.includes(to.replace(/[^a-z0-9@.-]/gi, '_')))
    .sort()
    .at(-1);
  return newest ? readFileSync(join(dir, newest), 'utf8').replace(/=\r?\n/g, '') : '';
}

async function menuWithOneDish(page: Page) {
  await page.getByLabel('Numele noii locații', { exact: true }).fill('Salon');
  await page.getByRole('button', { name: 'Adaugă o locație' }).click();
  await toast(page, 'Locația a fost salvată.');
  await page.getByLabel('Numele noii categorii', { exact: true }).fill('Ciorbe');
  await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
  await page.getByRole('heading', { name: 'Ciorbe' }).waitFor();
  await page.getByRole('link', { name: 'Adaugă un produs: Ciorbe' }).click();
  await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
  await page.getByLabel('Nume (română)', { exact: true }).fill('Ciorbă de burtă');
  await page.getByLabel('Preț (RON)', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Salvează', exact: true }).click();
  await toast(page, 'Produsul „Ciorbă de burtă” a fost salvat.');
}

async function openTeam(page: Page, slug: string) {
  await page.goto(`/${slug}/admin/team`);
  await expect.poll(() => isHydrated(page, 'h2')).toBe(true);
}

// one story in three steps (each within the test timeout on a busy machine), sharing the people in it
let ownerContext: BrowserContext;
let owner: Page;
let slug: string;
let email: string;
let invitee: BrowserContext;
let tab: Page;
afterAll(async () => {
  await invitee?.close();
  await ownerContext?.close();
});

describe('the team: invite → e-mail → accept → edit as editor', () => {
  it('an owner invites an editor by e-mail; the team page in both languages at both widths passes axe', async () => {
    ({ context: ownerContext, page: owner, slug } = await ownerPage('team-bistro', DESKTOP));
    await menuWithOneDish(owner);
    await openTeam(owner, slug);
    await owner.getByRole('heading', { name: 'Echipa', level: 2 }).waitFor();

    email = `elena-${Date.now()}@example.com`;
    await owner.getByLabel('Adresa de e-mail', { exact: true }).fill(email);
    await owner.getByLabel('Rol', { exact: true }).selectOption('editor');
    await owner.getByLabel('Limba e-mailului').selectOption('en');
    await owner.getByRole('button', { name: 'Trimite invitația' }).click();
    await toast(owner, `Am trimis invitația la ${email}.`);
    await expect.poll(() => owner.getByTestId('team-invitation').textContent()).toContain(email);
    expect(await seriousAxeViolations(owner)).toEqual([]);

    // the team page in both languages, at both widths (looked at; DESIGN.md)
    for (const locale of ['ro', 'en'] as const) {
      await ownerContext.addCookies([{ name: 'lang', value: locale, url: baseUrl }]);
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await owner.setViewportSize(viewport);
        await openTeam(owner, slug);
        await owner.getByTestId('team-invitation').waitFor();
        await owner.screenshot({ path: `${shots}/team-${locale}-${size}.png`, fullPage: true });
        // axe on two of the four (ro at desktop width ran above): each run takes seconds on a busy machine
        if ((locale === 'ro') === (size === 'phone')) expect(await seriousAxeViolations(owner), `${locale} ${size}`).toEqual([]);
      }
    }
    await ownerContext.addCookies([{ name: 'lang', value: 'ro', url: baseUrl }]);
    await owner.setViewportSize(DESKTOP);
  }, 120_000);

  it('the invitee registers from the e-mail’s link, lands in the restaurant and changes a dish’s price', async () => {
    // the e-mail, in the language the owner chose
    let link: string | undefined;
    await expect.poll(() => (link = latestLinkTo(dataDir, email))).toMatch(/\/invitatie\/[A-Za-z0-9_-]{43}$/);
    const message = latestMessageTo(email);
    // the owner by their address (they gave no name), never by the restaurant's name (issue 33 item 15); the subject may be folded
    expect(message).toMatch(/invited\s+you\s+to\s+the\s+team-bistro/);
    expect(message).not.toMatch(/team-bistro\s+invited/);
    expect(message).toContain('with the role Editor');
    expect(message).toContain('Content-Type: text/html');

    // a new account from the link: no restaurant of its own, straight into this one
    invitee = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    await invitee.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    tab = await invitee.newPage();
    tab.setDefaultTimeout(10_000);
    await tab.goto(link!);
    await tab.getByRole('heading', { name: 'Invitație în echipă', level: 1 }).waitFor();
    expect(await tab.getByText('Rolul tău: Editor').count()).toBe(1);
    expect(await seriousAxeViolations(tab)).toEqual([]);
    await tab.screenshot({ path: `${shots}/invitation-ro-phone.png`, fullPage: true });
    await tab.getByLabel('Numele tău').fill('Elena');
    await tab.getByLabel('Alege o parolă').fill('parola-buna-1');
    await tab.getByRole('button', { name: 'Creează contul și acceptă' }).click();
    await expect.poll(() => new URL(tab.url()).pathname).toBe(`/${slug}/admin`);

    // the editor changes a dish's price; guests see it
    await tab.getByRole('link', { name: 'Ciorbă de burtă' }).first().click();
    await tab.getByLabel('Preț (RON)', { exact: true }).fill('27,50');
    await tab.getByRole('button', { name: 'Salvează', exact: true }).click();
    await toast(tab, 'Produsul „Ciorbă de burtă” a fost salvat.');
    await expect.poll(async () => (await (await fetch(`${baseUrl}/${slug}`)).text()).includes('27,50')).toBe(true);
  });

  it('the editor is refused the team’s management; once removed, their open tab’s next save is refused', async () => {
    // the team page shows an editor nothing to manage, and the server refuses it anyway
    await openTeam(tab, slug);
    expect(await tab.getByRole('heading', { name: 'Invită pe cineva' }).count()).toBe(0);
    expect(await tab.getByText('Scoate din echipă').count()).toBe(0);
    const refused = await invitee.request.post(`/${slug}/admin/team`, {
      form: { intent: 'invite', email: 'friend@example.com', role: 'staff', locale: 'ro' },
      headers: { origin: baseUrl },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('Nu ai permisiunea pentru această acțiune.');

    // the editor keeps the dish open; the owner removes them
    await tab.goto(`/${slug}/admin`);
    await tab.getByRole('link', { name: 'Ciorbă de burtă' }).first().click();
    await tab.getByLabel('Preț (RON)', { exact: true }).waitFor();
    await openTeam(owner, slug);
    const row = owner.getByTestId('team-member').filter({ hasText: email });
    await row.locator('summary', { hasText: 'Scoate din echipă' }).click();
    await owner.screenshot({ path: `${shots}/team-remove-confirm.png` });
    await row.getByRole('button', { name: 'Da, scoate din echipă' }).click();
    await toast(owner, `${email} nu mai face parte din echipă.`);
    await tab.getByLabel('Preț (RON)', { exact: true }).fill('99');
    await tab.getByRole('button', { name: 'Salvează', exact: true }).click();
    await expect.poll(() => new URL(tab.url()).pathname).toBe('/unauthorized');
    await tab.getByText('Nu aveți permisiunea de a accesa acest restaurant.').first().waitFor();
    expect((await (await fetch(`${baseUrl}/${slug}`)).text()).includes('99,00')).toBe(false);
  });
});
