import { mkdirSync } from 'node:fs';
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, instantOf, localMoment } from '#app/modules/restaurant/local-time.ts';
import { buildLocation } from '#tests/factories/builders.ts';
import { buildOrderingSettings } from '#tests/factories/orders.ts';
import { DESKTOP, isHydrated, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { latestAttachmentTo } from './outbox.ts';
import { browserCookies, registerOwner } from './accounts.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 25 item 5: a guest on a phone books a table from the menu's link; the staff's list, open on
 * a desktop, shows the request without a reload; the staff accepts; the guest's page says so; the
 * e-mail's calendar file in the outbox is read by ical.js. The form, the guest's page and the
 * staff's list pass axe and are photographed in both languages at both widths.
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browserOf = useBrowser();
const shots = 'test-results/screenshots';
beforeAll(() => mkdirSync(shots, { recursive: true }));

const TZ = 'Europe/Bucharest';
const ALL_DAY = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['00:00', '24:00']]])));

let ownerContext: BrowserContext;
let owner: Page;
let guestContext: BrowserContext;
let guest: Page;
let slug: string;
const email = `ana-${Date.now()}@example.com`;
const tomorrow = addDays(localMoment(Date.now(), TZ).date, 1);
/** Ana's reservation page (the first test's), without its query */
let firstStatusUrl = '';
afterAll(async () => {
  await guestContext?.close();
  await ownerContext?.close();
});

/** What the owner would set in the settings: hours every day, reservations on at the location. */
async function openForReservations(restaurantSlug: string): Promise<void> {
  const db = openServerDatabase();
  try {
    const { id } = await db.selectFrom('restaurant').select('id').where('slug', '=', restaurantSlug).executeTakeFirstOrThrow();
    const location = buildLocation(id, { nameRo: 'Terasă', nameEn: 'Terrace' });
    await db.insertInto('location').values(location).execute();
    await db
      .insertInto('orderingSettings')
      .values(buildOrderingSettings(id, location.id, { ordersEnabled: 0, reservationsEnabled: 1, maxPartySize: 6, leadMinutes: 0, daysAhead: 14, capacityPerSlot: 2 }))
      .execute();
    // a change guests see moves the menu's version (the render cache renders afresh)
    await db
      .updateTable('restaurant')
      .set((eb) => ({ openingHours: ALL_DAY, menuVersion: eb('menuVersion', '+', 1) }))
      .where('id', '=', id)
      .execute();
  } finally {
    await db.destroy();
  }
}

