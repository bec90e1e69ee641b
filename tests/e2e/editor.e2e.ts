import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { QR_DOWNLOAD_FORMATS } from '#app/modules/qr/qr-downloads.ts';
import { noisyJpeg, photoJpeg, pngClaiming, svgWithScript } from '#tests/support/test-images.ts';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { registerOwner, sharedSessionCookie } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, PHONE, seriousAxeViolations, useBrowser, withoutCatalogue } from './browser.ts';
import { ownerSessionOpener, pickUpWithKeyboard, statusMessage as toast } from './owner-session.ts';
import { openServerDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/** PRO for the restaurant of the owner whose e-mail starts with `emailPrefix`, granted by the demo admin in the back office. */
async function grantProAsAdmin(emailPrefix: string): Promise<void> {
  const admin = await sharedSessionCookie(baseUrl, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
  const html = await (await fetch(`${baseUrl}/admin/restaurants?q=${encodeURIComponent(emailPrefix)}`, { headers: { cookie: admin } })).text();
  const restaurantId = /href="\/admin\/restaurants\/([^"?]+)"/.exec(html)?.[1];
  expect(restaurantId, `a restaurant of ${emailPrefix} on /admin/restaurants`).toBeTruthy();
  const granted = await fetch(`${baseUrl}/admin/restaurants/${restaurantId}`, {
    method: 'POST',
    headers: { cookie: admin, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
    body: new URLSearchParams({ intent: 'grant-pro', months: '12' }),
  });
  expect(granted.status).toBe(200);
}

/** A signed-in browser for a freshly registered owner. */
const ownerContext = ownerSessionOpener(browserOf, baseUrl);

const publicMenu = async (slug: string) => (await fetch(`${baseUrl}/${slug}`)).text();
/** Whether a page's HTML holds a text, without dumping the whole page into a failure message. */
const holds = (html: string, text: string) => expect(withoutCatalogue(html).includes(text), `page holds “${text}”`);

async function addLocationAndCategory(page: Page, location: string, category: string) {
  await page.getByLabel('Numele noii locații', { exact: true }).fill(location);
  await page.getByRole('button', { name: 'Adaugă o locație' }).click();
  await toast(page, 'Locația a fost salvată.');
  await page.getByLabel('Numele noii categorii', { exact: true }).fill(category);
  await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
  await page.getByRole('heading', { name: category }).waitFor();
}

async function addProduct(page: Page, category: string, fields: { name: string; price: string; allergen?: string; photo?: Buffer }) {
  await page.getByRole('link', { name: `Adaugă un produs: ${category}` }).click();
  await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
  await page.getByLabel('Nume (română)', { exact: true }).fill(fields.name);
  await page.getByLabel('Preț (RON)', { exact: true }).fill(fields.price);
  if (fields.allergen) await page.getByRole('group', { name: 'Alergeni (conține)' }).getByLabel(fields.allergen).check();
  if (fields.photo) {
    await page.locator('input[type="file"]').setInputFiles({ name: 'ciorba.jpg', mimeType: 'image/jpeg', buffer: fields.photo });
    await page.locator('form img[src^="/uploads/"]').waitFor();
  }
  await page.getByRole('button', { name: 'Salvează', exact: true }).click();
  await toast(page, `Produsul „${fields.name}” a fost salvat.`);
}

const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

describe('the menu editor in the browser', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('builds a menu that guests see on %s: location, category, products with a photo, reorder, hide', async (size, viewport) => {
    const { context, page, slug } = await ownerContext(`editor-flow-${size}`, viewport);
    await addLocationAndCategory(page, 'Terasă', 'Ciorbe');
    await addProduct(page, 'Ciorbe', { name: 'Ciorbă de burtă', price: '24,50', allergen: 'Lactate', photo: await photo() });
    await addProduct(page, 'Ciorbe', { name: 'Sarmale cu mămăligă', price: '38' });

    let html = await publicMenu(slug);
    holds(html, 'Ciorbe').toBe(true);
    expect(html.indexOf('Ciorbă de burtă')).toBeLessThan(html.indexOf('Sarmale cu mămăligă'));
    holds(html, '24,50').toBe(true);
    expect(/src="\/uploads\/r\/[\w-]+\/[\w-]{12}\/image\.jpg"/.test(html), 'the photo is on the menu').toBe(true);

    // reorder with the move buttons (the drag handles have their own test)
    await page.getByRole('button', { name: 'Mută mai sus: Sarmale cu mămăligă' }).click();
    await toast(page, 'Ordinea a fost salvată.');
    html = await publicMenu(slug);
    expect(html.indexOf('Sarmale cu mămăligă')).toBeLessThan(html.indexOf('Ciorbă de burtă'));
    await page.getByRole('button', { name: 'Mută mai jos: Sarmale cu mămăligă' }).click();
    await expect
      .poll(async () => {
        const h = await publicMenu(slug);
        return h.indexOf('Ciorbă de burtă') < h.indexOf('Sarmale cu mămăligă');
      })
      .toBe(true);

    await page.getByRole('button', { name: 'Ascunde din meniu: Ciorbă de burtă' }).click();
    await toast(page, 'Ascuns din meniu.');
    holds(await publicMenu(slug), 'Ciorbă de burtă').toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the "view menu" link opens the menu as guests see it, at the same width
    const [guest] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /Vezi meniul/ }).click()]);
    await guest.waitForLoadState();
    expect(new URL(guest.url()).pathname).toBe(`/${slug}`);
    await guest.getByRole('heading', { name: 'Ciorbe' }).waitFor();
    expect(await guest.getByRole('heading', { name: 'Sarmale cu mămăligă' }).isVisible()).toBe(true);
    expect(await guest.getByText('Ciorbă de burtă').count()).toBe(0);
    // no English names were typed: the English menu falls back to the Romanian text
    await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    await guest.reload();
    expect(await guest.locator('html').getAttribute('lang')).toBe('en');
    await guest.getByRole('heading', { name: 'Sarmale cu mămăligă' }).waitFor();
    await context.addCookies([{ name: 'lang', value: 'ro', url: baseUrl }]);

    // a whole location hidden in one click takes its categories and dishes with it
    // (the dish's 'hidden' toast may still be showing: wait for the menu itself)
    await page.getByRole('button', { name: 'Ascunde din meniu: Terasă' }).click();
    await expect.poll(async () => (await publicMenu(slug)).includes('Sarmale cu mămăligă')).toBe(false);
    await guest.reload();
    await guest.getByText('Meniul nu are încă preparate.').waitFor();
    expect(await guest.getByText('Sarmale cu mămăligă').count()).toBe(0);
    await page.getByRole('button', { name: 'Arată în meniu: Terasă' }).click();
    await toast(page, 'Acum se vede în meniu.');
    await expect.poll(async () => (await publicMenu(slug)).includes('Sarmale cu mămăligă')).toBe(true);
    await guest.reload();
    await guest.getByRole('heading', { name: 'Sarmale cu mămăligă' }).waitFor();
    await context.close();
  });

  it('reorders categories by dragging with the mouse, and products with the keyboard on the handle', async () => {
    const { context, page, slug } = await ownerContext('editor-drag');
    await addLocationAndCategory(page, 'Salon', 'Ciorbe');
    await page.getByLabel('Numele noii categorii', { exact: true }).fill('Deserturi');
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await page.getByRole('heading', { name: 'Deserturi' }).waitFor();
    await addProduct(page, 'Ciorbe', { name: 'Ciorbă de văcuță', price: '20' });
    await addProduct(page, 'Deserturi', { name: 'Cozonac', price: '15' });
    const from = (await page.getByRole('button', { name: 'Trage pentru a muta: Deserturi' }).boundingBox())!;
    const to = (await page.getByRole('button', { name: 'Trage pentru a muta: Ciorbe' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // small steps, as a hand moves: the sensor starts after 6 px and follows the pointer
    for (let step = 1; step <= 20; step++) await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - from.y) * step) / 20);
    await page.mouse.up();
    await toast(page, 'Ordinea a fost salvată.');
    let html = await publicMenu(slug);
    expect(html.indexOf('Cozonac')).toBeLessThan(html.indexOf('Ciorbă de văcuță'));

    await addProduct(page, 'Deserturi', { name: 'Clătite', price: '18' });
    const handle = page.getByRole('button', { name: 'Trage pentru a muta: Clătite' });
    await pickUpWithKeyboard(handle, '„Clătite” este acum pe poziția 2 din 2.');
    await page.keyboard.press('ArrowUp');
    await toast(page, '„Clătite” este acum pe poziția 1 din 2.');
    await page.keyboard.press('Space');
    await toast(page, 'Ordinea a fost salvată.');
    html = await publicMenu(slug);
    expect(html.indexOf('Clătite')).toBeLessThan(html.indexOf('Cozonac'));
    await context.close();
  });

  it("refuses the save of a stale tab of the same dish, keeping what it typed and the other tab's price (Hardening item 7)", async () => {
    const { context, page, slug } = await ownerContext('editor-stale');
    await addLocationAndCategory(page, 'Salon', 'Ciorbe');
    await addProduct(page, 'Ciorbe', { name: 'Ciorbă de burtă', price: '12,50' });
    const href = await page.getByRole('link', { name: 'Ciorbă de burtă', exact: true }).getAttribute('href');
    const first = await context.newPage();
    const second = await context.newPage();
    for (const tab of [first, second]) {
      await tab.goto(href!);
      await expect.poll(() => isHydrated(tab, 'h2')).toBe(true);
    }
    await first.getByLabel('Preț (RON)', { exact: true }).fill('19,90');
    await first.getByRole('button', { name: 'Salvează', exact: true }).click();
    await toast(first, 'Produsul „Ciorbă de burtă” a fost salvat.');

    await second.getByLabel('Descriere (română)', { exact: true }).fill('Cu smântână și ardei iute');
    await second.getByRole('button', { name: 'Salvează', exact: true }).click();
    const alert = second.getByRole('alert').filter({ hasText: 'Altcineva a modificat între timp acest produs.' });
    await alert.waitFor();
    expect(await second.getByLabel('Descriere (română)', { exact: true }).inputValue()).toBe('Cu smântână și ardei iute');
    expect(await second.getByLabel('Preț (RON)', { exact: true }).inputValue()).toBe('12,50');
    expect(await seriousAxeViolations(second)).toEqual([]);
    holds(await publicMenu(slug), '19,90').toBe(true);
    holds(await publicMenu(slug), '12,50').toBe(false);

    // the reload link shows the latest version
    await alert.getByRole('link', { name: 'Reîncarcă pagina cu ultima versiune' }).click();
    await expect.poll(() => second.getByLabel('Preț (RON)', { exact: true }).inputValue()).toBe('19,90');

    // the same for a category, edited in place on the menu page of both tabs
    const card = (tab: Page) => tab.getByRole('region', { name: 'Ciorbe' });
    for (const tab of [first, second]) {
      await tab.goto(`/${slug}/admin`);
      await expect.poll(() => isHydrated(tab, 'h1')).toBe(true);
      await card(tab).getByText('Modifică categoria').click();
    }
    await card(first).getByLabel('Nume (română)', { exact: true }).fill('Supe');
    await card(first).getByRole('button', { name: 'Salvează', exact: true }).click();
    await toast(first, 'Categoria a fost salvată.');
    await card(second).getByLabel('Descriere (română)', { exact: true }).fill('Calde');
    await card(second).getByRole('button', { name: 'Salvează', exact: true }).click();
    // a refusal is announced in the assertive toast region
    await expect
      .poll(() => second.getByTestId('toast-alert').allTextContents(), { timeout: 5000 })
      .toContainEqual(expect.stringContaining('Altcineva a modificat între timp această categorie.'));
    expect(await card(second).getByLabel('Descriere (română)', { exact: true }).inputValue()).toBe('Calde');
    await card(second).getByRole('link', { name: 'Reîncarcă pagina cu ultima versiune' }).click();
    await second.getByRole('heading', { name: 'Supe' }).waitFor();
    await context.close();
  });

  it('marks a dish sold out in two taps on a phone, deletes with a confirmation, and hides, copies and deletes a category', async () => {
    const { context, page, slug } = await ownerContext('editor-phone', PHONE);
    await addLocationAndCategory(page, 'Salon', 'Deserturi');
    await addProduct(page, 'Deserturi', { name: 'Papanași', price: '29' });
    await page.getByRole('button', { name: 'Marchează epuizat: Papanași' }).click();
    await toast(page, 'Marcat epuizat.');
    holds(await publicMenu(slug), 'Indisponibil momentan').toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Șterge produsul' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Renunță' }).click();
    holds(await publicMenu(slug), 'Papanași').toBe(true);
    // closed and asked again in one task, before the dialog's close event (Escape, then Enter at once on a busy phone):
    // it opens again, for a dish (the rows' one dialog) and for a location (a dialog of its own)
    await expect.poll(() => isHydrated(page, 'button[aria-label="Șterge produsul"]')).toBe(true);
    for (const name of ['Șterge produsul', 'Șterge locația']) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.getByRole('dialog', { name }).waitFor();
      await page.evaluate((label) => {
        document.querySelector<HTMLDialogElement>('dialog[open]')!.close();
        document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!.click();
      }, name);
      await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('dialog')].some((dialog) => dialog.open)), { message: name }).toBe(true);
      await page.getByRole('dialog', { name }).getByRole('button', { name: 'Renunță' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    holds(await publicMenu(slug), 'Papanași').toBe(true);
    await page.getByRole('button', { name: 'Șterge produsul' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Da, șterge' }).click();
    await toast(page, 'Produsul a fost șters.');
    holds(await publicMenu(slug), 'Papanași').toBe(false);

    // the category's own buttons go through the same owner as the dishes' (issue 26): hide, show, copy, delete the copy
    await page.getByRole('button', { name: 'Ascunde din meniu: Deserturi' }).click();
    await toast(page, 'Ascuns din meniu.');
    await page.getByRole('button', { name: 'Arată în meniu: Deserturi' }).click();
    await toast(page, 'Acum se vede în meniu.');
    await page.getByRole('button', { name: 'Copiază categoria: Deserturi' }).click();
    await toast(page, 'Am făcut o copie a categoriei, cu toate produsele ei.');
    const copy = page.getByRole('region', { name: 'Deserturi (copie)' });
    await copy.getByRole('button', { name: 'Șterge categoria' }).click();
    await page.getByRole('dialog', { name: 'Șterge categoria' }).getByText('Ștergi categoria „Deserturi (copie)”', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Da, șterge' }).click();
    await toast(page, 'Categoria și produsele ei au fost șterse.');
    await expect.poll(() => page.getByRole('region', { name: 'Deserturi (copie)' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Deserturi', exact: true }).count()).toBe(1);
    await context.close();
  });

  it('keeps what was typed and says what to fix when a product is refused', async () => {
    const { context, page } = await ownerContext('editor-errors');
    await addLocationAndCategory(page, 'Salon', 'Grătar');
    await page.getByRole('link', { name: 'Adaugă un produs: Grătar' }).click();
    await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
    await page.getByLabel('Nume (română)', { exact: true }).fill('Mici');
    await page.getByLabel('Preț (RON)', { exact: true }).fill('doisprezece');
    await page.getByLabel('Aditivi (coduri E)', { exact: true }).fill('E330, X9');
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await expect.poll(() => page.getByText('Scrie prețul ca număr, de exemplu 24,50.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('„X9” nu este un cod E valid (de exemplu E330).').isVisible()).toBe(true);
    expect(await page.getByLabel('Nume (română)', { exact: true }).inputValue()).toBe('Mici');
    expect(await page.getByLabel('Preț (RON)', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('changes the slug, refuses one already taken with the message of docs/product-spec.md section 5, and the QR link follows', async () => {
    const other = await registerOwner(baseUrl, 'editor-taken');
    const { context, page, slug } = await ownerContext('editor-slug');
    await page.goto(`/${slug}/admin/settings`);
    await page.getByLabel('Adresa meniului', { exact: true }).fill(other.slug);
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await expect.poll(() => page.getByText('Acest URL este deja folosit de alt restaurant').first().isVisible()).toBe(true);
    expect(await page.getByLabel('Adresa meniului', { exact: true }).inputValue()).toBe(other.slug);

    const renamed = `${slug}-nou`;
    await page.getByLabel('Adresa meniului', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Salvează', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/${renamed}/admin/settings`);
    await toast(page, 'Setările au fost salvate.');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/${renamed}/admin/qr`);
    const shortLink = await page.locator('a[href*="/m/"], code, [data-short-link]').first().textContent();
    const code = /\/m\/([\w-]+)/.exec(shortLink ?? '')?.[1];
    expect(code).toBeTruthy();
    const followed = await fetch(`${baseUrl}/m/${code}`, { redirect: 'manual' });
    // the short link says which code was scanned (?via=, counted by insights; issue 17)
    expect(followed.headers.get('location')).toBe(`/${renamed}?via=${code}`);
    await context.close();
  });
});

describe('a long menu', () => {
  it('starts folded past 80 dishes, unfolds on a click, and finds a dish by name without diacritics', async () => {
    const { context, page, slug, cookie } = await ownerContext('editor-long');
    await addLocationAndCategory(page, 'Salon', 'Ciorbe');
    await page.getByLabel('Numele noii categorii', { exact: true }).fill('Deserturi');
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await page.getByRole('heading', { name: 'Deserturi' }).waitFor();
    // PRO, so the free plan's 50 do not stop the arrangement
    await grantProAsAdmin('editor-long-');
    const categoryIds = [...(await (await fetch(`${baseUrl}/${slug}/admin/products/new`, { headers: { cookie } })).text()).matchAll(/<option value="([0-9a-f-]{36})"/g)].map(
      (m) => m[1]!,
    );
    for (let i = 1; i <= 81; i++) {
      const body = new URLSearchParams({ categoryId: categoryIds[i % 2]!, nameRo: i === 77 ? 'Plăcintă cu brânză' : `Fel ${i}`, price: '10', available: 'on', visible: 'on' });
      const response = await fetch(`${baseUrl}/${slug}/admin/products/new`, {
        method: 'POST',
        redirect: 'manual',
        body,
        headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(302);
    }
    await page.reload();
    // the fold button works only once React has hydrated the page: a click before that is lost
    await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
    expect(await page.getByRole('button', { name: '41 de produse în Deserturi; arată lista' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('link', { name: 'Fel 1', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: '41 de produse în Deserturi; arată lista' }).click();
    await page.getByRole('link', { name: 'Fel 1', exact: true }).waitFor();

    await page.getByLabel('Caută un produs', { exact: true }).fill('placinta');
    await toast(page, '1 produs găsit');
    await page.getByRole('search').getByRole('button', { name: 'Marchează epuizat: Plăcintă cu brânză' }).click();
    await toast(page, 'Marcat epuizat.');
    const html = await publicMenu(slug);
    const dish = html.indexOf('Plăcintă cu brânză');
    expect(html.slice(dish, dish + 600).includes('Indisponibil momentan'), 'the dish is marked on the menu').toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 90_000); // 81 products saved over HTTP before the browser part: past 30 s on a busy shared machine
});

describe('the editor’s pages for everyone', () => {
  it('have no serious or critical axe finding at phone and desktop width, in both languages and in dark mode', async () => {
    const { context, page, slug } = await ownerContext('editor-axe');
    await addLocationAndCategory(page, 'Salon', 'Ciorbe');
    await addProduct(page, 'Ciorbe', { name: 'Ciorbă de perișoare', price: '22' });
    const productPath = await page.getByRole('link', { name: 'Ciorbă de perișoare' }).getAttribute('href');
    const paths = [
      ...['', '/products/new', productPath!.replace(`/${slug}/admin`, ''), '/settings', '/qr', '/account'].map((p) => `/${slug}/admin${p}`),
      `/restaurant/${slug}/settings/subscription`,
    ];
    // each page is loaded once per language and audited in two states, the viewport resized and the colour scheme
    // switched on the same document (the layout's media queries and the dark variant's follow at once), instead of
    // one load per state: 14 loads and axe injections instead of 28, the same 28 states audited
    for (const [locale, states] of [
      [
        'ro',
        [
          [PHONE, 'light'],
          [DESKTOP, 'dark'],
        ],
      ],
      [
        'en',
        [
          [DESKTOP, 'light'],
          [PHONE, 'dark'],
        ],
      ],
    ] as const) {
      await context.addCookies([{ name: 'lang', value: locale, url: baseUrl }]);
      for (const path of paths) {
        await page.setViewportSize(states[0][0]);
        await page.emulateMedia({ colorScheme: states[0][1] });
        await page.goto(path);
        for (const [viewport, scheme] of states) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: scheme });
          await expect.poll(() => page.evaluate(() => [window.innerWidth, matchMedia('(prefers-color-scheme: dark)').matches])).toEqual([viewport.width, scheme === 'dark']);
          expect(await seriousAxeViolations(page), `${path} ${locale} ${scheme} ${viewport.width}px`).toEqual([]);
        }
      }
    }
    await context.close();
  }, 90_000); // 28 states of 14 page loads, each audited by axe: past the default 30 s on a busy shared machine
});

describe('the editor over HTTP', () => {
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
      body: new URLSearchParams(fields),
    });

  it('refuses a second restaurant’s owner on every editor page and action', async () => {
    const a = await registerOwner(baseUrl, 'tenant-a');
    const b = await registerOwner(baseUrl, 'tenant-b');
    const otherRestaurant = `/unauthorized?message=${encodeURIComponent('Nu aveți permisiunea de a accesa acest restaurant.')}`;
    expect((await post(`/${a.slug}/admin?index`, a.cookie, { intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
    const locationId = await firstLocationId(a);
    await post(`/${a.slug}/admin?index`, a.cookie, { intent: 'create-category', nameRo: 'Ciorbe', visible: 'on', locationId });
    const categoryId = await firstCategoryId(a);
    const product = { categoryId, nameRo: 'Ciorbă de burtă', price: '30', available: 'on', visible: 'on' };
    expect((await post(`/${a.slug}/admin/products/new`, a.cookie, product)).status).toBe(302);
    const adminOfA = await (await fetch(`${baseUrl}/${a.slug}/admin`, { headers: { cookie: a.cookie } })).text();
    const productId = /\/products\/([0-9a-f-]{36})/.exec(adminOfA)![1]!;
    const menuOfA = await publicMenu(a.slug);
    holds(menuOfA, 'Ciorbă de burtă').toBe(true);

    // A's pages and downloads, B's cookie
    const pages = ['', '/settings', '/qr', '/account', '/products/new', `/products/${productId}`, ...QR_DOWNLOAD_FORMATS.map((f) => `/qr/${f}`)];
    for (const path of pages) {
      const response = await fetch(`${baseUrl}/${a.slug}/admin${path}`, { redirect: 'manual', headers: { cookie: b.cookie } });
      expect(response.headers.get('location'), path).toBe(otherRestaurant);
    }
    const subscription = await fetch(`${baseUrl}/restaurant/${a.slug}/settings/subscription`, { redirect: 'manual', headers: { cookie: b.cookie } });
    expect(subscription.headers.get('location')).toBe(otherRestaurant);

    // every action of A's editor, B's cookie
    const intents: Record<string, string>[] = [
      { intent: 'create-location', nameRo: 'Furat' },
      { intent: 'update-location', id: locationId, nameRo: 'Furat' },
      { intent: 'delete-location', id: locationId },
      { intent: 'move-location', id: locationId, direction: 'down' },
      { intent: 'set-location-visible', id: locationId, value: 'false' },
      { intent: 'reorder-locations', order: locationId },
      { intent: 'create-category', locationId, nameRo: 'Furat', visible: 'on' },
      { intent: 'update-category', id: categoryId, locationId, nameRo: 'Furat' },
      { intent: 'delete-category', id: categoryId },
      { intent: 'set-category-visible', id: categoryId, value: 'false' },
      { intent: 'move-category', id: categoryId, direction: 'down' },
      { intent: 'reorder-categories', parentId: locationId, order: categoryId },
      { intent: 'delete-product', id: productId },
      { intent: 'set-product-visible', id: productId, value: 'false' },
      { intent: 'set-product-available', id: productId, value: 'false' },
      { intent: 'move-product', id: productId, direction: 'down' },
      { intent: 'reorder-products', parentId: categoryId, order: productId },
    ];
    const actions: [string, Record<string, string>][] = [
      ...intents.map((fields): [string, Record<string, string>] => [`/${a.slug}/admin?index`, fields]),
      [`/${a.slug}/admin/settings`, { name: 'Furat', slug: 'furat-123', currency: 'RON', timeZone: 'Europe/Bucharest' }],
      [`/${a.slug}/admin/products/new`, { ...product, nameRo: 'Furat' }],
      [`/${a.slug}/admin/products/${productId}`, { ...product, nameRo: 'Furat' }],
      [`/${a.slug}/admin/images`, { kind: 'product' }],
    ];
    for (const [path, fields] of actions) {
      expect((await post(path, b.cookie, fields)).headers.get('location'), `${path} ${fields.intent ?? ''}`).toBe(otherRestaurant);
    }

    // B's own editor, pointed at A's rows: not found, whatever the operation
    for (const fields of intents.filter((f) => f.intent !== 'create-location')) {
      expect((await post(`/${b.slug}/admin?index`, b.cookie, fields)).status, fields.intent).toBe(404);
    }
    expect((await fetch(`${baseUrl}/${b.slug}/admin/products/${productId}`, { headers: { cookie: b.cookie } })).status).toBe(404);
    // the refused save re-renders the page, whose loader finds no such product either
    expect((await post(`/${b.slug}/admin/products/${productId}`, b.cookie, { ...product, nameRo: 'Furat' })).headers.get('location')).toMatch(/^\/not-found\?message=/);
    expect((await post(`/${b.slug}/admin/products/new`, b.cookie, { ...product, nameRo: 'Furat' })).status).toBe(404);

    expect(await publicMenu(a.slug)).toBe(menuOfA);
    const guest = await post(`/${a.slug}/admin?index`, '', { intent: 'create-location', nameRo: 'X' });
    expect(guest.headers.get('location')).toMatch(/^\/login\?redirect=/);
  });

  it('refuses a bad upload with a translated reason and keeps a good one, by content not by name', async () => {
    const owner = await registerOwner(baseUrl, 'uploads');
    const upload = (bytes: Buffer, name: string, type: string, lang = 'ro') => {
      const form = new FormData();
      form.set('kind', 'product');
      form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(`${baseUrl}/${owner.slug}/admin/images`, { method: 'POST', body: form, headers: { cookie: `${owner.cookie}; lang=${lang}`, origin: baseUrl } });
    };
    // the five bad files, each named and labelled as an image, in both languages
    const bad: [string, Buffer, string, string, Record<string, number>?][] = [
      ['poza.jpg', Buffer.from('nu sunt o poză'), 'image/jpeg', 'image-unsupported'],
      ['jumatate.jpg', (await noisyJpeg(800, 600)).subarray(0, 40_000), 'image/jpeg', 'image-corrupt'],
      ['urias.png', pngClaiming(20_000, 20_000), 'image/png', 'image-too-many-pixels', { width: 20_000, height: 20_000, maxMegapixels: 50 }],
      ['logo.svg', svgWithScript, 'image/svg+xml', 'image-unsupported'],
      ['mare.jpg', Buffer.concat([await photoJpeg(64, 64), Buffer.alloc(30 * 1024 * 1024)]), 'image/jpeg', 'image-too-large', { sizeMb: 30, maxMb: 15 }],
    ];
    for (const [name, bytes, type, code, params] of bad) {
      for (const lang of ['ro', 'en'] as const) {
        const refused = await upload(bytes, name, type, lang);
        expect(refused.status, `${name} ${lang}`).toBeGreaterThanOrEqual(400);
        const error = getI18n(lang).t(`appErrors.${code}`, params ?? {});
        expect(error, 'every placeholder filled').not.toContain('{{');
        expect(await refused.json(), `${name} ${lang}`).toEqual({ code, error });
      }
    }
    const text = await upload(Buffer.from('nu sunt o poză'), 'poza.jpg', 'image/jpeg');
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: 'image-unsupported', error: 'Fișierul nu este o imagine acceptată. Încarcă o fotografie JPEG, PNG, WebP, AVIF sau GIF.' });
    const db = openServerDatabase();
    const stored = await db
      .selectFrom('storedImage')
      .innerJoin('restaurant', 'restaurant.id', 'storedImage.restaurantId')
      .select('storedImage.id')
      .where('restaurant.slug', '=', owner.slug)
      .execute();
    await db.destroy();
    expect(stored).toEqual([]);
    const good = await upload(await photo(), 'anything.txt', 'text/plain');
    expect(good.status).toBe(200);
    const { image } = (await good.json()) as { image: { url: string; srcSet: string } };
    expect(image.url).toMatch(/^\/uploads\/r\/[\w-]{8}\/[\w-]{12}\/image\.jpg$/);
    const served = await fetch(`${baseUrl}${image.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const crossSite = await fetch(`${baseUrl}/${owner.slug}/admin/images`, {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses a product past the free plan’s 50 with the upgrade message, and shows the prompt', async () => {
    const owner = await registerOwner(baseUrl, 'plan-limit');
    const json = async (response: Response) => (await response.json()) as unknown;
    expect((await post(`/${owner.slug}/admin?index`, owner.cookie, { intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
    const page = await (await fetch(`${baseUrl}/${owner.slug}/admin/products/new`, { headers: { cookie: owner.cookie } })).text();
    holds(page, 'Produs nou').toBe(true);
    // a category to put them in, then 50 products straight through the form's action
    await post(`/${owner.slug}/admin?index`, owner.cookie, { intent: 'create-category', nameRo: 'Toate', visible: 'on', locationId: await firstLocationId(owner) });
    const categoryId = await firstCategoryId(owner);
    for (let i = 1; i <= 50; i++) {
      const response = await post(`/${owner.slug}/admin/products/new`, owner.cookie, { categoryId, nameRo: `Produs ${i}`, price: '10', available: 'on', visible: 'on' });
      expect(response.status, `product ${i}`).toBe(302);
    }
    const refused = await post(`/${owner.slug}/admin/products/new.data`, owner.cookie, { categoryId, nameRo: 'Al 51-lea', price: '10' });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await json(refused))).toContain('Ai atins limita de 50 de produse a planului gratuit. Treci la PRO pentru produse nelimitate.');
    const admin = await (await fetch(`${baseUrl}/${owner.slug}/admin`, { headers: { cookie: owner.cookie } })).text();
    holds(admin, 'Treci la PRO ca meniul să rămână online').toBe(true);
    holds(admin, 'Mai poți adăuga 0 produse din 50.').toBe(true);
    holds(admin, 'Mai ai 60 de zile de probă.').toBe(true);

    // the prompt's link: the plan as it stands, and how to move to PRO at the configured prices
    const subscription = await (await fetch(`${baseUrl}/restaurant/${owner.slug}/settings/subscription`, { headers: { cookie: owner.cookie } })).text();
    holds(subscription, 'Perioadă de probă').toBe(true);
    holds(subscription, 'Mai ai 60 de zile de probă.').toBe(true);
    holds(subscription, 'Produse în meniu: 50 din 50.').toBe(true);
    holds(subscription, 'PRO costă 57,30\u00a0RON pe lună sau 573,00\u00a0RON pe an.').toBe(true);
    holds(subscription, 'Treci la PRO ca meniul să rămână online').toBe(false);
  });

  async function firstLocationId(owner: { slug: string; cookie: string }) {
    const html = await (await fetch(`${baseUrl}/${owner.slug}/admin`, { headers: { cookie: owner.cookie } })).text();
    return /\?location=([0-9a-f-]{36})/.exec(html)![1]!;
  }

  async function firstCategoryId(owner: { slug: string; cookie: string }) {
    const html = await (await fetch(`${baseUrl}/${owner.slug}/admin/products/new`, { headers: { cookie: owner.cookie } })).text();
    return /<option value="([0-9a-f-]{36})"/.exec(html)![1]!;
  }
});
