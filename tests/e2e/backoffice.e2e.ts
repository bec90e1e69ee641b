import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { newId } from '#app/modules/demo/builders.ts';
import { browserCookies, registerOwner, sessionCookie } from './accounts.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;

async function adminPage(viewport = DESKTOP): Promise<Page> {
  const cookie = await sessionCookie(baseUrl, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
  const context = await openContext(browserOf(), baseUrl, { viewport });
  await context.addCookies(browserCookies(cookie, baseUrl));
  // the operator answered the cookie banner long ago (it is tested in consent.e2e.ts)
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'essential'));
  return context.newPage();
}

/** Clicks a button that opens a confirmation dialog, then the dialog's confirm button. */
async function confirm(page: Page, button: string, choose?: { label: string; option: string }) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (choose) await dialog.getByLabel(choose.label).selectOption({ label: choose.option });
  await dialog.getByRole('button', { name: 'Confirmă' }).click();
}

/** The settings' save asks first (prices and languages reach every visitor). */
async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Salvează setările' }).click();
  await page.getByRole('dialog', { name: 'Salvează setările' }).getByRole('button', { name: 'Confirmă' }).click();
}

async function toastText(page: Page): Promise<string> {
  return (await page.getByTestId('toast').textContent()) ?? '';
}

describe('the platform back office (/admin)', () => {
  it('finds an owner by e-mail, grants PRO for 6 months, deactivates and reactivates the restaurant', async () => {
    const owner = await registerOwner(baseUrl, 'backoffice-owner');
    const db = openServerDatabase();
    const { id: restaurantId, name } = await db.selectFrom('restaurant').select(['id', 'name']).where('slug', '=', owner.slug).executeTakeFirstOrThrow();
    const { email } = await db.selectFrom('user').select('email').where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow();

    const page = await adminPage();
    await page.goto('/admin/restaurants');
    await expect.poll(() => isHydrated(page, 'form[role=search] button')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Nume, adresă URL sau e-mailul proprietarului').fill(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('link', { name }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/restaurants/${restaurantId}`);
    await expect.poll(() => isHydrated(page, 'button')).toBe(true);
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    await confirm(page, 'Acordă PRO manual', { label: 'Durata', option: '6 luni' });
    await expect.poll(() => toastText(page)).toContain('are PRO până pe');
    const grant = await db.selectFrom('subscription').select(['endsAt', 'status']).where('restaurantId', '=', restaurantId).where('kind', '=', 'manual').executeTakeFirstOrThrow();
    const sixMonths = new Date();
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(Math.abs(Date.parse(grant.endsAt!) - sixMonths.getTime())).toBeLessThan(DAY_MS);
    await expect.poll(() => page.getByTestId('restaurant-plan').textContent()).toContain('PRO (manual)');

    // a guest on a phone, before, during and after the deactivation
    const guest = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const guestPage = await guest.newPage();
    await guestPage.goto(`/${owner.slug}`);
    expect(new URL(guestPage.url()).pathname).toBe(`/${owner.slug}`);

    await confirm(page, 'Dezactivează restaurantul');
    await expect.poll(() => toastText(page)).toContain('a fost dezactivat');
    await guestPage.goto(`/${owner.slug}`);
    expect(new URL(guestPage.url()).pathname).toBe('/not-found');
    expect(await guestPage.getByText('Acest restaurant nu există sau a fost dezactivat.').count()).toBe(1);

    await confirm(page, 'Reactivează restaurantul');
    await expect.poll(() => toastText(page)).toContain('a fost reactivat');
    await guestPage.goto(`/${owner.slug}`);
    expect(new URL(guestPage.url()).pathname).toBe(`/${owner.slug}`);
    expect(await guestPage.getByTestId('menu-inactive').count()).toBe(0);

    const actions = (await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', restaurantId).execute()).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['subscription.grant-manual-pro', 'restaurant.deactivate', 'restaurant.reactivate']));
    await db.destroy();
    await guest.close();
    await page.context().close();
  });

  it('reads a contact message, counted unread in the navigation, and marks it handled', async () => {
    const db = openServerDatabase();
    const id = newId();
    const text = `Bună ziua, aș vrea o demonstrație ${id.slice(0, 8)}.`;
    await db.insertInto('contactMessage').values({ id, name: 'Elena Pop', email: `elena-${id.slice(0, 8)}@example.com`, restaurantName: 'Casa Elena', message: text, locale: 'ro', emailedAt: null, clientKey: 'e2e', createdAt: new Date().toISOString() }).execute();

    const page = await adminPage(PHONE);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Administrare platformă' });
    expect(await nav.getByRole('link', { name: /Mesaje.*necitite/ }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await nav.getByRole('link', { name: /Mesaje/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/messages');
    const message = page.getByTestId('contact-message').filter({ hasText: text });
    await message.waitFor();
    expect(await message.getByRole('link', { name: 'Răspunde pe e-mail' }).getAttribute('href')).toMatch(/^mailto:elena-/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => isHydrated(page, '[data-testid=contact-message] button')).toBe(true);
    await message.getByRole('button', { name: 'Marchează ca rezolvat' }).click();
    await expect.poll(() => toastText(page)).toContain('marcat ca rezolvat');
    await expect.poll(() => page.getByTestId('contact-message').filter({ hasText: text }).count()).toBe(0);
    expect((await db.selectFrom('contactMessage').select(['readAt', 'handledAt']).where('id', '=', id).executeTakeFirstOrThrow()).handledAt).not.toBeNull();
    await db.destroy();
    await page.context().close();
  });

  it('changes availableLocales: the whole site follows at once, guests included', async () => {
    const page = await adminPage();
    await page.goto('/admin/settings');
    await expect.poll(() => isHydrated(page, 'form button[type=submit]')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // bad input: no language at all is refused and changes nothing
    await page.getByRole('checkbox', { name: 'Română' }).uncheck();
    await page.getByRole('checkbox', { name: 'Engleză' }).uncheck();
    await saveSettings(page);
    await expect.poll(() => page.getByText('Alege cel puțin o limbă: română sau engleză.').count()).toBe(1);

    await page.getByRole('checkbox', { name: 'Română' }).check();
    await saveSettings(page);
    await expect.poll(() => toastText(page)).toContain('Setările au fost salvate.');
    try {
      // a guest who chose English before: Romanian now, and no switch to a language the site no longer offers
      const guest = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'en' });
      const guestPage = await guest.newPage();
      await guestPage.goto('/');
      expect(await guestPage.locator('html').getAttribute('lang')).toBe('ro');
      expect(await guestPage.getByRole('button', { name: /English|engleză/i }).count()).toBe(0);
      await guest.close();
    } finally {
      await page.reload();
      await page.getByRole('checkbox', { name: 'Engleză' }).check();
      await saveSettings(page);
      await expect.poll(() => toastText(page)).toContain('Setările au fost salvate.');
    }
    const guest = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'en' });
    const guestPage = await guest.newPage();
    await guestPage.goto('/');
    expect(await guestPage.locator('html').getAttribute('lang')).toBe('en');
    await guest.close();
    await page.context().close();
  });

  it('has no serious axe findings on its pages, at phone and desktop width', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await adminPage(viewport);
      for (const path of ['/admin', '/admin?range=365', '/admin/restaurants?state=trial', '/admin/users', '/admin/audit', '/admin/jobs']) {
        await page.goto(path);
        expect(await seriousAxeViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
        // nothing wider than the screen but the tables' own scrolling regions
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }
  });
});
