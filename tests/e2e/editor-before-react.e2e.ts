import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDishes, browserCookies, ownerWithCategories, ownerWithDishes } from './accounts.ts';
import { DESKTOP, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 26, decision 0033: the menu editor is HTML with a small script of its own; React starts
 * only when the owner reaches for what needs it. Before that, sold out, show / hide and delete work
 * at once from the page's script; whatever else the owner clicks starts React and is carried out
 * there, once, with nothing lost; and React then shows what was saved meanwhile.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const publicMenu = async (slug: string) => (await fetch(`${baseUrl}/${slug}`)).text();

/** An owner's editor, signed in, consent given, its console errors collected (a failed hydration is one). */
async function openEditor(cookie: string, slug: string, viewport = PHONE) {
  const context = await openContext(browserOf(), baseUrl, { viewport, locale: 'ro' });
  await context.addCookies(browserCookies(cookie, baseUrl));
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/${slug}/admin`);
  return { context, page, errors };
}

const reactRunning = (page: Page) => page.evaluate(() => (window as { reactOnDemand?: { running: boolean } }).reactOnDemand?.running === true);
/** React Router's route modules, set only once its scripts have run */
const reactRouterLoaded = (page: Page) => page.evaluate(() => '__reactRouterRouteModules' in window);
const rowOf = (page: Page, name: string) => page.locator(`[data-product-id][data-name="${name}"]`);

/** A finger on a phone's editor (touch events through DevTools), and the dishes as the owner sees them. */
async function fingerOn(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  return {
    /** a finger pressed on a handle, moved in small steps by `dy` pixels, lifted */
    swipe: async (handleName: string, dy: number) => {
      const handle = page.getByRole('button', { name: handleName, exact: true });
      // the handle in the middle of the screen, as the owner would have scrolled to it
      await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      // where it comes to rest: rows still sliding into their places after the previous drop move it
      await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
      const box = (await handle.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= 12; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * step) / 12 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    },
    /** the dishes top to bottom as the owner sees them, once every row has slid into place; none overlapping */
    seen: async () => {
      await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
      const rows = await page
        .locator('[data-product-id]:visible')
        .evaluateAll((found) =>
          found
            .map((row) => ({ name: row.getAttribute('data-name'), top: row.getBoundingClientRect().top, bottom: row.getBoundingClientRect().bottom }))
            .sort((a, b) => a.top - b.top),
        );
      rows.slice(1).forEach((row, i) => expect(row.top, `${row.name} overlaps ${rows[i]!.name}`).toBeGreaterThanOrEqual(rows[i]!.bottom - 1));
      return rows.map((row) => row.name);
    },
  };
}

describe('the menu editor before React starts', () => {
  it('marks sold out, hides and deletes at once on a phone, with React never started, and the guests see it', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'inainte-de-react', ['Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește']);
    const { context, page, errors } = await openEditor(cookie, slug);

    // sold out: the row flips at once, the server's answer is the toast, the guests' menu follows
    await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Ciorbă de burtă', exact: true }).click();
    await toast(page, 'Marcat epuizat.');
    const soldOut = page.getByRole('button', { name: 'Epuizat; marchează disponibil: Ciorbă de burtă', exact: true });
    expect(await soldOut.textContent()).toBe('Epuizat');
    expect(await publicMenu(slug)).toContain('class="dish-off"');
    // by keyboard too: Enter on the focused button, the focus stays on it with its new name
    await soldOut.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Marcat disponibil.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Disponibil; marchează epuizat: Ciorbă de burtă');
    expect(await publicMenu(slug)).not.toContain('class="dish-off"');

    // hide a dish, then its category: the "hidden" marks appear, the guests no longer see them
    await page.getByRole('button', { name: 'Ascunde din meniu: Borș de pește', exact: true }).click();
    await toast(page, 'Ascuns din meniu.');
    expect(await rowOf(page, 'Borș de pește').getAttribute('data-visible')).toBe('false');
    expect(await rowOf(page, 'Borș de pește').locator('[data-hidden-badge]').textContent()).toBe('Ascuns');
    expect(await publicMenu(slug)).not.toContain('Borș de pește');
    await page.getByRole('button', { name: 'Ascunde din meniu: Ciorbe', exact: true }).click();
    await toast(page, 'Ascuns din meniu.');
    expect(await page.getByRole('button', { name: 'Arată în meniu: Ciorbe', exact: true }).count()).toBe(1);
    expect(await publicMenu(slug)).not.toContain('Ciorbă de burtă');
    await page.getByRole('button', { name: 'Arată în meniu: Ciorbe', exact: true }).click();
    await toast(page, 'Acum se vede în meniu.');

    // delete asks first, in a modal dialog: "no" keeps the dish, "yes" removes it
    await rowOf(page, 'Ciorbă de perișoare').getByRole('button', { name: 'Șterge produsul' }).click();
    const dialog = page.getByRole('dialog', { name: 'Șterge produsul' });
    expect(await dialog.textContent()).toContain('Ștergi produsul „Ciorbă de perișoare”?');
    await dialog.getByRole('button', { name: 'Renunță' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await rowOf(page, 'Ciorbă de perișoare').isVisible()).toBe(true);
    await rowOf(page, 'Ciorbă de perișoare').getByRole('button', { name: 'Șterge produsul' }).click();
    await dialog.getByRole('button', { name: 'Da, șterge' }).click();
    await toast(page, 'Produsul a fost șters.');
    expect(await rowOf(page, 'Ciorbă de perișoare').isVisible()).toBe(false);
    expect(await publicMenu(slug)).not.toContain('Ciorbă de perișoare');

    // all of it without React: no module of React Router's has run
    expect(await reactRunning(page)).toBe(false);
    expect(await reactRouterLoaded(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // a reload shows what was saved
    await page.reload();
    expect(await rowOf(page, 'Ciorbă de perișoare').count()).toBe(0);
    expect(await rowOf(page, 'Borș de pește').getAttribute('data-visible')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('flips a refused change back and says why', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'refuz-inainte', ['Ciorbă de burtă']);
    const { context, page, errors } = await openEditor(cookie, slug);
    // the dish is deleted elsewhere (another phone) while this page shows it
    const id = await rowOf(page, 'Ciorbă de burtă').getAttribute('data-product-id');
    const deleted = await fetch(`${baseUrl}/${slug}/admin/menu-actions`, {
      method: 'POST',
      body: new URLSearchParams({ intent: `delete-product:${id}` }),
      headers: { cookie, origin: baseUrl },
    });
    expect(deleted.status).toBe(200);
    await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Ciorbă de burtă', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid="toast"][data-type="error"]').count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent()).not.toBe('');
    // flipped back: the page does not claim a change that was not made
    expect(await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Ciorbă de burtă', exact: true }).textContent()).toBe('Disponibil');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it('reorders dishes and categories by dragging before React (a finger on a phone), says where they went, and React takes the order over', async () => {
    const { cookie, slug, categoryIds, post } = await ownerWithCategories(baseUrl, 'trage-inainte', ['Ciorbe', 'Deserturi']);
    await addDishes(post, slug, categoryIds[0]!, ['Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește']);
    await addDishes(post, slug, categoryIds[1]!, ['Papanași']);
    const { context, page, errors } = await openEditor(cookie, slug);
    const { swipe, seen } = await fingerOn(page);
    const rowHeight = (await rowOf(page, 'Ciorbă de burtă').boundingBox())!.height;

    // the first dish dragged below the third: it follows the finger, the others make room
    await swipe('Trage pentru a muta: Ciorbă de burtă', rowHeight * 2.2);
    await toast(page, 'Ordinea a fost salvată.');
    expect(await page.locator('[aria-live="assertive"][data-before-react]').textContent()).toBe('Ai mutat „Ciorbă de burtă” pe poziția 3 din 3.');
    await expect.poll(seen).toEqual(['Ciorbă de perișoare', 'Borș de pește', 'Ciorbă de burtă', 'Papanași']);
    let menu = await publicMenu(slug);
    expect(menu.indexOf('Borș de pește')).toBeLessThan(menu.indexOf('Ciorbă de burtă'));
    // the ends of the list: the dish now first cannot go up, the one now last cannot go down
    expect(await page.getByRole('button', { name: 'Mută mai sus: Ciorbă de perișoare', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mută mai jos: Ciorbă de burtă', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mută mai jos: Ciorbă de perișoare', exact: true }).isDisabled()).toBe(false);

    // a second drag on the order as shown: the last dish back to the top
    await swipe('Trage pentru a muta: Ciorbă de burtă', -rowHeight * 2.2);
    await toast(page, 'Ordinea a fost salvată.');
    await expect.poll(seen).toEqual(['Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește', 'Papanași']);

    // a whole category: "Deserturi" above "Ciorbe", its dishes with it
    const categories = await page.getByRole('button', { name: 'Trage pentru a muta: Ciorbe', exact: true }).boundingBox();
    const desserts = await page.getByRole('button', { name: 'Trage pentru a muta: Deserturi', exact: true }).boundingBox();
    await swipe('Trage pentru a muta: Deserturi', categories!.y - desserts!.y - 10);
    await toast(page, 'Ordinea a fost salvată.');
    await expect.poll(seen).toEqual(['Papanași', 'Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește']);
    menu = await publicMenu(slug);
    expect(menu.indexOf('Papanași')).toBeLessThan(menu.indexOf('Ciorbă de burtă'));
    // refused: a dish deleted on another phone meanwhile, so this page's order is not the menu's; the rows go back
    const id = await rowOf(page, 'Borș de pește').getAttribute('data-product-id');
    const deleted = await fetch(`${baseUrl}/${slug}/admin/menu-actions`, {
      method: 'POST',
      body: new URLSearchParams({ intent: `delete-product:${id}` }),
      headers: { cookie, origin: baseUrl },
    });
    expect(deleted.status).toBe(200);
    await swipe('Trage pentru a muta: Ciorbă de perișoare', -rowHeight * 1.2);
    await expect.poll(() => page.locator('[data-testid="toast"][data-type="error"]').count(), { timeout: 5_000 }).toBe(1);
    await expect.poll(seen).toEqual(['Papanași', 'Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește']);
    expect(await page.getByRole('button', { name: 'Mută mai sus: Ciorbă de burtă', exact: true }).isDisabled()).toBe(true);

    // a press without a move is no drag, and nothing of it started React
    await swipe('Trage pentru a muta: Papanași', 0);
    expect(await reactRunning(page)).toBe(false);
    expect(await reactRouterLoaded(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // React starts when a keyboard reaches a handle (Tab from the dish above): it draws the rows in the
    // order shown, without the stand-in transforms, then the menu as saved (the dish deleted elsewhere gone)
    await rowOf(page, 'Ciorbă de burtă').getByRole('button', { name: 'Șterge produsul' }).focus();
    expect(await reactRunning(page)).toBe(false);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Trage pentru a muta: Ciorbă de perișoare');
    await expect.poll(() => reactRunning(page), { timeout: 20_000 }).toBe(true);
    const saved = ['Papanași', 'Ciorbă de burtă', 'Ciorbă de perișoare'];
    await expect.poll(() => page.locator('[data-product-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')))).toEqual(saved);
    expect(await seen()).toEqual(saved);
    expect(await page.locator('[data-sortable-id]').evaluateAll((rows) => rows.filter((row) => (row as HTMLElement).style.transform !== '').length)).toBe(0);
    await page.reload();
    expect(await seen()).toEqual(saved);
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it('keeps a dragged order in place when a row above is deleted and when the phone turns', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'trage-sterge', ['Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește']);
    const { context, page, errors } = await openEditor(cookie, slug);
    const { swipe, seen } = await fingerOn(page);
    /** the rows one under the other, no gap between them (the list draws them edge to edge) */
    const closed = async () => {
      const rows = await page.locator('[data-product-id]:visible').evaluateAll((found) =>
        found
          .map((row) => row.getBoundingClientRect())
          .sort((a, b) => a.top - b.top)
          .map(({ top, bottom }) => ({ top, bottom })),
      );
      return rows.slice(1).every((row, i) => Math.abs(row.top - rows[i]!.bottom) <= 1);
    };
    const rowHeight = (await rowOf(page, 'Ciorbă de burtă').boundingBox())!.height;
    await swipe('Trage pentru a muta: Borș de pește', -rowHeight * 2.2);
    await toast(page, 'Ordinea a fost salvată.');
    expect(await seen()).toEqual(['Borș de pește', 'Ciorbă de burtă', 'Ciorbă de perișoare']);
    expect(await closed()).toBe(true);
    // the dish drawn above the moved one deleted before React: the others close the gap in the order shown
    await rowOf(page, 'Ciorbă de burtă').getByRole('button', { name: 'Șterge produsul' }).click();
    await page.getByRole('dialog', { name: 'Șterge produsul' }).getByRole('button', { name: 'Da, șterge' }).click();
    await toast(page, 'Produsul a fost șters.');
    expect(await seen()).toEqual(['Borș de pește', 'Ciorbă de perișoare']);
    expect(await closed()).toBe(true);
    // a wider screen (the phone turned): the rows re-placed for their new heights
    await page.setViewportSize({ width: 844, height: 390 });
    expect(await seen()).toEqual(['Borș de pește', 'Ciorbă de perișoare']);
    expect(await closed()).toBe(true);
    expect(await reactRunning(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts React for what only React does, carries the click out there once, and shows what was saved before', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'porneste-react', ['Ciorbă de burtă', 'Ciorbă de perișoare', 'Borș de pește']);
    const { context, page, errors } = await openEditor(cookie, slug, DESKTOP);
    // a change before React …
    await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Borș de pește', exact: true }).click();
    await toast(page, 'Marcat epuizat.');
    expect(await reactRunning(page)).toBe(false);

    // … then "move down", which React's list does: React starts and the move is made once
    await page.getByRole('button', { name: 'Mută mai jos: Ciorbă de burtă', exact: true }).click();
    await expect.poll(() => reactRunning(page), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => page.locator('[data-product-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name'))))
      .toEqual(['Ciorbă de perișoare', 'Ciorbă de burtă', 'Borș de pește']);
    const menu = await publicMenu(slug);
    expect(menu.indexOf('Ciorbă de perișoare')).toBeLessThan(menu.indexOf('Ciorbă de burtă'));

    // React shows the sold-out mark made before it, and its own buttons answer from now on
    const soldOut = page.getByRole('button', { name: 'Epuizat; marchează disponibil: Borș de pește', exact: true });
    expect(await soldOut.textContent()).toBe('Epuizat');
    await soldOut.click();
    await toast(page, 'Marcat disponibil.');
    expect(await page.getByRole('button', { name: 'Disponibil; marchează epuizat: Borș de pește', exact: true }).textContent()).toBe('Disponibil');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ticks a dish for the bulk bar from the first click, and keeps what is typed while React starts', async () => {
    const { cookie, slug } = await ownerWithDishes(baseUrl, 'bifa-inainte', ['Ciorbă de burtă', 'Borș de pește']);
    const { context, page, errors } = await openEditor(cookie, slug);
    const tick = page.getByRole('checkbox', { name: /Ciorbă de burtă/ });
    await tick.click();
    await expect.poll(() => tick.isChecked(), { timeout: 20_000 }).toBe(true);
    expect(await reactRunning(page)).toBe(true);
    await page.getByText('Produse selectate: 1').waitFor();

    // a fresh page: typing a new category's name at once (React starts on the focus) keeps every letter
    await page.reload();
    const field = page.getByLabel('Numele noii categorii');
    await field.click();
    await page.keyboard.type('Supe reci', { delay: 20 });
    await expect.poll(() => reactRunning(page), { timeout: 20_000 }).toBe(true);
    expect(await field.inputValue()).toBe('Supe reci');
    await page.getByRole('button', { name: 'Adaugă o categorie' }).click();
    await toast(page, 'Categoria a fost salvată.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
