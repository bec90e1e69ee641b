import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { newId } from '#app/modules/demo/builders.ts';
import { browserCookies, registerOwner, sessionCookie, sharedSessionCookie } from './accounts.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { toast } from './owner-session.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;

async function adminPage(viewport = DESKTOP): Promise<Page> {
  const cookie = await sharedSessionCookie(baseUrl, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
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

/** The focused element's accessible name, roughly: aria-label, else its label's text, else its own text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> | null };
    if (!element || element === document.body) return '';
    const label = element.labels?.[0]?.cloneNode(true) as HTMLLabelElement | undefined;
    // a label wrapping its control: its own text, without the control's (a select's options)
    label?.querySelectorAll('select, input, textarea').forEach((control) => control.remove());
    return (element.getAttribute('aria-label') ?? label?.textContent ?? element.textContent ?? '').trim();
  });
}

/** Presses Tab (Shift+Tab backwards) until the focused element's name matches; fails after `max` presses. */
async function tabTo(page: Page, name: string | RegExp, { backwards = false, max = 80 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    seen.push(focused);
  }
  throw new Error(`Tab never reached ${String(name)}; focus went through: ${seen.join(' | ')}`);
}

const insideDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

describe('the platform back office (/admin)', () => {
  it('finds an owner by e-mail, grants PRO for 6 months, deactivates and reactivates the restaurant', async () => {
    const owner = await registerOwner(baseUrl, 'backoffice-owner');
    const db = openServerDatabase();
    const { id: restaurantId, name } = await db.selectFrom('restaurant').select(['id', 'name']).where('slug', '=', owner.slug).executeTakeFirstOrThrow();
    const { email } = await db
      .selectFrom('user')
      .innerJoin('membership', 'membership.userId', 'user.id')
      .select('user.email')
      .where('membership.restaurantId', '=', restaurantId)
      .executeTakeFirstOrThrow();

    const page = await adminPage();
    await page.goto('/admin/restaurants');
    await expect.poll(() => isHydrated(page, 'form[role=search] button')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Nume, adresă URL sau e-mailul unui membru').fill(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('link', { name }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/restaurants/${restaurantId}`);
    await expect.poll(() => isHydrated(page, 'button')).toBe(true);
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    await confirm(page, 'Acordă PRO manual', { label: 'Durata', option: '6 luni' });
    await toast(page, 'are PRO până pe');
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
    await toast(page, 'a fost dezactivat');
    await guestPage.goto(`/${owner.slug}`);
    expect(new URL(guestPage.url()).pathname).toBe('/not-found');
    expect(await guestPage.getByText('Acest restaurant nu există sau a fost dezactivat.').count()).toBe(1);

    await confirm(page, 'Reactivează restaurantul');
    await toast(page, 'a fost reactivat');
    await guestPage.goto(`/${owner.slug}`);
    expect(new URL(guestPage.url()).pathname).toBe(`/${owner.slug}`);
    expect(await guestPage.getByTestId('menu-inactive').count()).toBe(0);

    const actions = (await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', restaurantId).execute()).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['subscription.grant-manual-pro', 'restaurant.deactivate', 'restaurant.reactivate']));
    await db.destroy();
    await guest.close();
    await page.context().close();
  });

  it('shows a restaurant’s team read only: members with their roles, only pending invitations, the role each actor acted in', async () => {
    const owner = await registerOwner(baseUrl, 'backoffice-team');
    const other = await registerOwner(baseUrl, 'backoffice-team-manager');
    const db = openServerDatabase();
    const userOf = (slug: string) =>
      db
        .selectFrom('user')
        .innerJoin('membership', 'membership.userId', 'user.id')
        .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
        .select(['user.id', 'user.email', 'restaurant.id as restaurantId'])
        .where('restaurant.slug', '=', slug)
        .executeTakeFirstOrThrow();
    const first = await userOf(owner.slug);
    const manager = await userOf(other.slug);
    const restaurantId = first.restaurantId;
    const now = Date.now();
    const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
    await db
      .insertInto('membership')
      .values({ id: newId(), restaurantId, userId: manager.id, role: 'manager', createdAt: at(-1), updatedAt: at(-1) })
      .execute();
    const tag = restaurantId.slice(0, 8);
    const invitation = (email: string, row: { expiresAt: string; revokedAt?: string }) => ({
      id: newId(),
      restaurantId,
      email,
      role: 'editor' as const,
      tokenHash: newId(),
      invitedBy: first.id,
      locale: 'ro',
      createdAt: at(-2),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
      ...row,
    });
    await db
      .insertInto('invitation')
      .values([
        invitation(`asteapta-${tag}@example.com`, { expiresAt: at(5) }),
        invitation(`expirata-${tag}@example.com`, { expiresAt: at(-1) }),
        invitation(`revocata-${tag}@example.com`, { expiresAt: at(5), revokedAt: at(-1) }),
      ])
      .execute();
    await db
      .insertInto('auditEvent')
      .values({
        id: newId(),
        createdAt: at(0),
        actorType: 'user',
        actorId: manager.id,
        actorEmail: manager.email,
        actorRole: 'manager',
        restaurantId,
        action: 'product.update',
        targetType: 'product',
        targetId: null,
        summary: '{}',
        requestId: null,
      })
      .execute();

    const page = await adminPage(PHONE);
    await page.goto(`/admin/restaurants/${restaurantId}`);
    const members = page.getByTestId('team-member');
    await expect.poll(() => members.count()).toBe(2);
    expect(await members.filter({ hasText: first.email }).textContent()).toContain('Proprietar');
    expect(await members.filter({ hasText: manager.email }).textContent()).toContain('Manager');
    expect(await page.getByText('Doar pentru citire: echipa restaurantului o gestionează proprietarii și managerii lui').count()).toBe(1);
    const invitations = page.getByTestId('team-invitation');
    expect(await invitations.count()).toBe(1);
    expect(await invitations.textContent()).toContain(`asteapta-${tag}@example.com`);
    expect(await invitations.textContent()).toContain(first.email);
    // read only: nothing on the team's cards acts
    expect(await page.locator('[data-testid^=team-] button').count()).toBe(0);
    // the menu's last change and the recent events both name the role the manager acted in
    expect(await page.getByText(`${manager.email} (Manager)`).count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // the list: the first owner and the count of the others; the manager's address finds both their restaurants
    await page.goto(`/admin/restaurants?q=${encodeURIComponent(first.email)}`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').textContent()).toContain('+ încă 1 membru');
    await page.goto(`/admin/restaurants?q=${encodeURIComponent(manager.email)}`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);

    // the log names the role; its CSV has a column of its own
    await page.goto(`/admin/audit?restaurant=${restaurantId}`);
    expect(await page.locator('tbody').getByText(`${manager.email} (Manager)`).count()).toBe(1);
    const cookie = await sharedSessionCookie(baseUrl, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    const csv = await (await fetch(`${baseUrl}/admin/audit.csv?restaurant=${restaurantId}`, { headers: { cookie } })).text();
    expect(csv.split('\r\n')[0]).toContain('actor,actorRole,');
    expect(csv).toContain(`${manager.email},manager,`);
    await db.destroy();
    await page.context().close();
  });

  it('still shows when an owner last signed in after they signed out', async () => {
    const owner = await registerOwner(baseUrl, 'backoffice-signout');
    const db = openServerDatabase();
    const { id, email } = await db
      .selectFrom('user')
      .innerJoin('membership', 'membership.userId', 'user.id')
      .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
      .select(['user.id', 'user.email'])
      .where('restaurant.slug', '=', owner.slug)
      .executeTakeFirstOrThrow();
    const signOut = async (cookie: string) => {
      const response = await fetch(`${baseUrl}/api/auth/sign-out`, { method: 'POST', headers: { cookie, origin: baseUrl, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(200);
    };
    // registered (signed in), out, in again with the password, out again: no session is left
    await signOut(owner.cookie);
    await signOut(await sessionCookie(baseUrl, email, 'parola-buna-1'));
    expect(await db.selectFrom('session').select('id').where('userId', '=', id).execute()).toEqual([]);
    await db.destroy();

    const page = await adminPage();
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const lastSignIn = page.locator('tbody tr td').nth(3);
    expect(await lastSignIn.textContent()).not.toContain('niciodată');
    expect(await lastSignIn.textContent()).toMatch(/\d/);
    await page.context().close();
  });

  it('reads a contact message, counted unread in the navigation, and marks it handled', async () => {
    const db = openServerDatabase();
    const id = newId();
    const text = `Bună ziua, aș vrea o demonstrație ${id.slice(0, 8)}.`;
    await db
      .insertInto('contactMessage')
      .values({
        id,
        name: 'Elena Pop',
        email: `elena-${id.slice(0, 8)}@example.com`,
        restaurantName: 'Casa Elena',
        message: text,
        locale: 'ro',
        emailedAt: null,
        clientKey: 'e2e',
        createdAt: new Date().toISOString(),
      })
      .execute();

    const page = await adminPage(PHONE);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Administrare platformă' });
    expect(await nav.getByRole('link', { name: /Mesaje.*\d+ (de )?(mesaj necitit|mesaje necitite)/ }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await nav.getByRole('link', { name: /Mesaje/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/messages');
    const message = page.getByTestId('contact-message').filter({ hasText: text });
    await message.waitFor();
    expect(await message.getByRole('link', { name: 'Răspunde pe e-mail' }).getAttribute('href')).toMatch(/^mailto:elena-/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => isHydrated(page, '[data-testid=contact-message] button')).toBe(true);
    await message.getByRole('button', { name: 'Marchează ca rezolvat' }).click();
    await toast(page, 'marcat ca rezolvat');
    await expect.poll(() => page.getByTestId('contact-message').filter({ hasText: text }).count()).toBe(0);
    expect((await db.selectFrom('contactMessage').select(['readAt', 'handledAt']).where('id', '=', id).executeTakeFirstOrThrow()).handledAt).not.toBeNull();

    // deleting (GDPR) removes the row in the same answer that brings the toast: the toast still shows
    await page.goto(`/admin/messages?show=all&q=${id.slice(0, 8)}`);
    await expect.poll(() => isHydrated(page, '[data-testid=contact-message] button')).toBe(true);
    await page.getByTestId('contact-message').filter({ hasText: text }).getByRole('button', { name: 'Șterge definitiv', exact: true }).click();
    await page.getByRole('dialog', { name: 'Șterge definitiv' }).getByRole('button', { name: 'Confirmă' }).click();
    await toast(page, 'Mesajul a fost șters.', 10_000);
    await expect.poll(() => page.getByTestId('contact-message').count()).toBe(0);
    expect(await db.selectFrom('contactMessage').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
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
    await toast(page, 'Setările au fost salvate.');
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
      await toast(page, 'Setările au fost salvate.');
    }
    const guest = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'en' });
    const guestPage = await guest.newPage();
    await guestPage.goto('/');
    expect(await guestPage.locator('html').getAttribute('lang')).toBe('en');
    await guest.close();
    await page.context().close();
  });

  it('works by keyboard alone: every page from the navigation, a restaurant found and opened, PRO granted through the dialog', async () => {
    const owner = await registerOwner(baseUrl, 'backoffice-keyboard');
    const db = openServerDatabase();
    const { id: restaurantId, name } = await db.selectFrom('restaurant').select(['id', 'name']).where('slug', '=', owner.slug).executeTakeFirstOrThrow();
    const { email } = await db
      .selectFrom('user')
      .innerJoin('membership', 'membership.userId', 'user.id')
      .select('user.email')
      .where('membership.restaurantId', '=', restaurantId)
      .executeTakeFirstOrThrow();
    const page = await adminPage(DESKTOP);
    await page.goto('/admin');
    await expect.poll(() => isHydrated(page, 'nav a')).toBe(true);

    // every page of the back office, from its navigation, in order and back to the overview
    const pages: [RegExp, string][] = [
      [/^Restaurante$/, '/admin/restaurants'],
      [/^Utilizatori$/, '/admin/users'],
      [/^Mesaje/, '/admin/messages'],
      [/^Setări$/, '/admin/settings'],
      [/^Jurnal de audit$/, '/admin/audit'],
      [/^Lucrări în fundal$/, '/admin/jobs'],
    ];
    for (const [link, path] of pages) {
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await tabTo(page, /^Privire de ansamblu$/, { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');

    // find the owner's restaurant by a fragment of the e-mail and open it
    await tabTo(page, /^Restaurante$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/restaurants');
    await tabTo(page, 'Nume, adresă URL sau e-mailul unui membru');
    await page.keyboard.type(email.split('@')[0]!);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await tabTo(page, name);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/restaurants/${restaurantId}`);
    await expect.poll(() => isHydrated(page, 'main button')).toBe(true);

    // the dialog takes focus, Escape closes it and gives focus back; then 6 months, confirmed
    await tabTo(page, 'Acordă PRO manual');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Acordă PRO manual' }).waitFor();
    expect(await insideDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focusedName(page)).toBe('Acordă PRO manual');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Acordă PRO manual' }).waitFor();
    // closed and asked again in one task, before the dialog's close event (Escape then Enter on a busy machine): it opens
    await page.evaluate(() => {
      document.querySelector('dialog')!.close();
      [...document.querySelectorAll('button')].find((button) => button.textContent === 'Acordă PRO manual')!.click();
    });
    await expect.poll(() => page.evaluate(() => document.querySelector('dialog')?.open ?? false)).toBe(true);
    await tabTo(page, 'Durata', { backwards: true, max: 5 });
    expect(await insideDialog(page)).toBe(true);
    await page.keyboard.type('6');
    expect(await page.getByRole('dialog').getByLabel('Durata').inputValue()).toBe('6');
    await tabTo(page, 'Confirmă', { max: 5 });
    expect(await insideDialog(page)).toBe(true);
    await page.keyboard.press('Enter');
    await toast(page, 'are PRO până pe');
    expect(await focusedName(page)).toBe('Acordă PRO manual');
    const grant = await db.selectFrom('subscription').select('endsAt').where('restaurantId', '=', restaurantId).where('kind', '=', 'manual').executeTakeFirstOrThrow();
    const sixMonths = new Date();
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(Math.abs(Date.parse(grant.endsAt!) - sixMonths.getTime())).toBeLessThan(DAY_MS);
    await db.destroy();
    await page.context().close();
  });

  it('has no serious axe findings on its pages, at phone and desktop width', async () => {
    const db = openServerDatabase();
    const { id: restaurantId } = await db.selectFrom('restaurant').select('id').orderBy('createdAt').executeTakeFirstOrThrow();
    await db.destroy();
    // each page loaded once and checked at both widths (the window resized: the same media queries decide)
    const page = await adminPage(PHONE);
    for (const path of [
      '/admin',
      '/admin?range=365',
      '/admin/restaurants?state=trial',
      `/admin/restaurants/${restaurantId}`,
      '/admin/users',
      '/admin/messages?show=all',
      '/admin/settings',
      '/admin/audit',
      '/admin/jobs',
    ]) {
      await page.setViewportSize(PHONE);
      await page.goto(path);
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(viewport.width);
        expect(await seriousAxeViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
        // nothing wider than the screen but the tables' own scrolling regions
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(0);
      }
    }
    await page.context().close();
  });
});