/** A mark on the page's window: still there later only if the page did not reload. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
const isSamePage = (page: Page) => page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true);

async function shoot(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.screenshot({ path: `${shots}/reservations-${name}-${viewport.width}.png`, fullPage: true });
}

describe('a reservation from the menu to the staff’s answer', () => {
  it('a guest books on a phone; the staff’s list shows it live; accept; the e-mail’s calendar file parses', async () => {
    const registered = await registerOwner(baseUrl, 'rezervari-bistro');
    slug = registered.slug;
    await openForReservations(slug);
    // the staff's list, open on a desktop before the guest comes
    ownerContext = await openContext(browserOf(), baseUrl, { viewport: DESKTOP, locale: 'ro' });
    await ownerContext.addCookies(browserCookies(registered.cookie, baseUrl));
    await ownerContext.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    owner = await ownerContext.newPage();
    owner.setDefaultTimeout(20_000);
    await owner.goto(`/${slug}/admin/reservations?date=${tomorrow}`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => isHydrated(owner, 'h2'), { timeout: 20_000 }).toBe(true);
    await owner.getByTestId('no-reservations').waitFor();
    expect(await seriousAxeViolations(owner)).toEqual([]);

    guestContext = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    guest = await guestContext.newPage();
    guest.setDefaultTimeout(20_000);
    await guest.goto(`/${slug}`);
    await guest.getByRole('link', { name: 'Rezervă o masă' }).click();
    await guest.getByRole('heading', { name: /Rezervă o masă la/ }).waitFor();
    expect(await seriousAxeViolations(guest)).toEqual([]);
    // another day: the GET form reloads the day's free times
    await guest.getByLabel('Ziua').fill(tomorrow);
    await guest.getByRole('button', { name: 'Arată orele libere' }).click();
    await guest.getByText('19:00', { exact: true }).click();
    await guest.getByLabel('Câte persoane').selectOption('3');
    await guest.getByLabel('Numele').fill('Ana <b>Pop</b> 🍷');
    await guest.getByLabel('Telefonul').fill('0722 123 456');
    await guest.getByLabel('Adresa de e-mail (opțional)').fill(email);
    await guest.getByLabel('Mențiuni (opțional)').fill('Un scaun pentru copil');
    await guest.getByRole('button', { name: 'Trimite cererea' }).click();
    await expect.poll(() => guest.getByTestId('reservation-status').getAttribute('data-status')).toBe('requested');
    expect(await guest.getByText('Ana <b>Pop</b> 🍷').count()).toBe(1);
    expect(await seriousAxeViolations(guest)).toEqual([]);

    // the staff's list, without a reload
    const row = owner.getByTestId('staff-reservation');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain('Ana <b>Pop</b> 🍷');
    // the guest's page stays open on the phone: a mark on its window survives only if it does not reload
    await markPage(guest);
    await row.getByRole('button', { name: 'Acceptă' }).click();
    await toast(owner, 'Rezervarea este acceptată.');
    await expect.poll(() => row.getAttribute('data-status')).toBe('accepted');

    // the guest's page follows without a reload (its live stream), the words are the page's own
    await expect.poll(() => guest.getByTestId('reservation-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('accepted');
    expect(await guest.getByTestId('reservation-status').textContent()).toContain('Rezervarea este confirmată. Te așteptăm!');
    expect(await isSamePage(guest)).toBe(true);
    expect(await seriousAxeViolations(guest)).toEqual([]);

    // the e-mail's calendar file, as the worker wrote it to the outbox, read by a calendar parser
    await expect.poll(() => latestAttachmentTo(dataDir, email, 'rezervare.ics'), { timeout: 20_000 }).toBeTruthy();
    const calendar = new ICAL.Component(ICAL.parse(latestAttachmentTo(dataDir, email, 'rezervare.ics')!));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.summary).toMatch(/^Rezervare la /);
    expect(event.location).toContain('Terasă');
    expect(event.startDate.toJSDate().getTime()).toBe(instantOf(tomorrow, 19 * 60, TZ));
  });

  it('the form, the guest’s page and the staff’s list in both languages at both widths', async () => {
    const statusUrl = guest.url().split('?')[0]!;
    firstStatusUrl = statusUrl;
    for (const locale of ['ro', 'en'] as const) {
      await guest.goto(`/${slug}/rezervare?lang=${locale}&date=${tomorrow}`);
      await guest.getByRole('heading', { name: locale === 'en' ? /Book a table at/ : /Rezervă o masă la/ }).waitFor();
      expect(await guest.locator('html').getAttribute('lang')).toBe(locale);
      expect(await seriousAxeViolations(guest)).toEqual([]);
      for (const viewport of [PHONE, DESKTOP]) await shoot(guest, `form-${locale}`, viewport);
      await guest.goto(`${statusUrl}?lang=${locale}`);
      await guest.getByTestId('reservation-status').waitFor();
      for (const viewport of [PHONE, DESKTOP]) await shoot(guest, `status-${locale}`, viewport);

      await ownerContext.addCookies([{ name: 'lang', value: locale, url: baseUrl }]);
      await owner.goto(`/${slug}/admin/reservations?date=${tomorrow}`);
      await owner.getByRole('heading', { name: locale === 'en' ? 'Reservations' : 'Rezervări', level: 2 }).waitFor();
      expect(await seriousAxeViolations(owner)).toEqual([]);
      // and at a phone's width, where the staff mostly hold it (issue 26: axe on the staff's pages at 390 px)
      await owner.setViewportSize(PHONE);
      expect(await seriousAxeViolations(owner), `the staff's list, ${locale}, 390 px`).toEqual([]);
      for (const viewport of [PHONE, DESKTOP]) await shoot(owner, `staff-${locale}`, viewport);
    }
  });

  it('in English on a phone: the staff accept another request; the guest’s page says so without a reload', async () => {
    await guest.setViewportSize(PHONE);
    await guest.goto(`/${slug}/rezervare?lang=en&date=${tomorrow}`);
    // the live script is the status page's alone
    expect(await guest.locator('script[src*="live-status"]').count()).toBe(0);
    await guest.getByText('20:00', { exact: true }).click();
    await guest.getByLabel('How many people').selectOption('2');
    await guest.getByLabel('Name', { exact: true }).fill('Ion Ionescu');
    await guest.getByLabel('Phone', { exact: true }).fill('0733 222 111');
    await guest.getByRole('button', { name: 'Send the request' }).click();
    await expect.poll(() => guest.getByTestId('reservation-status').getAttribute('data-status')).toBe('requested');
    expect(await guest.locator('html').getAttribute('lang')).toBe('en');
    expect(await guest.getByTestId('reservation-status').textContent()).toContain('Waiting for confirmation');
    expect(await guest.locator('script[src*="live-status"]').count()).toBe(1);
    // without JavaScript a waiting request refreshes itself; with it, nothing refreshes the page
    expect(await guest.locator('noscript').count()).toBe(1);
    expect(await guest.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await markPage(guest);

    await ownerContext.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    await owner.goto(`/${slug}/admin/reservations?date=${tomorrow}`);
    const row = owner.getByTestId('staff-reservation').filter({ hasText: 'Ion Ionescu' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('accepted');

    await expect.poll(() => guest.getByTestId('reservation-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('accepted');
    expect(await guest.getByTestId('reservation-status').textContent()).toContain('Your reservation is confirmed. See you soon!');
    expect(await isSamePage(guest)).toBe(true);
    expect(await seriousAxeViolations(guest)).toEqual([]);
    await shoot(guest, 'status-live-en', PHONE);
  });

  it('a guest cancels by pressing the button; a cross-site form sent with an opaque origin cannot (issue 33 item 9)', async () => {
    // Ion's page, open on the phone since the last test: the button as the guest presses it
    const ionStatusUrl = guest.url().split('?')[0]!;
    const status = () => guest.getByTestId('reservation-status').getAttribute('data-status');
    expect(await status()).toBe('accepted');
    // another site's page with the same policy the guest's page had: Chromium sends `Origin: null`
    // and `Sec-Fetch-Site: cross-site`; the same-origin rule refuses it and nothing changes
    const attacker = await guestContext.newPage();
    await attacker.route('https://elsewhere.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><meta name="referrer" content="no-referrer"><form method="post" action="${new URL(ionStatusUrl, baseUrl).href}"><input type="hidden" name="intent" value="cancel"><button>Win a dinner</button></form>`,
      }),
    );
    await attacker.goto('https://elsewhere.example/prize');
    const [forged] = await Promise.all([
      attacker.waitForResponse((response) => response.request().method() === 'POST'),
      attacker.getByRole('button', { name: 'Win a dinner' }).click(),
    ]);
    expect(forged.status()).toBe(403);
    expect(await forged.request().headerValue('origin')).toBe('null');
    await attacker.close();
    await guest.reload();
    expect(await status()).toBe('accepted');

    await guest.getByRole('button', { name: 'Cancel my reservation' }).click();
    await expect.poll(status).toBe('cancelled');
    expect(await guest.getByTestId('reservation-status').textContent()).toContain('You cancelled the reservation.');
    expect(await guest.getByRole('button', { name: 'Cancel my reservation' }).count()).toBe(0);

    // a form of one of our own pages whose policy is no-referrer (as this page's was) sends
    // `Origin: null` with `Sec-Fetch-Site: same-origin`: the guard lets the browser's word through
    await guest.goto(`${firstStatusUrl}?lang=ro`);
    expect(await status()).toBe('accepted');
    await guest.evaluate(() => {
      const meta = document.createElement('meta');
      meta.name = 'referrer';
      meta.content = 'no-referrer';
      document.head.append(meta);
    });
    const [own] = await Promise.all([
      guest.waitForResponse((response) => response.request().method() === 'POST'),
      guest.getByRole('button', { name: 'Anulează rezervarea' }).click(),
    ]);
    expect(await own.request().headerValue('origin')).toBe('null');
    await expect.poll(status).toBe('cancelled');
    expect(await guest.getByTestId('reservation-status').textContent()).toContain('Ai anulat rezervarea.');
  });
});
