import { describe, expect, inject, it } from 'vitest';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { ownerSessionOpener, toast } from './owner-session.ts';

/** Issue 17, "Frictions found": each one as a new owner or a guest meets it in the browser. */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const ownerContext = ownerSessionOpener(browserOf, baseUrl);

async function saveSettings(cookie: string, slug: string, fields: Record<string, string>) {
  const form = await (await fetch(`${baseUrl}/${slug}/admin/settings`, { headers: { cookie } })).text();
  const value = (name: string) => {
    const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? '';
    return /value="([^"]*)"/.exec(tag)?.[1] ?? '';
  };
  const body = new URLSearchParams({ name: value('name'), slug, currency: 'RON', timeZone: 'Europe/Bucharest', version: value('version'), ...fields });
  return fetch(`${baseUrl}/${slug}/admin/settings`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
    body,
  });
}

describe('frictions a new owner met (issue 17)', () => {
  it('1: a new restaurant shows guests no hours block, even after saving settings with no day open', async () => {
    const { context, page, slug, cookie } = await ownerContext('fr-hours');
    const saved = await saveSettings(cookie, slug, {});
    expect(saved.status).toBeLessThan(400);
    const guest = await context.newPage();
    await guest.goto(`/${slug}`);
    expect(await guest.getByText('Închis').count()).toBe(0);
    expect(await guest.getByText('Program', { exact: true }).count()).toBe(0);
    await page.close();
    await context.close();
  });

  it('2: an old slug answers 301 to the current one, the query kept; the menu opens there', async () => {
    const { context, page, slug, cookie } = await ownerContext('fr-slug');
    const renamed = `${slug}-nou`;
    const saved = await saveSettings(cookie, slug, { slug: renamed });
    expect(saved.status).toBeLessThan(400);
    const answer = await fetch(`${baseUrl}/${slug}?loc=x&via=abc`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`/${renamed}?loc=x&via=abc`);
    await page.goto(`/${slug}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${renamed}`);
    await context.close();
  });

  it('3: the QR page prints the public address, not the host the admin was opened at', async () => {
    const port = new URL(baseUrl).port;
    const { context, page, slug } = await ownerContext('fr-qr', DESKTOP, `http://localhost:${port}`);
    await page.goto(`/${slug}/admin/qr`);
    const link = await page
      .getByText(/\/m\/[\w-]+/)
      .first()
      .textContent();
    expect(link).toContain(`${baseUrl}/m/`);
    expect(link).not.toContain('localhost');
    await context.close();
  });

  it('4: the footer links to Facebook, Instagram and LinkedIn: Bucate’s own pages unless configured', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    const page = await context.newPage();
    await page.goto('/');
    const footer = page.locator('footer');
    // the test server configures only Facebook (global-setup.ts)
    for (const [name, url] of [
      ['Facebook', 'https://www.facebook.com/bucate-test'],
      ['Instagram', 'https://www.instagram.com/bucate'],
      ['LinkedIn', 'https://www.linkedin.com/company/bucate'],
    ]) {
      expect(await footer.getByRole('link', { name: new RegExp(name!) }).getAttribute('href')).toBe(url);
    }
    await context.close();
  });

  it('5 and 7: the product form says every error at once, with the right words; an empty category says "Niciun produs"', async () => {
    const { context, page } = await ownerContext('fr-form');
    await page.getByLabel('Numele noii locații', { exact: true }).fill('Salon');
    await page.getByRole('button', { name: 'Adaugă o locație' }).click();
    await page.getByLabel('Numele noii categorii', { exact: true }).fill('Ciorbe');
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await page.getByText('Niciun produs încă în această categorie.').waitFor();
    await page.getByRole('link', { name: 'Adaugă un produs: Ciorbe' }).click();
    await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
    await page.getByLabel('Nume (română)', { exact: true }).fill('Ciorbă');
    await page.getByLabel('Preț (RON)', { exact: true }).fill('-5');
    await page.getByLabel('Grăsimi (g)', { exact: true }).fill('10');
    await page.getByLabel('din care acizi grași saturați (g)', { exact: true }).fill('11');
    await page.getByLabel('Servit de la', { exact: true }).fill('08:00');
    // the browser's own checks would stop a real owner earlier on some fields: the server's answer is what is tested
    await page
      .locator('form')
      .first()
      .evaluate((form) => form.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Salvează' }).click();
    const main = page.locator('main');
    await main.getByText('Valoarea nu poate fi negativă.').waitFor();
    expect(await main.getByText('Scrie prețul ca număr').count()).toBe(0);
    expect(await main.getByText('Acizii grași saturați nu pot depăși grăsimile totale.').count()).toBe(1);
    expect(await main.getByText('Completează ambele ore sau niciuna.').count()).toBe(1);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('6 and 8: on a %s every admin tab is in sight (on a phone the first three and "Mai mult"), and a toast covers no header control', async (_size, viewport) => {
    const { context, page } = await ownerContext(`fr-tabs-${viewport.width}`, viewport);
    const tabs = page.getByRole('navigation', { name: 'Secțiunile administrării' }).locator('a:visible, summary:visible');
    expect(await tabs.count()).toBeGreaterThanOrEqual(4);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, (await tab.textContent()) ?? '').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, (await tab.textContent()) ?? '').toBeLessThanOrEqual(viewport.width);
    }
    await page.getByLabel('Numele noii locații', { exact: true }).fill('Salon');
    await page.getByRole('button', { name: 'Adaugă o locație' }).click();
    await toast(page, 'Locația a fost salvată.');
    // the header and the tabs where they stand (the save scrolled the page to the new location, moving the tabs under whatever is fixed)
    await page.evaluate(() => window.scrollTo(0, 0));
    const card = (await page.locator('[data-testid="toast"]').boundingBox())!;
    const controls = page.locator(
      'header a:visible, header button:visible, header summary:visible, nav[aria-label="Secțiunile administrării"] a:visible, nav[aria-label="Secțiunile administrării"] summary',
    );
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (!box) continue;
      const overlaps = box.x < card.x + card.width && card.x < box.x + box.width && box.y < card.y + card.height && card.y < box.y + box.height;
      expect(overlaps, `toast covers “${await control.textContent()}”`).toBe(false);
    }
    await context.close();
  });

  it('10: the account page changes the password with the current one', async () => {
    const { context, page, slug } = await ownerContext('fr-account', PHONE);
    await page.goto(`/${slug}/admin/account`);
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Schimbă parola' }) });
    await form.getByLabel('Parola actuală').fill('not-it');
    await form.getByLabel('Parola nouă').fill('parola-noua-2');
    await form.getByRole('button', { name: 'Schimbă parola' }).click();
    await form.getByRole('alert').filter({ hasText: 'E-mailul sau parola nu sunt corecte.' }).waitFor();
    await form.getByLabel('Parola actuală').fill('parola-buna-1');
    await form.getByLabel('Parola nouă').fill('parola-noua-2');
    await form.getByRole('button', { name: 'Schimbă parola' }).click();
    await toast(page, 'Parola a fost schimbată.');
    // still signed in here, with the new session
    await page.reload();
    expect(new URL(page.url()).pathname).toBe(`/${slug}/admin/account`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('11: the demo menu has a logo and a cover', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    const page = await context.newPage();
    await page.goto(`/${DEMO_RESTAURANT_SLUG}`);
    // the cover above the name, the logo beside it, both real pictures that loaded
    for (const selector of ['img[width="1920"]', 'header img[width="64"]']) {
      const picture = page.locator(selector).first();
      await picture.waitFor();
      expect(await picture.getAttribute('src')).toMatch(/^\/uploads\/.+\.jpg$/);
      await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await context.close();
  });
});
